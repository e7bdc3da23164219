/**
 * The grid both matrices show, entries by versions (`faultline matrix`'s of the reference app and
 * `faultline audit --next`'s of a team's app): as the terminal's table, as markdown's and as an
 * HTML table. What a cell says is each matrix's own; how a grid is laid out is this file's.
 */

/** A grid: its rows (the catalogue's entries), its columns' headers, and each cell's text. */
export interface Grid {
  entries: readonly { id: string; title: string }[];
  headers: readonly string[];
  /** The text of the cell of entry `id` in column `column` (its index). */
  text(column: number, id: string): string;
}

/** Marks a cell that behaves otherwise than in the version before. */
export const CHANGED = 'Δ';

/** A cell's mark, first said changed: a clipped cell still says it. */
export const markedChanged = (changed: boolean | null, mark: string) => (changed ? `${CHANGED} ${mark}` : mark);

export const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/** Text set in HTML or XML (an attribute's value as much as an element's text): `&#39;` is both's. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const escapeMarkdownCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** How a grid looks in HTML: every cell a link to its details, coloured by its page's classes; a details section shown when its cell is followed. */
export const GRID_STYLE = `
th, td { padding: 0; vertical-align: top; } th { padding: .4rem .6rem; } th.entry { font-family: ui-monospace, monospace; font-weight: 500; }
td a { display: block; padding: .4rem .6rem; color: inherit; min-width: 9rem; }
td a:hover, td a:focus { outline: 2px solid #0969da; outline-offset: -2px; }
.legend span { display: inline-block; padding: .1rem .5rem; margin-right: .5rem; border: 1px solid #d0d7de; }
section.cell { display: none; border: 1px solid #d0d7de; padding: 1rem; margin-top: 1rem; } section.cell:target { display: block; }`;

/** The terminal's table: entries as rows, versions as columns, each cell clipped to its column. */
export function gridAsTable(grid: Grid, cellWidth: number): string[] {
  const idWidth = Math.max(5, ...grid.entries.map((entry) => entry.id.length));
  const widths = grid.headers.map((header) => Math.max(header.length, cellWidth));
  const row = (first: string, cells: readonly string[]) =>
    [first.padEnd(idWidth), ...cells.map((cell, i) => clip(cell, widths[i]).padEnd(widths[i]))].join('  ').trimEnd();
  return [
    row('entry', grid.headers),
    row(
      '',
      widths.map((width) => '─'.repeat(width)),
    ),
    ...grid.entries.map(({ id }) =>
      row(
        id,
        grid.headers.map((_, i) => grid.text(i, id)),
      ),
    ),
  ];
}

/** Markdown's table, with `below` (a first cell and one per column) as its last row. */
export function gridAsMarkdown(grid: Grid, below?: { first: string; cells: readonly string[] }): string[] {
  const row = (first: string, cells: readonly string[]) => `| ${first} | ${cells.join(' | ')} |`;
  return [
    row('entry', grid.headers),
    `|---|${grid.headers.map(() => '---').join('|')}|`,
    ...grid.entries.map(({ id }) =>
      row(
        `\`${id}\``,
        grid.headers.map((_, i) => escapeMarkdownCell(grid.text(i, id))),
      ),
    ),
    ...(below ? [row(below.first, below.cells)] : []),
  ];
}

/** How a cell of the HTML table looks: its class (its colour), and the anchor of what was observed there (none: not observed). */
export interface HtmlCell {
  className: string;
  anchor: string | null;
  /** The link's class (a mark the page's style adds). */
  linkClass?: string;
}

/** The HTML table: a row per entry (its title on hover), each observed cell a link to its details. */
export function gridAsHtml(grid: Grid, look: (column: number, id: string) => HtmlCell): string {
  const rows = grid.entries.map(({ id, title }) => {
    const cells = grid.headers.map((_, i) => {
      const { className, anchor, linkClass } = look(i, id);
      const text = escapeMarkup(grid.text(i, id));
      if (anchor === null) return `<td class="${className}">${text || '—'}</td>`;
      return `<td class="${className}"><a href="#${anchor}"${linkClass === undefined ? '' : ` class="${linkClass}"`}>${text}</a></td>`;
    });
    return `<tr><th class="entry" scope="row" title="${escapeMarkup(title)}">${escapeMarkup(id)}</th>${cells.join('')}</tr>`;
  });
  return `<table><thead><tr><th scope="col">entry</th>${grid.headers.map((header) => `<th scope="col">${escapeMarkup(header)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}
