import { describe, expect, it } from 'vitest';
import { countOutcomes, inReportOrder, summaryLine, verdictInWords, type EntryReport } from '../cli/report';
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
  reasons: [],
  skippedChecks: [],
  ...over,
});

const serverScreen: Screen = { fallback: 'server', heading: 'h', digestLine: 'Digest: 42', status: 500, path: '/p', sees: null, actionStatus: null };
const verdict = judge(findScenario('server-page-throws')!, 'http://localhost', {
  screen: serverScreen, reports: [], serverReports: false, reportProblems: [], serverLogDigests: null, privacy: [], leaks: [],
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
