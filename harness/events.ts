import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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
function follow<Ended>(file: string, onEvent: (event: RunEvent<Ended>) => void, everyMs = 100): { stop(): void } {
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

/** A run as its events tell it so far: the tests its runner plans (null: not yet said), the one under way, the errors outside any test. */
export interface Followed {
  planned: number | null;
  inFlight: string;
  errors: string[];
}

/**
 * Follows the run about to start through its events file, `onEnd` told each test that ends: the
 * file is emptied first, for the last run's events are in it until then.
 */
export function followRun<Ended>(file: string, onEnd: (ended: Ended) => void): { seen: Followed; stop(): void } {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  const seen: Followed = { planned: null, inFlight: '', errors: [] };
  const events = follow<Ended>(file, (event) => {
    if ('planned' in event) seen.planned = event.planned;
    if ('begin' in event) seen.inFlight = event.begin;
    if ('error' in event) seen.errors.push(event.error);
    if ('end' in event) onEnd(event.end);
  });
  return { seen, stop: () => events.stop() };
}
