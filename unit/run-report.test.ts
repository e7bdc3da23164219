import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishRun } from '@/cli/run-report';
import { stagingIn } from '@/outputs/out-dir';
import type { ConformanceReport } from '@/verdict/report';

const report = (passed: number, failed: number): ConformanceReport =>
  ({
    startedAt: '2026-11-27T00:00:00.000Z',
    durationMs: 1,
    run: { planned: passed + failed, shard: null, selection: '', errors: [], status: failed ? 'failed' : 'passed' },
    counts: { passed, failed, skipped: 0 },
    entries: [],
  }) as unknown as ConformanceReport;

/** A report whose entries are as many as it plans: `incompleteness` reads them. */
const whole = (passed: number, failed: number): ConformanceReport => {
  const made = report(passed, failed);
  return {
    ...made,
    entries: Array.from({ length: passed + failed }, (_, i) => ({
      id: `e${i}`,
      outcome: i < passed ? 'passed' : 'failed',
      startedAt: '2026-11-27T00:00:00.000Z',
      durationMs: 1,
      reasons: [],
      skippedChecks: [],
    })),
  } as unknown as ConformanceReport;
};

describe('the end of a run that staged its reports', () => {
  let out: string;
  let staging: string;
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    out = mkdtempSync(join(tmpdir(), 'faultline-finish-'));
    writeFileSync(join(out, '.faultline-report'), '');
    staging = stagingIn(out);
    mkdirSync(staging);
  });
  afterEach(() => vi.restoreAllMocks());

  it('a run that wrote no report exits 2, never judged by the earlier report it leaves in place', () => {
    writeFileSync(join(out, 'report.json'), JSON.stringify(whole(2, 0)));
    expect(finishRun(out, staging, 0)).toBe(2);
    expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))).toEqual(whole(2, 0));
  });

  it('a run that wrote its report is judged by it, and it replaces the earlier one', () => {
    writeFileSync(join(out, 'report.json'), JSON.stringify(whole(2, 0)));
    writeFileSync(join(staging, 'report.json'), JSON.stringify(whole(1, 1)));
    expect(finishRun(out, staging, 1)).toBe(1);
    expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))).toEqual(whole(1, 1));
    expect(existsSync(staging)).toBe(false);
  });

  it('a run stopped by a part that died exits 2, its report saying why replacing the earlier one', () => {
    writeFileSync(join(out, 'report.json'), JSON.stringify(whole(2, 0)));
    writeFileSync(join(staging, 'report.json'), JSON.stringify(whole(1, 0)));
    expect(finishRun(out, staging, 130, { cause: 'the browser died', at: new Date().toISOString() })).toBe(2);
    expect((JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport).run.errors).toEqual(['the browser died']);
  });
});
