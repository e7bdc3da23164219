import type { PlacedEntry } from './placement';

/**
 * Which placed entries may run side by side. Their server reports and the digests in the shared
 * server log are claimed by content (the entry's route or its thrower's message), so two entries
 * may share the server unless that content cannot tell them apart.
 */

/** An entry whose errors the server log prints without anything naming it (Next logs a thrown value as `⨯ null`): at most one runs at a time, and its digests are those about no other entry. */
export const isOpaque = (entry: PlacedEntry) => entry.scenario.failureClass === 'thrown-value';

/** Two entries whose claims would overlap: one leads to the other, or both lead to the same. */
const overlap = (a: PlacedEntry, b: PlacedEntry) => a.reaches.includes(b.scenario.id) || b.reaches.includes(a.scenario.id) || a.reaches.some((id) => b.reaches.includes(id));

export function mayJoin(entry: PlacedEntry, running: readonly PlacedEntry[]): boolean {
  return running.every((other) => !overlap(entry, other) && !(isOpaque(entry) && isOpaque(other)));
}

/**
 * Runs `work` over `entries`, at most `lanes` at once: each time a lane is free, the first entry
 * (in their order) that may join those running. Rejects with the first failure.
 */
export function inLanes(entries: readonly PlacedEntry[], lanes: number, work: (entry: PlacedEntry, index: number) => Promise<void>): Promise<void> {
  const queue = entries.map((entry, index) => ({ entry, index }));
  const running = new Set<(typeof queue)[number]>();
  return new Promise((resolve, reject) => {
    let failed = false;
    const pump = () => {
      if (failed) return;
      if (queue.length === 0 && running.size === 0) return resolve();
      while (running.size < lanes) {
        const at = queue.findIndex(({ entry }) => mayJoin(entry, [...running].map((item) => item.entry)));
        if (at < 0) return;
        const [item] = queue.splice(at, 1);
        running.add(item);
        work(item.entry, item.index).then(
          () => {
            running.delete(item);
            pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    pump();
  });
}
