import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * Progress as events: a reporter in Playwright's runner appends one JSON line per event to a file
 * the process that started the run follows (`faultline audit`, the matrices). Never text to match.
 */
export type RunEvent<Ended> = { planned: number } | { begin: string } | { end: Ended } | { error: string } | { done: string };

export function appendEvent<Ended>(file: string, event: RunEvent<Ended>): void {
  appendFileSync(file, `${JSON.stringify(event)}\n`);
}

/** How much of a log is whole lines: its writer may be appending one while it is read. */
export const completeLines = (text: string) => text.lastIndexOf('\n') + 1;

/** Reads the events appended to `file` as they come, every `everyMs`, whole lines only; `stop()` reads what is left. */
export function follow<Ended>(file: string, onEvent: (event: RunEvent<Ended>) => void, everyMs = 100): { stop(): void } {
  let at = 0;
  const read = () => {
    if (!existsSync(file)) return;
    const text = readFileSync(file, 'utf8');
    const whole = completeLines(text);
    for (const line of text.slice(at, whole).split('\n').filter(Boolean)) onEvent(JSON.parse(line) as RunEvent<Ended>);
    at = whole;
  };
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      read();
    },
  };
}
