import { describe, expect, it } from 'vitest';
import { judgedInWords, mergeAuditShards, ROUTE_CLASS, type AuditResult } from '../verdict/audit-result';

const entry = (id: string) => ({ id, findings: [] }) as unknown as AuditResult['entries'][number];
const shard = (current: number, ids: string[], over: Partial<AuditResult> = {}): AuditResult =>
  ({
    app: { name: 'app' },
    shard: { current, total: 2 },
    selection: 'sel',
    substituted: [],
    appFindings: [],
    entries: ids.map(entry),
    notApplicable: [{ id: 'root-layout-throws', why: 'x' }],
    notJudged: [],
    treeUnchanged: true,
    build: { built: false, seconds: 0 },
    testSeconds: 10,
    ...over,
  }) as unknown as AuditResult;

describe("an audit's shards merged", () => {
  const order = ['server-page-throws', 'metadata-throws', 'throws-null', 'client-effect-throws'];

  it('is the audit one run would have written: every entry once in the catalogue order, not a shard', () => {
    const merged = mergeAuditShards([shard(2, ['throws-null', 'metadata-throws']), shard(1, ['client-effect-throws', 'server-page-throws'])], order);
    expect(merged.entries.map((audited) => audited.id)).toEqual(order);
    expect([merged.shard, merged.selection, merged.testSeconds, merged.notApplicable.length]).toEqual([null, 'sel', 20, 1]);
  });

  it("says a finding about the whole app once, and keeps each shard's own unclaimed reports", () => {
    const none = { check: 'reported once' as const, what: 'nothing in the app reports errors' };
    const late = (evidence: string) => ({ check: 'reported once' as const, what: '1 report no failure claims', evidence });
    const merged = mergeAuditShards([shard(1, [], { appFindings: [none, late('a')] }), shard(2, [], { appFindings: [none, late('b')] })], order);
    expect(merged.appFindings).toEqual([none, late('a'), late('b')]);
  });

  it('keeps what was not judged, in order', () => {
    const merged = mergeAuditShards(
      [shard(1, [], { notJudged: [{ id: 'throws-null', why: 'w' }] }), shard(2, [], { notJudged: [{ id: 'server-page-throws', why: 'v' }] })],
      order,
    );
    expect(merged.notJudged.map((notJudged) => notJudged.id)).toEqual(['server-page-throws', 'throws-null']);
  });

  it('keeps every entry not applicable once: what the placement ruled out, and what a shard found its app rules out', () => {
    const ruledOut = { id: 'throws-null', why: 'its navigation asks for no RSC payload' };
    const merged = mergeAuditShards([shard(1, []), shard(2, [], { notApplicable: [{ id: 'root-layout-throws', why: 'x' }, ruledOut] })], order);
    expect(merged.notApplicable).toEqual([{ id: 'root-layout-throws', why: 'x' }, ruledOut]);
  });
});

describe('what an audit judged, in words', () => {
  const placed = { failureClass: 'server render' };
  const route = { failureClass: ROUTE_CLASS };
  it('counts failures and routes apart, one of each in the singular', () => {
    expect(judgedInWords([placed, route])).toBe('1 failure and 1 route judged');
    expect(judgedInWords([placed, placed, route, route])).toBe('2 failures and 2 routes judged');
    expect(judgedInWords([route])).toBe('1 route judged');
    expect(judgedInWords([])).toBe('0 failures judged');
  });
});
