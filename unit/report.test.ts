import { describe, expect, it } from 'vitest';
import {
  countOutcomes,
  incompleteness,
  inReportOrder,
  markAborted,
  summaryLine,
  verdictInWords,
  type ConformanceReport,
  type EntryReport,
} from '../verdict/report';
import { judge, type Screen } from '../verdict/verdict';
import { findScenario } from '../scenarios/catalogue';

const entry = (over: Partial<EntryReport>): EntryReport => ({
  id: 'healthy',
  entry: true,
  title: 'Healthy',
  file: 'e2e/catalogue.spec.ts',
  outcome: 'passed',
  startedAt: '2026-11-21T00:00:00.000Z',
  durationMs: 100,
  worker: 0,
  reasons: [],
  skippedChecks: [],
  ...over,
});

const serverScreen: Screen = {
  fallback: 'server',
  heading: 'h',
  digestLine: 'Digest: 42',
  lines: ['h', 'Digest: 42'],
  linesBefore: null,
  status: 500,
  path: '/p',
  sees: null,
  actionStatus: null,
  kind: 'classic fallback',
};
const verdict = judge(findScenario('server-page-throws')!, 'http://localhost', {
  screen: serverScreen,
  reports: [],
  serverReports: false,
  reportProblems: [],
  serverLogDigests: null,
  deliveries: null,
  privacy: [],
  leaks: [],
});

describe('conformance report', () => {
  it('counts outcomes and the server-side checks skipped inside passed entries', () => {
    const counts = countOutcomes([
      entry({}),
      entry({ outcome: 'failed' }),
      entry({ outcome: 'skipped' }),
      entry({ skippedChecks: ['server reports: why', 'server log carries the digest: why'] }),
    ]);
    expect(counts).toEqual({ passed: 2, failed: 1, skipped: 1, skippedChecks: 2, entries: 3 });
    expect(summaryLine(counts)).toBe('2 passed, 1 failed, 1 skipped, 2 server-side checks skipped');
    expect(summaryLine({ passed: 1, failed: 0, skipped: 0, skippedChecks: 0 })).toBe('1 passed, 0 failed, 0 skipped');
  });

  it('orders entries by file then id, whatever order they finished in', () => {
    const ordered = inReportOrder([entry({ id: 'b' }), entry({ id: 'z', file: 'e2e/a.spec.ts' }), entry({ id: 'a' })]);
    expect(ordered.map((e) => `${e.file}:${e.id}`)).toEqual(['e2e/a.spec.ts:z', 'e2e/catalogue.spec.ts:a', 'e2e/catalogue.spec.ts:b']);
  });

  it('puts a verdict in words: what the user saw, what was skipped, or the first reason', () => {
    expect(verdictInWords(entry({ verdict }))).toBe('server fallback, Digest: 42, HTTP 500');
    expect(verdictInWords(entry({ verdict, skippedChecks: ['server reports: needs the server'] }))).toBe(
      'server fallback, Digest: 42, HTTP 500 (skipped: server reports)',
    );
    expect(verdictInWords(entry({ outcome: 'failed', reasons: ['Error: status differs'] }))).toBe('Error: status differs');
  });
});

describe('a run that checked less than it claims', () => {
  const report = (over: Partial<ConformanceReport> = {}, entries: EntryReport[] = [entry({})]): ConformanceReport => ({
    startedAt: '2026-11-21T00:00:00.000Z',
    durationMs: 1,
    run: { planned: entries.length, shard: null, selection: 's', errors: [], status: 'passed' },
    counts: countOutcomes(entries),
    entries,
    ...over,
  });

  it('is complete when every planned check ended and one ran', () => {
    expect(incompleteness(report())).toBeNull();
  });

  it.each([
    ['no check ran', report({}, [entry({ outcome: 'skipped' })]), /checked nothing/],
    [
      'planned checks never ended',
      report({ run: { planned: 3, shard: null, selection: 's', errors: [], status: 'passed' } }),
      /only 1 of the 3 planned checks ended/,
    ],
    [
      'an error outside the checks (a .only)',
      report({ run: { planned: 1, shard: null, selection: 's', errors: ["Error: item focused with '.only'"], status: 'failed' } }),
      /'\.only'/,
    ],
    ['an interrupted run', report({ run: { planned: 1, shard: null, selection: 's', errors: [], status: 'interrupted' } }), /interrupted/],
  ])('is incomplete when %s', (_why, r, message) => {
    expect(incompleteness(r)).toMatch(message);
  });

  it('does not count checks that failed after a part died as deviations', () => {
    const before = entry({ id: 'a', outcome: 'failed', startedAt: '2026-11-21T00:00:00.000Z', durationMs: 100 });
    const after = entry({ id: 'b', outcome: 'failed', startedAt: '2026-11-21T00:00:09.000Z', durationMs: 100 });
    const marked = markAborted(report({}, [before, after]), { cause: 'the app server died', at: '2026-11-21T00:00:09.050Z' });
    expect(marked.entries.map((e) => e.outcome)).toEqual(['failed', 'skipped']);
    expect(marked.entries[1].reasons).toEqual(['not judged: the app server died']);
    expect(marked.counts).toMatchObject({ failed: 1, skipped: 1 });
    expect(incompleteness(marked)).toBe('the app server died');
  });

  it('does not count a check that failed with the very error that stopped the run, whenever Playwright says it ended', () => {
    // Under load Playwright times a worker fixture's failure from before the fixture's setup, so its times can put it before the stop.
    const failed = entry({
      id: 'healthy',
      outcome: 'failed',
      startedAt: '2026-11-21T00:00:00.000Z',
      durationMs: 103,
      reasons: ['Error: page.goto: net::ERR_TOO_MANY_REDIRECTS at http://127.0.0.1:43157/\nCall log:\n  - navigating'],
    });
    const cause = 'the target: worker 0 could not load http://127.0.0.1:43157/ (page.goto: net::ERR_TOO_MANY_REDIRECTS at http://127.0.0.1:43157/)';
    const marked = markAborted(report({}, [failed]), { cause, at: '2026-11-21T00:00:05.000Z' });
    expect(marked.entries.map((e) => e.outcome)).toEqual(['skipped']);
    expect(marked.counts).toMatchObject({ failed: 0 });
  });
});
