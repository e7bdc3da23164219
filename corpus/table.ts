/**
 * The corpus's table, as `npm run corpus` writes it into docs/audit.md: one row per app, then the
 * count. Read back, so that a run of some apps (`--only`) replaces their rows and keeps the rest.
 */

export interface Row {
  slug: string;
  state: 'truthful' | 'untrue' | 'cannot' | 'no truth';
  said: string;
}

const STATES: readonly Row['state'][] = ['truthful', 'untrue', 'cannot', 'no truth'];
const escape = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function corpusTable(rows: readonly Row[]): string {
  const counted = rows.filter((row) => row.state === 'truthful' || row.state === 'untrue');
  const truthful = counted.filter((row) => row.state === 'truthful').length;
  return [
    '| app | audit | what it gave |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| \`${row.slug}\` | ${row.state} | ${escape(row.said)} |`),
    '',
    `truthful ${truthful} of ${counted.length} (apps that cannot install or build here, or not yet observed by hand, count neither way)`,
  ].join('\n');
}

/** The rows of a table `corpusTable` wrote. */
export function rowsOf(table: string): Row[] {
  return table.split('\n').flatMap((line): Row[] => {
    const row = /^\| `([^`]+)` \| ([a-z ]+) \| (.*) \|$/.exec(line);
    if (!row || !STATES.includes(row[2] as Row['state'])) return [];
    return [{ slug: row[1], state: row[2] as Row['state'], said: row[3].replaceAll('\\|', '|') }];
  });
}

/** The rows of an earlier run with those of this one in their place, in slug order. */
export function mergeRows(earlier: readonly Row[], now: readonly Row[]): Row[] {
  const bySlug = new Map(earlier.map((row) => [row.slug, row]));
  for (const row of now) bySlug.set(row.slug, row);
  return [...bySlug.values()].sort((a, b) => a.slug.localeCompare(b.slug));
}
