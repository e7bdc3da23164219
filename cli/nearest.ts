function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

/** The candidates closest to `word` (edit distance, then substring matches first). */
export function nearest(word: string, candidates: readonly string[], count = 3): string[] {
  return [...candidates].sort((a, b) => Number(!a.includes(word)) - Number(!b.includes(word)) || distance(word, a) - distance(word, b)).slice(0, count);
}
