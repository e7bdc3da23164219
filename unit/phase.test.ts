import { describe, expect, it } from 'vitest';
import { phaseParts, type TimedCheck } from '../bench/phase';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, 0) + ms).toISOString();
/** Checks of one worker, back to back: [start, duration] pairs in ms from the phase's start. */
const on = (worker: number, ...checks: [number, number][]): TimedCheck[] => checks.map(([start, durationMs]) => ({ worker, startedAt: at(start), durationMs }));

describe("the catalogue's test phase, part by part", () => {
  it('splits the worker that ended last into its start-up, its checks and what lies between, adding up to the phase', () => {
    // Worker 0's first check ends at 1,000 but its second starts at 4,030: 3 s of start-up inside
    // the first check that Playwright counts in no check's duration, and a 30 ms dispatch gap like its others.
    const checks = [...on(0, [0, 1_000], [4_030, 400], [4_460, 500], [4_990, 300]), ...on(1, [100, 900], [3_900, 400], [4_330, 600])];
    const parts = phaseParts(checks);
    expect(parts).toEqual({ testPhaseMs: 5_290, workerStartMs: 3_000, checksMs: 2_200, betweenMs: 90 });
    expect(parts.workerStartMs! + parts.checksMs + parts.betweenMs).toBe(parts.testPhaseMs);
  });

  it('counts the time before the last worker began as between its checks', () => {
    const checks = [...on(0, [0, 300], [2_330, 300]), ...on(1, [200, 300], [2_550, 300], [2_880, 300])];
    // Worker 1 ends last (3,180); its dispatch gap is the median of those after its first check (30).
    expect(phaseParts(checks)).toEqual({ testPhaseMs: 3_180, workerStartMs: 2_020, checksMs: 900, betweenMs: 260 });
  });

  it('leaves the start-up unknown for a worker that ran one check (it is inside the gap to nothing)', () => {
    expect(phaseParts(on(0, [0, 800]))).toEqual({ testPhaseMs: 800, workerStartMs: null, checksMs: 800, betweenMs: 0 });
  });

  it('refuses checks without a worker (a report.json from before the field)', () => {
    expect(() => phaseParts([{ startedAt: at(0), durationMs: 5 } as TimedCheck])).toThrow(/worker/);
  });
});
