import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unaccountedInWords, type Matrix, type MatrixCell, type MatrixColumn } from '../verdict/matrix';
import { reportInOneLine } from '../verdict/report-event';
import { escapeMarkup as escape, GRID_STYLE, gridAsHtml } from './grid';
import { htmlPage } from './html-page';
import { cellIn, cellMark, header } from './matrix-render';

/**
 * `matrix.html`: one self-contained page (no script, no request): the grid colour-coded, every
 * cell a link to what was observed there, and one screenshot of each distinct error screen.
 */

/** Which screen a matrix observed, in its header's words. */
const FALLBACKS = {
  classic: "the app's classic fallback",
  builtin: "Next's own global error screen",
  both: "the app's classic fallback and Next's own screen",
} as const;

const yesNo = (value: boolean | null) => (value === null ? 'n/a' : value ? 'yes' : 'no');

/** What only this page shows beside the grid: its cells' colours against their pins, a change's mark. */
const STYLE = `
td a { text-decoration: none; }
td.pin { background: #dafbe1; } td.differs { background: #ffebe9; } td.error, td.absent { background: #eaeef2; color: #57606a; }
.changed::after { content: " Δ"; font-weight: 700; color: #9a6700; }
pre { overflow-x: auto; }
`;

const anchor = (column: MatrixColumn, entry: string) =>
  `cell-${column.next}-${column.fallback}-${column.configuration ?? 'default'}-${entry}`.replace(/[^\w-]/g, '_');

/** The distinct screens (by what they show), each with its first screenshot. */
function distinctScreens(matrix: Matrix, dir: string) {
  const screens = new Map<string, { image: string; cells: string[] }>();
  const screenOf = new Map<MatrixCell, string>();
  for (const column of matrix.columns) {
    for (const cell of column.cells) {
      const screen = cell.observed?.screen;
      if (!screen || screen.fallback === 'none' || !cell.screenshot || !existsSync(join(dir, cell.screenshot))) continue;
      const key = JSON.stringify([
        screen.fallback,
        screen.fallback === 'other' ? screen.lines : screen.heading?.replace(/while loading \S+/, ''),
        screen.digestLine !== null,
      ]);
      if (!screens.has(key)) screens.set(key, { image: readFileSync(join(dir, cell.screenshot)).toString('base64'), cells: [] });
      screens.get(key)!.cells.push(`${cell.entry} on ${header(column)}`);
      screenOf.set(cell, `screen-${[...screens.keys()].indexOf(key) + 1}`);
    }
  }
  return { screens: [...screens.values()], screenOf };
}

function cellDetails(column: MatrixColumn, cell: MatrixCell, screen: string | undefined): string {
  const parts = [`<section class="cell" id="${anchor(column, cell.entry)}"><h2><code>${escape(cell.entry)}</code> on next ${escape(header(column))}</h2>`];
  parts.push(
    `<p>${cell.error ? `Not observed: ${escape(cell.error)}` : cell.matchesPin ? 'As pinned for this version.' : 'Differs from the pin:'}` +
      `${cell.changed ? ' Behaves otherwise than in the version before.' : ''}</p>`,
  );
  if (cell.differences.length > 0) parts.push(`<pre>${escape(cell.differences.join('\n'))}</pre>`);
  if (cell.observed) {
    const { screen: seen, reports, digests } = cell.observed;
    const shown = seen.fallback === 'other' ? seen.lines : [seen.heading, seen.digestLine].filter((line): line is string => line !== null);
    parts.push(
      `<h3>Screen (${escape(seen.kind)})</h3><pre>${escape(shown.join('\n') || `(no error screen) ${seen.sees ?? ''}`)}</pre>`,
      `<p>Status ${seen.status}, final path <code>${escape(seen.path)}</code>${seen.actionStatus === null ? '' : `, action status ${seen.actionStatus}`}.</p>`,
      `<p>Digest on screen: <code>${escape(digests.screen ?? 'none')}</code>; on reports: <code>${escape(digests.reports.join(', ') || 'none')}</code>; ` +
        `in the server log: ${yesNo(digests.inLog)}; agree: ${yesNo(digests.agree)}.</p>`,
      `<h3>Reports (${reports.length})</h3><pre>${escape(reports.map(reportInOneLine).join('\n') || 'none')}</pre>`,
    );
    if (screen) parts.push(`<p><a href="#${screen}">The screenshot of this screen</a></p>`);
  }
  parts.push('</section>');
  return parts.join('\n');
}

export function matrixAsHtml(matrix: Matrix, dir: string): string {
  const { screens, screenOf } = distinctScreens(matrix, dir);
  // Each cell its mark (a change is the style's Δ), coloured by how it compares with its pin.
  const observed = (i: number, id: string) => (matrix.columns[i].error === undefined ? cellIn(matrix.columns[i], id) : undefined);
  const table = gridAsHtml(
    { entries: matrix.entries, headers: matrix.columns.map(header), text: (i, id) => (observed(i, id) ? cellMark(observed(i, id)!) : '') },
    (i, id) => {
      const cell = observed(i, id);
      if (!cell) return { className: 'absent', anchor: null };
      const className = cell.error ? 'error' : cell.matchesPin ? 'pin' : 'differs';
      return { className, anchor: anchor(matrix.columns[i], id), linkClass: cell.changed ? 'changed' : '' };
    },
  );
  const columnNotes = matrix.columns.map(
    (column) =>
      `<li><b>next ${escape(header(column))}</b>: ${escape(column.error ? `not run: ${column.error}` : `pins of ${column.pinsOf}; observed ${column.observedAt}`)}${[
        unaccountedInWords(column) ?? [],
        column.adaptations,
      ]
        .flat()
        .map((note) => `; ${escape(note)}`)
        .join('')}</li>`,
  );
  const details = matrix.columns.flatMap((column) => column.cells.map((cell) => cellDetails(column, cell, screenOf.get(cell))));
  const figures = screens.map(
    (screen, i) =>
      `<figure id="screen-${i + 1}"><img alt="screen ${i + 1}" src="data:image/png;base64,${screen.image}"><figcaption>Screen ${i + 1}: ` +
      `${escape(screen.cells.slice(0, 6).join(', '))}${screen.cells.length > 6 ? ` and ${screen.cells.length - 6} more` : ''}</figcaption></figure>`,
  );
  return htmlPage({
    title: 'faultline matrix',
    style: GRID_STYLE + STYLE,
    body: `<h1>How this app fails, version by version</h1>
<p>Generated ${escape(matrix.generatedAt)} by <code>faultline matrix</code>, ${FALLBACKS[matrix.fallback]}. Click a cell for what was observed.</p>
<p class="legend"><span style="background:#dafbe1">✓ as pinned</span><span style="background:#ffebe9">✗ differs from the pin</span>
<span style="background:#eaeef2">not observed</span><span>Δ behaves otherwise than the version before</span></p>
${table}
<ul>${columnNotes.join('\n')}</ul>
${details.join('\n')}
<h2>Screens</h2>
${figures.join('\n') || '<p>No error screen was captured.</p>'}
`,
  });
}
