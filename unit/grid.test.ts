import { describe, expect, it } from 'vitest';
import { gridAsHtml, gridAsMarkdown, gridAsTable, markedChanged, type Grid } from '../outputs/grid';

/** Two entries over two versions: the second entry has no cell on the first version. */
const grid: Grid = {
  entries: [
    { id: 'server-page-throws', title: 'A page <throws>' },
    { id: 'healthy', title: 'Nothing fails' },
  ],
  headers: ['16.1.7', '16.4.5 (own)'],
  text: (column, id) => (id === 'healthy' && column === 0 ? '' : markedChanged(column === 1, `✗ fallback | heading`)),
};

describe('the grid both matrices show', () => {
  it('as the terminal table: every cell clipped to its column, a change said first', () => {
    expect(gridAsTable(grid, 8)).toEqual([
      'entry               16.1.7    16.4.5 (own)',
      '                    ────────  ────────────',
      'server-page-throws  ✗ fallb…  Δ ✗ fallbac…',
      'healthy                       Δ ✗ fallbac…',
    ]);
  });

  it("as markdown's table: ids as code, pipes escaped, a last row below", () => {
    expect(gridAsMarkdown(grid, { first: '*pins of*', cells: ['16.1.7', '16.4.5'] })).toEqual([
      '| entry | 16.1.7 | 16.4.5 (own) |',
      '|---|---|---|',
      '| `server-page-throws` | ✗ fallback \\| heading | Δ ✗ fallback \\| heading |',
      '| `healthy` |  | Δ ✗ fallback \\| heading |',
      '| *pins of* | 16.1.7 | 16.4.5 |',
    ]);
  });

  it('as an HTML table: headers scoped, each observed cell a link to its details, a cell not observed a dash', () => {
    const html = gridAsHtml(grid, (column, id) =>
      id === 'healthy' && column === 0 ? { className: 'absent', anchor: null } : { className: 'differs', anchor: `cell-${column}-${id}` },
    );
    expect(html).toContain('<th scope="col">16.4.5 (own)</th>');
    expect(html).toContain('<th class="entry" scope="row" title="A page &lt;throws&gt;">server-page-throws</th>');
    expect(html).toContain('<td class="differs"><a href="#cell-1-healthy">Δ ✗ fallback | heading</a></td>');
    expect(html).toContain('<tr><th class="entry" scope="row" title="Nothing fails">healthy</th><td class="absent">—</td>');
  });
});
