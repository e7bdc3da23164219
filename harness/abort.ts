import { appendFileSync, existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { ENV } from '../contract';

export interface Abort {
  cause: string;
  /** When it happened (ISO): checks that ended later are not judged. */
  at: string;
  /** Checks (entry ids) that are not judged whenever they ended: the ones that showed the run could not judge. */
  notJudged?: string[];
  /** The part that broke, where the cause names one apart (an audit says `the browser: …`). */
  part?: string;
}

/** Says why the run (or the audit) cannot go on; does nothing outside a run faultline started. */
export function reportAbort(
  cause: string,
  { env = process.env, notJudged, part }: { env?: NodeJS.ProcessEnv; notJudged?: string[]; part?: string } = {},
): void {
  const file = env[ENV.abortFile];
  if (file)
    appendFileSync(
      file,
      `${JSON.stringify({ cause, at: new Date().toISOString(), ...(notJudged ? { notJudged } : {}), ...(part ? { part } : {}) } satisfies Abort)}\n`,
    );
}

/**
 * Creates `file` and calls `onAbort` with the first abort written to it. `rearm` empties it and
 * listens for a first abort again: what a discarded runner said is not the next runner's.
 */
export function watchAborts(file: string, onAbort: (abort: Abort) => void): { stop(): void; rearm(): void } {
  writeFileSync(file, '');
  let seen = false;
  const watcher = watch(file, () => {
    if (seen || !existsSync(file)) return;
    const [first] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    if (!first) return;
    seen = true;
    onAbort(JSON.parse(first) as Abort);
  });
  return {
    stop: () => watcher.close(),
    rearm() {
      writeFileSync(file, '');
      seen = false;
    },
  };
}

/**
 * The run's causes to stop passed on with one rule: while the app server is starting, a cause waits
 * for it, and a server that fails to serve is the cause named (what the checks met was its failure).
 */
export function serverFirst(abort: (cause: Abort) => void): {
  starting(ready: Promise<void>): void;
  raise(cause: Abort): void;
  /** Resolves once the starting server served or failed to (its failure then passed on). */
  settled(): Promise<void>;
} {
  let settled: Promise<void> = Promise.resolve();
  return {
    starting(ready) {
      settled = ready.then(
        () => {},
        (error: Error) => abort({ cause: error.message, at: new Date().toISOString() }),
      );
    },
    raise(cause) {
      void settled.then(() => abort(cause));
    },
    settled: () => settled,
  };
}
