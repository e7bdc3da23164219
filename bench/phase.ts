import { median } from '../harness/stats';

/** A check's place in a run, as report.json has it. */
export interface TimedCheck {
  /** Playwright's worker index: each worker has a browser of its own. */
  worker: number;
  startedAt: string;
  durationMs: number;
}

/** The test phase (first check's start to last check's end), and what it holds on the worker that ended last. */
export interface PhaseParts {
  testPhaseMs: number;
  /**
   * That worker's start-up: its browser launched and warmed up, the ingest's code loaded. It runs
   * in the worker's first check, whose duration Playwright counts without it (worker fixtures have
   * a time slot of their own), so it shows as a gap after that check, less the dispatch gap every
   * other check of the worker has. Null for a worker that ran one check.
   */
  workerStartMs: number | null;
  /** The durations of that worker's checks. */
  checksMs: number;
  /**
   * The rest: Playwright's own work inside each check that the duration it reports leaves out (step
   * and fixture bookkeeping, about 20 ms a check here; the worker is idle about 2 ms between two
   * checks), and the phase before that worker's first check began.
   */
  betweenMs: number;
}

export function phaseParts(checks: readonly TimedCheck[]): PhaseParts {
  if (checks.some((check) => !Number.isInteger(check.worker)))
    throw new Error('phaseParts: a check without its worker index (report.json from an older faultline?)');
  const timed = checks.map((check) => ({
    worker: check.worker,
    start: Date.parse(check.startedAt),
    end: Date.parse(check.startedAt) + check.durationMs,
    ms: check.durationMs,
  }));
  const phaseStart = Math.min(...timed.map((check) => check.start));
  const last = timed.reduce((latest, check) => (check.end > latest.end ? check : latest));
  const ran = timed.filter((check) => check.worker === last.worker).sort((a, b) => a.start - b.start);
  const gaps = ran.slice(1).map((check, i) => check.start - ran[i].end);
  const dispatch = gaps.length > 1 ? median(gaps.slice(1)) : 0;
  const workerStartMs = gaps.length > 0 ? Math.round(gaps[0] - dispatch) : null;
  const testPhaseMs = last.end - phaseStart;
  const checksMs = ran.reduce((sum, check) => sum + check.ms, 0);
  return { testPhaseMs, workerStartMs, checksMs, betweenMs: testPhaseMs - checksMs - (workerStartMs ?? 0) };
}
