import type { PlacedEntry } from './entry';

/**
 * Which placed entries may run side by side. Their server reports and the digests in the shared
 * server log are claimed by content (the entry's route or its thrower's message), so two entries
 * may share the server unless that content cannot tell them apart.
 */

/** An entry whose errors the server log prints without anything naming it (Next logs a thrown value as `⨯ null`): at most one runs at a time, and its digests are those about no other entry. */
export const isOpaque = (entry: PlacedEntry) => entry.scenario.failureClass === 'thrown-value';

/** Two entries whose claims would overlap: one leads to the other, or both lead to the same. */
const overlap = (a: PlacedEntry, b: PlacedEntry) =>
  a.reaches.includes(b.scenario.id) || b.reaches.includes(a.scenario.id) || a.reaches.some((id) => b.reaches.includes(id));

export function mayJoin(entry: PlacedEntry, running: readonly PlacedEntry[]): boolean {
  return running.every((other) => !overlap(entry, other) && !(isOpaque(entry) && isOpaque(other)));
}

/**
 * The entries cut into groups for Playwright's workers: two entries that may not run side by side
 * (`mayJoin`) are in one group, transitively, which one worker runs in order; every other entry is
 * a group of its own, free to run beside any. Groups keep the entries' order, by their first.
 */
export function sideBySideGroups(entries: readonly PlacedEntry[]): PlacedEntry[][] {
  const groups: PlacedEntry[][] = [];
  for (const entry of entries) {
    const joined = groups.filter((group) => group.some((other) => !mayJoin(entry, [other])));
    const merged = [...joined.flat(), entry].sort((a, b) => entries.indexOf(a) - entries.indexOf(b));
    const at = joined.length > 0 ? groups.indexOf(joined[0]) : groups.length;
    for (const group of joined) groups.splice(groups.indexOf(group), 1);
    groups.splice(at, 0, merged);
  }
  return groups;
}
