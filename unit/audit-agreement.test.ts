import { describe, expect, it } from 'vitest';
import type { AuditResult } from '../verdict/audit-result';
import { disagreements } from '../foreign-apps/agreement';
import type { ConformanceReport, EntryReport } from '../verdict/report';
import type { ScreenKind } from '../verdict/screen-kind';

/** A catalogue of `count` entries, none pinned by a start. */
const entriesOf = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `entry-${i}`, expect: {} }));

const HEADING = 'Application error: a server-side exception has occurred while loading localhost (see the server logs for more information).';
const serverReport = (value: string) => ({ runtime: 'server' as const, type: 'Error', value, handled: false, mechanism: null, digest: '1' });

function runEntry(
  id: string,
  reports = [serverReport(`${id}: db password hunter2`)],
  status = 500,
  kind: ScreenKind = 'classic fallback',
  lines = [HEADING, 'Digest: 1'],
): EntryReport {
  const screen = {
    kind,
    fallback: 'server' as const,
    heading: HEADING,
    digestLine: 'Digest: 1',
    lines,
    linesBefore: null,
    status,
    path: `/scenarios/${id}`,
    sees: null,
    actionStatus: null,
  };
  const observed = { screen, reports, serverReports: true, reportProblems: [], serverLogDigests: ['1'], privacy: [], leaks: [], deliveries: [] };
  return {
    id,
    entry: true,
    title: id,
    file: 'e2e/catalogue.spec.ts',
    outcome: 'passed',
    startedAt: '',
    durationMs: 1,
    worker: 0,
    reasons: [],
    skippedChecks: [],
    verdict: { observed } as never,
  };
}

function auditEntry(id: string, over: Partial<AuditResult['entries'][number]> = {}): AuditResult['entries'][number] {
  const checks = { screen: 'ok', 'reported once': 'ok', traceable: 'ok', 'no leak': 'ok', privacy: 'ok', framework: 'ok', source: 'ok' };
  return {
    id,
    title: id,
    failureClass: 'server-render',
    url: `/faultline-audit/${id}`,
    status: 500,
    lines: [HEADING, 'Digest: 2'],
    screen: 'classic fallback',
    checks,
    findings: [],
    screenshot: null,
    reports: [{ runtime: 'node', type: 'Error', value: `${id}: db password hunter2`, handled: false, mechanism: null, digest: '2' }],
    ms: {},
    ...over,
  };
}

const audit = (entries: AuditResult['entries'], notApplicable: AuditResult['notApplicable'] = []): AuditResult => ({
  app: {} as AuditResult['app'],
  reachedOut: [],
  shard: null,
  selection: '',
  substituted: [],
  appFindings: [],
  entries,
  notApplicable,
  notJudged: [],
  treeUnchanged: true,
  build: { built: false, seconds: 0 },
  testSeconds: 0,
});
const run = (entries: EntryReport[]) => ({ entries }) as ConformanceReport;

describe("the audit of the reference app against faultline run's verdicts", () => {
  it('agrees when both saw the same status, sentence, digest line and reports (the digests themselves differ: opaque)', () => {
    expect(disagreements(audit([auditEntry('a')], [{ id: 'b', why: 'x' }]), run([runEntry('a'), runEntry('b')]), entriesOf(2))).toEqual([]);
  });

  it('names each difference: status, screen, a missing report, and an entry neither placed nor said not applicable', () => {
    const differing = auditEntry('a', { status: 200, screen: 'a page', lines: ['Healthy page'], reports: [] });
    expect(disagreements(audit([differing]), run([runEntry('a')]), entriesOf(2))).toEqual([
      "the audit accounts for 1 entries (judged, not applicable, not judged) of the catalogue's 2",
      'a: status 200 in the audit, 500 in the run',
      'a: the audit saw a page, the run classic fallback',
      `a: the audit's screen shows ["Healthy page"], the run's ${JSON.stringify([HEADING, 'Digest: 1'])}`,
      'a: reports [] in the audit, ["server Error: a: db password hunter2 (unhandled, no mechanism, a digest tag)"] in the run',
    ]);
  });

  it('compares the kinds of screen both name with the one classifier: a page is not the unchanged page', () => {
    const unchanged = auditEntry('a', { screen: 'the unchanged page', lines: [] });
    const run_ = (kind: ScreenKind) => run([{ ...runEntry('a', undefined, 500, kind) }]);
    const [same, other] = [
      disagreements(audit([unchanged]), run_('the unchanged page'), entriesOf(1)),
      disagreements(audit([unchanged]), run_('a page'), entriesOf(1)),
    ];
    expect(same.filter((line) => line.includes('saw'))).toEqual([]);
    expect(other.filter((line) => line.includes('saw'))).toEqual(['a: the audit saw the unchanged page, the run a page']);
  });

  it('compares what both screens show line by line, a digest being opaque and the host the one each loaded', () => {
    const page = (lines: string[]) => auditEntry('a', { status: 200, screen: 'a page', lines, reports: [] });
    const runPage = (lines: string[]) => run([runEntry('a', [], 200, 'a page', lines)]);
    expect(disagreements(audit([page(['Welcome back'])]), runPage(['Welcome']), entriesOf(1))).toEqual([
      'a: the audit\'s screen shows ["Welcome back"], the run\'s ["Welcome"]',
    ]);
    const onHost = HEADING.replace('localhost', '127.0.0.1');
    expect(disagreements(audit([page([HEADING, 'Digest: 2243288624'])]), runPage([onHost, 'Digest: 1']), entriesOf(1))).toEqual([]);
  });

  it('takes two builds of the same app for the same: a chunk named by its hash is the same chunk', () => {
    const chunk = (name: string) => ({
      runtime: 'browser' as const,
      type: 'ChunkLoadError',
      value: `Failed to load chunk /_next/static/chunks/${name}.js from module 1`,
      handled: false,
      mechanism: null,
      digest: null,
    });
    const audited = auditEntry('a', { reports: [{ ...chunk('3n3f0mue9k2qt'), handled: false, mechanism: null, digest: null }] });
    expect(disagreements(audit([audited]), run([runEntry('a', [chunk('0vbbub8pns5fr') as never])]), entriesOf(1))).toEqual([]);
  });

  it('compares what both say of a report: handled or not, the mechanism that caught it, whether it carries a digest tag (its value opaque)', () => {
    const said = (over: object) => auditEntry('a', { reports: [{ ...auditEntry('a').reports[0], ...over }] });
    expect(disagreements(audit([said({ digest: '9' })]), run([runEntry('a')]), entriesOf(1))).toEqual([]);
    expect(disagreements(audit([said({ handled: true })]), run([runEntry('a')]), entriesOf(1))).toHaveLength(1);
    expect(disagreements(audit([said({ mechanism: 'generic' })]), run([runEntry('a')]), entriesOf(1))).toHaveLength(1);
    expect(disagreements(audit([said({ digest: null })]), run([runEntry('a')]), entriesOf(1))).toEqual([
      'a: reports ["server Error: a: db password hunter2 (unhandled, no mechanism, no digest tag)"] in the audit, ' +
        '["server Error: a: db password hunter2 (unhandled, no mechanism, a digest tag)"] in the run',
    ]);
  });

  it("counts a report of the Edge runtime's as the run's server report", () => {
    const edge = auditEntry('edge', {
      reports: [{ runtime: 'edge', type: 'Error', value: 'edge: db password hunter2', handled: false, mechanism: null, digest: '2' }],
    });
    expect(disagreements(audit([edge]), run([runEntry('edge')]), entriesOf(1))).toEqual([]);
    expect(disagreements(audit([edge]), run([runEntry('edge', [])]), entriesOf(1))).toEqual([
      'edge: reports ["server Error: edge: db password hunter2 (unhandled, no mechanism, a digest tag)"] in the audit, [] in the run',
    ]);
  });

  it("compares a response pinned by its start by that start alone: a page as a body carries the build's chunks and the request's trace", () => {
    const body = (rest: string) => ['<!DOCTYPE html><html lang="en"><head><title>Application error</title>', rest];
    const response = (lines: string[]) => auditEntry('a', { status: 200, screen: 'a page', lines, reports: [] });
    const runPage = (lines: string[]) => run([runEntry('a', [], 200, 'a page', lines)]);
    const pinned = [{ id: 'a', expect: { sees: { startsWith: '<!DOCTYPE html><html lang="en"><head><title>Application error</title>' } } }];
    expect(
      disagreements(
        audit([response(body('<script src="/_next/static/abc/_buildManifest.js">'))]),
        runPage(body('<script src="/_next/static/xyz/_buildManifest.js">')),
        pinned,
      ),
    ).toEqual([]);
    expect(disagreements(audit([response(['Internal Server Error'])]), runPage(body('')), pinned)).toHaveLength(1);
  });
});
