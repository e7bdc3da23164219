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

describe('the page every HTML output of faultline is (the audit, its matrix, the run matrix)', () => {
  it('is one self-contained document: its title escaped, one look, no script and no request', async () => {
    const { htmlPage } = await import('../outputs/html-page');
    const page = htmlPage({ title: 'faultline audit of <app>', style: 'td.clean { background: #dafbe1; }', body: '<h1>x</h1>' });
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<title>faultline audit of &lt;app&gt;</title>');
    expect(page).toContain('<main>\n<h1>x</h1>\n</main>');
    expect(page).toMatch(/<style>[^]*body \{[^]*td\.clean \{ background: #dafbe1; \}[^]*<\/style>/);
    expect(page).not.toMatch(/<script|<link|src="https?:/);
  });

  it("is the one every output writes: the audit's, its matrix's and the run matrix's pages share its look", async () => {
    const { readFileSync } = await import('node:fs');
    for (const file of ['outputs/audit-report.ts', 'outputs/audit-matrix.ts', 'outputs/matrix-html.ts'])
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/<!doctype html>|<style>/);
  });
});
