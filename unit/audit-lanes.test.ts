import { describe, expect, it } from 'vitest';
import { PROXY_AFTER_THROWN_VALUE } from './server-log-excerpts';
import { mayJoin, sideBySideGroups } from '../audit/kinds/placed/lanes';
import type { PlacedEntry } from '../audit/kinds/placed/entry';
import { catalogue } from '../scenarios/catalogue';
import { atMostHandedOver, digestsOfOpaque } from '../audit/kinds/placed/worker/claims';
import type { AuditReport } from '../verdict/audit-reporting';

const placed = (id: string, reaches: string[] = []): PlacedEntry => ({
  id,
  scenario: catalogue.find((scenario) => scenario.id === id)!,
  url: `/faultline-audit/${id}`,
  reaches,
});

describe('which entries run side by side', () => {
  it('lets entries told apart by content run together', () => {
    expect(mayJoin(placed('server-page-throws'), [placed('metadata-throws'), placed('client-effect-throws')])).toBe(true);
  });

  it('lets one thrown value (its log names no entry) run beside others, never two', () => {
    expect(mayJoin(placed('throws-null'), [placed('server-page-throws')])).toBe(true);
    expect(mayJoin(placed('throws-null'), [placed('throws-string')])).toBe(false);
  });

  it('keeps a navigation apart from the entry it leads to, and from another leading there', () => {
    const navigates = placed('navigate-to-failing-route', ['server-page-throws']);
    expect(mayJoin(navigates, [placed('server-page-throws')])).toBe(false);
    expect(mayJoin(placed('server-page-throws'), [navigates])).toBe(false);
    expect(mayJoin(navigates, [placed('chunk-load-fails', ['server-page-throws'])])).toBe(false);
    expect(mayJoin(navigates, [placed('metadata-throws')])).toBe(true);
  });
});

describe('entries grouped for Playwright workers', () => {
  const ids = (groups: PlacedEntry[][]) => groups.map((group) => group.map((entry) => entry.scenario.id));

  it('keeps every thrown value in one group (run in order by one worker), and every other entry alone', () => {
    const entries = [placed('throws-null'), placed('server-page-throws'), placed('throws-string'), placed('metadata-throws'), placed('throws-undefined')];
    expect(ids(sideBySideGroups(entries))).toEqual([['throws-null', 'throws-string', 'throws-undefined'], ['server-page-throws'], ['metadata-throws']]);
  });

  it('puts a navigation with the entry it leads to, and with another leading there, transitively', () => {
    const entries = [
      placed('server-page-throws'),
      placed('navigate-to-failing-route', ['server-page-throws']),
      placed('metadata-throws'),
      placed('chunk-load-fails', ['server-page-throws']),
    ];
    expect(ids(sideBySideGroups(entries))).toEqual([['server-page-throws', 'navigate-to-failing-route', 'chunk-load-fails'], ['metadata-throws']]);
  });

  it('never puts two entries in different groups that may not run side by side', () => {
    const entries = catalogue.map((scenario) => placed(scenario.id, scenario.id.startsWith('navigate') ? ['server-page-throws'] : []));
    const groups = sideBySideGroups(entries);
    expect(
      groups
        .flat()
        .map((entry) => entry.scenario.id)
        .sort(),
    ).toEqual(entries.map((entry) => entry.scenario.id).sort());
    for (const [i, group] of groups.entries())
      for (const other of groups.slice(i + 1))
        for (const entry of group)
          expect(
            other.every((beside) => mayJoin(entry, [beside])),
            entry.scenario.id,
          ).toBe(true);
  });
});

describe("a thrown value's digests in a shared server log", () => {
  it('are those of the errors about no other entry (the others given)', () => {
    const log = [' ⨯ Error: server-page-throws: db password hunter2', "  digest: '111'", '}', ' ⨯ null', "  digest: '222'", '}'].join('\n');
    expect(digestsOfOpaque(log, ['server-page-throws', 'metadata-throws'], 'faultline-audit')).toEqual(['222']);
  });

  it("are kept when another entry's error, printed without ⨯, follows it in the log", () => {
    const log = PROXY_AFTER_THROWN_VALUE;
    expect(digestsOfOpaque(log, ['proxy-throws', 'server-page-throws'], 'faultline-audit')).toEqual(['2217012090']);
  });
});

describe("a thrown value's reports, beside the app's routes", () => {
  const report = (id: string, over: Partial<AuditReport> = {}): AuditReport => ({ runtime: 'node', event: { type: undefined, event_id: id }, ...over });
  const nameless = (id: string) => report(id, { reporter: 'PostHog' });

  it("claims no more of a background reporter's reports that name nothing than the errors Next handed over for it: a route's load may have sent the others", () => {
    const own = [
      nameless('p1'),
      report('s1', { event: { type: undefined, event_id: 's1', request: { url: '/faultline-audit/throws-null' } } }),
      nameless('p2'),
    ];
    expect(atMostHandedOver(own, 1).map(({ event }) => event.event_id)).toEqual(['p1', 's1']);
    expect(atMostHandedOver(own, 2).map(({ event }) => event.event_id)).toEqual(['p1', 's1', 'p2']);
  });

  it('keeps every report where faultline cannot count what was handed over (null): nothing to hold them to', () => {
    expect(atMostHandedOver([nameless('p1'), nameless('p2')], null)).toHaveLength(2);
  });
});
