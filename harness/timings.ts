import { appendFileSync } from 'node:fs';
import { ENV } from '../contract';

/** What `npm run bench:tests` counts: the slow steps whose number a test run can change. */
export type TimedStep = 'next build' | 'install';

export interface Timing {
  step: TimedStep;
  /** What it was for: the folder built, or the packages installed. */
  what: string;
  ms: number;
  ok: boolean;
}

/**
 * Appends one step's time to the file `ENV.timings` names (nothing when unset): one line per step,
 * so that every process of a test run (runners, workers, the CLIs they spawn) can write to it at once.
 */
export function recordTiming(timing: Timing, env: NodeJS.ProcessEnv = process.env): void {
  const file = env[ENV.timings];
  if (file) appendFileSync(file, `${JSON.stringify({ ...timing, ms: Math.round(timing.ms) })}\n`);
}

/** `work` timed, recorded whether it succeeds or throws. */
export async function timed<T>(step: TimedStep, what: string, work: () => Promise<T> | T, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const started = performance.now();
  let ok = false;
  try {
    const result = await work();
    ok = true;
    return result;
  } finally {
    recordTiming({ step, what, ms: performance.now() - started, ok }, env);
  }
}

/** `timed` for work that blocks (an `execFileSync`). */
export function timedSync<T>(step: TimedStep, what: string, work: () => T, env: NodeJS.ProcessEnv = process.env): T {
  const started = performance.now();
  let ok = false;
  try {
    const result = work();
    ok = true;
    return result;
  } finally {
    recordTiming({ step, what, ms: performance.now() - started, ok }, env);
  }
}
