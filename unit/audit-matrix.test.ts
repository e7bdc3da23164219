import { describe, expect, it } from 'vitest';
import type { AuditResult } from '../verdict/audit-result';
import { auditMatrixAsHtml, auditMatrixAsMarkdown, auditMatrixAsTable } from '../outputs/audit-matrix';
import { CHANGED } from '../outputs/grid';
import {
  auditBehaviour,
  changedAt,
  comparedColumns,
  groupedUpgrade,
  upgradeBetween,
  upgradeHeadlines,
  type VersionAudit,
  type AuditedEntry,
} from '../verdict/audit-matrix';

const classic = (digest: string) => [
  'Application error: a server-side exception has occurred while loading localhost (see the server logs for more information).',
  `Digest: ${digest}`,
];
const builtin = (digest: string) => ['This page couldn’t load', 'A server error occurred. Reload to try again.', 'Reload', `ERROR ${digest}`];

function cell(id: string, over: Partial<AuditedEntry> = {}): AuditedEntry {
  const checks = { screen: 'ok', 'reported once': 'ok', traceable: 'ok', 'no leak': 'ok', privacy: 'ok', framework: 'ok', source: 'ok' };
  return {
    id,
    title: id,
    failureClass: 'server-component',
    url: `/faultline-audit/${id}`,
    status: 500,
    lines: classic('1234567'),
    screen: 'classic fallback',
    checks,
    findings: [],
    screenshot: `screens/x/${id}.png`,
    reports: [],
    ms: {},
    ...over,
  };
}

function column(next: string, entries: AuditedEntry[], over: Partial<VersionAudit> = {}): VersionAudit {
  const result = {
    app: {} as AuditResult['app'],
    reachedOut: [],
    shard: null,
    selection: '',
    substituted: [],
    appFindings: [],
    entries,
    notApplicable: [],
    notJudged: [],
    treeUnchanged: true,
    build: { built: true, seconds: 1 },
    testSeconds: 1,
  } as AuditResult;
  return {
    next,
    own: false,
    adaptations: [],
    seconds: { install: 0, build: 0, test: 0 },
    reused: { install: false, build: false, observation: false },
    observedAt: null,
    result,
    ...over,
  };
}

const catalogue = [
  { id: 'server-page-throws', title: 'A page throws' },
  { id: 'client-effect-throws', title: 'An effect throws' },
];

describe('an entry’s behaviour across versions', () => {
  it('is the same whatever the digest, the host or a chunk’s hashed name', () => {
    const report = (value: string) => ({ runtime: 'browser', type: 'ChunkLoadError', value, handled: false, mechanism: null, digest: null });
    expect(auditBehaviour(cell('a', { lines: classic('111'), reports: [report('Failed to load chunk /_next/static/chunks/3n3f0mue9k2qt.js')] }))).toBe(
      auditBehaviour(cell('a', { lines: classic('22222'), reports: [report('Failed to load chunk /_next/static/chunks/0vbbub8pns5fr.js')] })),
    );
    expect(auditBehaviour(cell('a', { lines: classic('1') }))).not.toBe(auditBehaviour(cell('a', { lines: builtin('1'), screen: "Next's built-in screen" })));
  });

  it('is marked changed against the nearest column before that judged it', () => {
    const columns = [
      column('16.1.7', [cell('server-page-throws')]),
      column('16.2.12', [], { error: 'does not build' }),
      column('16.4.5', [cell('server-page-throws', { lines: builtin('9'), screen: "Next's built-in screen" })]),
    ];
    expect(changedAt(columns, 0, 'server-page-throws')).toBeNull();
    expect(changedAt(columns, 2, 'server-page-throws')).toBe(true);
  });

  it('carries, in each column of the matrix (audit-matrix.json), the entries that behave otherwise than before, as the run’s matrix carries its cells’', () => {
    const columns = comparedColumns([
      column('16.1.7', [cell('server-page-throws'), cell('client-effect-throws')]),
      column('16.2.12', [], { error: 'does not build' }),
      column('16.4.5', [cell('server-page-throws', { lines: builtin('9'), screen: "Next's built-in screen" }), cell('client-effect-throws')]),
    ]);
    expect(columns.map((compared) => [compared.next, compared.changed])).toEqual([
      ['16.1.7', []],
      ['16.2.12', []],
      ['16.4.5', ['server-page-throws']],
    ]);
  });

  it('is what the matrix’s files mark, and only that: the terminal’s grid, audit-matrix.md and .html', () => {
    const entries = [cell('server-page-throws'), cell('client-effect-throws')];
    const columns = comparedColumns([column('16.1.7', entries), column('16.4.5', entries)]);
    // The model says which changed; the files render it, judging nothing again.
    columns[1].changed = ['client-effect-throws'];
    const matrix = { generatedAt: '', app: { root: '/app', name: 'app', next: '16.1.7', sentry: true }, entries: catalogue, columns, upgrade: null };
    const marked = (text: string) => text.split('\n').filter((line) => line.includes(`${CHANGED} classic`));
    expect(marked(auditMatrixAsTable(matrix))).toEqual([expect.stringMatching(/^client-effect-throws/)]);
    expect(marked(auditMatrixAsMarkdown(matrix))).toEqual([expect.stringContaining('client-effect-throws')]);
    expect(auditMatrixAsHtml(matrix, '/nowhere').match(/behaves otherwise than in the version before\./g)).toHaveLength(1);
  });
});

describe('the upgrade from one next to another', () => {
  it('says only what differs: the screen with both screenshots, the status, reports that appear or vanish, findings fixed and new', () => {
    const from = column('16.1.7', [
      cell('server-page-throws', {
        reports: [{ runtime: 'node', type: 'Error', value: 'x', handled: false, mechanism: null, digest: null }],
        findings: [{ check: 'traceable', what: 'the digest on screen is on no report' }],
      }),
      cell('client-effect-throws', { lines: ['ok'], screen: 'a page', status: 200 }),
    ]);
    const to = column('16.4.5', [
      cell('server-page-throws', {
        lines: builtin('1'),
        screen: "Next's built-in screen",
        screenshot: 'screens/16.4.5/server-page-throws.png',
        reports: [{ runtime: 'node', type: 'Error', value: 'y', handled: false, mechanism: null, digest: null }],
        findings: [{ check: 'screen', what: 'z' }],
      }),
      cell('client-effect-throws', { lines: ['ok'], screen: 'a page', status: 200 }),
    ]);
    const upgrade = upgradeBetween(catalogue, from, to);
    expect(upgrade.entries).toEqual([
      {
        id: 'server-page-throws',
        title: 'A page throws',
        screen: {
          from: { kind: 'classic fallback', lines: classic('1234567'), screenshot: 'screens/x/server-page-throws.png' },
          to: { kind: "Next's built-in screen", lines: builtin('1'), screenshot: 'screens/16.4.5/server-page-throws.png' },
        },
        reports: { appear: [], vanish: [], change: [{ from: 'node Error: x', to: 'node Error: y' }] },
        findings: { fixed: ['traceable: the digest on screen is on no report'], new: ['screen: z'] },
      },
    ]);
    expect(upgradeHeadlines(upgrade)).toEqual([
      "the screen changes (classic fallback → Next's built-in screen): 1 entry (server-page-throws)",
      'reports change value: 1 entry (server-page-throws)',
      'findings fixed: 1 entry (server-page-throws)',
      'findings new: 1 entry (server-page-throws)',
    ]);
  });

  it('tells a report that appears or vanishes from one that changes value', () => {
    const report = (runtime: string, value: string) => ({ runtime, type: 'Error', value, handled: false, mechanism: null, digest: null });
    const from = column('16.1.7', [
      cell('server-page-throws', { reports: [report('node', 'a'), report('browser', 'An error occurred in the Server Components render.')] }),
    ]);
    const to = column('16.4.5', [cell('server-page-throws', { reports: [report('browser', 'Minified React error #441'), report('edge', 'b')] })]);
    expect(upgradeBetween(catalogue, from, to).entries[0].reports).toEqual({
      appear: ['edge Error: b'],
      vanish: ['node Error: a'],
      change: [{ from: 'browser Error: An error occurred in the Server Components render.', to: 'browser Error: Minified React error #N' }],
    });
  });

  it('names an entry judged on one side only, and a side that could not be audited', () => {
    const from = column('16.1.7', [cell('server-page-throws')]);
    const to = column('16.4.5', []);
    to.result!.notApplicable = [{ id: 'server-page-throws', why: 'the app has its own proxy' }];
    expect(upgradeBetween(catalogue, from, to).entries).toEqual([
      { id: 'server-page-throws', title: 'A page throws', only: { judgedOn: '16.1.7', otherwise: 'not applicable on 16.4.5 (the app has its own proxy)' } },
    ]);
    const broken = upgradeBetween(catalogue, from, column('16.4.99', [], { error: 'ETARGET', result: null }));
    expect(upgradeHeadlines(broken)).toEqual(['next 16.4.99 could not be audited: ETARGET']);
  });

  it('groups entries whose change is the same, their digests aside, to show each change once', () => {
    const from = column('16.1.7', [cell('server-page-throws', { lines: classic('1') }), cell('client-effect-throws', { lines: classic('2') })]);
    const to = column('16.4.5', [
      cell('server-page-throws', { lines: builtin('3'), screen: "Next's built-in screen" }),
      cell('client-effect-throws', { lines: builtin('44'), screen: "Next's built-in screen" }),
    ]);
    const groups = groupedUpgrade(upgradeBetween(catalogue, from, to));
    expect(groups.map((group) => group.entries.map((entry) => entry.id))).toEqual([['server-page-throws', 'client-effect-throws']]);
  });

  it('says so when nothing changes', () => {
    const same = upgradeBetween(
      catalogue,
      column('16.4.4', [cell('server-page-throws')]),
      column('16.4.5', [cell('server-page-throws', { lines: classic('99') })]),
    );
    expect(upgradeHeadlines(same)).toEqual(["nothing changes for the app's users or its reports between next 16.4.4 and 16.4.5"]);
  });
});
