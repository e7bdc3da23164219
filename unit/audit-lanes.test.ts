import { describe, expect, it } from 'vitest';
import { inLanes, mayJoin } from '../harness/audit/lanes';
import type { PlacedEntry } from '../harness/audit/placement';
import { catalogue } from '../scenarios/catalogue';
import { digestsOfOpaque } from '../verdict/audit';

const placed = (id: string, reaches: string[] = []): PlacedEntry => ({ scenario: catalogue.find((scenario) => scenario.id === id)!, url: `/faultline-audit/${id}`, reaches });

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

describe('running entries in lanes', () => {
  it('runs at most `lanes` at once, never two that may not join, and every entry once', async () => {
    const entries = [placed('throws-null'), placed('throws-string'), placed('server-page-throws'), placed('throws-undefined'), placed('metadata-throws'), placed('nested-layout-throws')];
    const running = new Set<string>();
    const seen: string[] = [];
    let most = 0;
    await inLanes(entries, 3, async (entry, index) => {
      expect(entries[index]).toBe(entry);
      const thrownValues = [...running, entry.scenario.id].filter((id) => id.startsWith('throws-'));
      expect(thrownValues.length, `beside ${[...running].join(', ')}`).toBeLessThanOrEqual(1);
      running.add(entry.scenario.id);
      most = Math.max(most, running.size);
      await new Promise((done) => setTimeout(done, 5));
      running.delete(entry.scenario.id);
      seen.push(entry.scenario.id);
    });
    expect(seen.sort()).toEqual(entries.map((entry) => entry.scenario.id).sort());
    expect(most).toBe(3);
  });

  it('stops with the first failure', async () => {
    await expect(inLanes([placed('server-page-throws'), placed('metadata-throws')], 2, async (entry) => {
      if (entry.scenario.id === 'metadata-throws') throw new Error('broken');
    })).rejects.toThrow('broken');
  });
});

describe("a thrown value's digests in a shared server log", () => {
  it('are those of the errors about no other entry (the others given)', () => {
    const log = [" ⨯ Error: server-page-throws: db password hunter2", "  digest: '111'", '}', ' ⨯ null', "  digest: '222'", '}'].join('\n');
    expect(digestsOfOpaque(log, ['server-page-throws', 'metadata-throws'], 'faultline-audit')).toEqual(['222']);
  });
});
