import { describe, expect, it } from 'vitest';
import { corpusTable, mergeRows, rowsOf } from '../corpus/table';

const rows = [
  { slug: 'a-app', state: 'truthful' as const, said: 'exit 1, 4 entries judged (60 s)' },
  { slug: 'b-app', state: 'untrue' as const, said: 'exit 2: faultline: the app server: a | b' },
  { slug: 'c-app', state: 'cannot' as const, said: '`next build` fails here: boom' },
];

describe("the corpus's table in docs/audit.md", () => {
  it('counts the truthful among the apps audited against a truth, the others counting neither way', () => {
    expect(corpusTable(rows).split('\n').at(-1)).toMatch(/^truthful 1 of 2 \(/);
  });

  it('reads back the rows it wrote, a | in what an app gave included', () => {
    expect(rowsOf(corpusTable(rows))).toEqual(rows);
  });

  it('a run of some apps (--only) replaces their rows and keeps the others, in slug order', () => {
    const rerun = [
      { slug: 'b-app', state: 'truthful' as const, said: 'exit 1, 5 entries judged (70 s)' },
      { slug: 'aa-app', state: 'no truth' as const, said: 'installs and builds' },
    ];
    expect(mergeRows(rowsOf(corpusTable(rows)), rerun).map((row) => [row.slug, row.state])).toEqual([
      ['a-app', 'truthful'],
      ['aa-app', 'no truth'],
      ['b-app', 'truthful'],
      ['c-app', 'cannot'],
    ]);
  });
});
