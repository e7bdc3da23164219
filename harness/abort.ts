import { appendFileSync, existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { ENV } from './contract';


export interface Abort {
  cause: string;
  /** When it happened (ISO): checks that ended later are not judged. */
  at: string;
  /** Checks (entry ids) that are not judged whenever they ended: the ones that showed the run could not judge. */
  notJudged?: string[];
}

/** Says why the run cannot go on; does nothing outside `faultline run`. */
export function reportAbort(cause: string, { env = process.env, notJudged }: { env?: NodeJS.ProcessEnv; notJudged?: string[] } = {}): void {
  const file = env[ENV.abortFile];
  if (file) appendFileSync(file, `${JSON.stringify({ cause, at: new Date().toISOString(), ...(notJudged ? { notJudged } : {}) } satisfies Abort)}\n`);
}

/** Creates `file` and calls `onAbort` with the first abort written to it; returns the stop. */
export function watchAborts(file: string, onAbort: (abort: Abort) => void): () => void {
  writeFileSync(file, '');
  let seen = false;
  const watcher = watch(file, () => {
    if (seen || !existsSync(file)) return;
    const [first] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    if (!first) return;
    seen = true;
    onAbort(JSON.parse(first) as Abort);
  });
  return () => watcher.close();
}
