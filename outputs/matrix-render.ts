import { CONFIGURATIONS } from '../scenarios/configurations';
import { unaccountedInWords, type Matrix, type MatrixCell, type MatrixColumn } from '../verdict/matrix';
import { block, DOCS, replaceBlock } from './docs-blocks';
import { CHANGED, clip, escapeMarkdownCell, gridAsMarkdown, gridAsTable, markedChanged, type Grid } from './grid';

/** The matrix as text: the terminal table and `matrix.md` (which docs/matrix.md shows). */

/** A cell in a few characters: as pinned, what differs, or that it was not observed. */
export function cellMark(cell: MatrixCell): string {
  if (cell.notApplicable !== undefined) return 'n/a';
  return cell.error !== undefined ? 'not observed' : cell.matchesPin ? '✓' : `✗ ${cell.short}`;
}

/** The cell of entry `id` in `column`, if the column has one. */
export const cellIn = (column: MatrixColumn, id: string) => column.cells.find((cell) => cell.entry === id);

function cellText(cell: MatrixCell | undefined, column: MatrixColumn): string {
  if (column.error !== undefined) return '—';
  if (!cell) return '';
  return markedChanged(cell.changed, cellMark(cell));
}

export function header(column: Pick<MatrixColumn, 'next' | 'fallback' | 'configuration'>): string {
  const kinds = [
    column.fallback === 'builtin' ? 'builtin' : null,
    column.configuration && column.configuration !== 'default' ? CONFIGURATIONS[column.configuration].title : null,
  ];
  const said = kinds.filter(Boolean).join(', ');
  return said ? `${column.next} (${said})` : column.next;
}

/** The matrix as a grid of marks, each said changed where it is. */
const gridOf = (matrix: Matrix): Grid => ({
  entries: matrix.entries,
  headers: matrix.columns.map(header),
  text: (i, id) => cellText(cellIn(matrix.columns[i], id), matrix.columns[i]),
});

const LEGEND =
  `✓ as pinned for that version · ✗ differs from the pin (what differs) · ${CHANGED} behaves otherwise than in the ` +
  `version before · n/a not applicable in that configuration · — version not run`;

/** Entries as rows, versions as columns; each column's errors and the legend below. */
export function matrixAsTable(matrix: Matrix, { cellWidth = 26 } = {}): string {
  const lines = [...gridAsTable(gridOf(matrix), cellWidth), '', LEGEND];
  for (const column of matrix.columns) {
    if (column.error !== undefined) lines.push(`next ${column.next}: ${column.error}`);
    for (const line of column.unaccounted ?? []) lines.push(`next ${column.next}: ${line}`);
  }
  return lines.join('\n');
}

/** `matrix.md`: the table, what each column was compared with and cost, and every difference in full. */
export function matrixAsMarkdown(matrix: Matrix): string {
  const { columns } = matrix;
  const lines = [...gridAsMarkdown(gridOf(matrix), { first: '*pins of*', cells: columns.map((column) => column.pinsOf ?? '—') }), '', LEGEND, ''];
  for (const column of columns) {
    const cost =
      `install ${column.reused.install ? 'reused' : `${column.seconds.install.toFixed(0)} s`}, build ${column.reused.build ? 'reused' : `${column.seconds.build.toFixed(0)} s`}, ` +
      `run ${column.reused.run ? 'reused' : `${column.seconds.run.toFixed(0)} s`}`;
    const about = [column.error ? `not run: ${column.error}` : cost, unaccountedInWords(column) ?? [], ...column.adaptations].flat().join('; ');
    lines.push(`- **next ${header(column)}**: ${escapeMarkdownCell(about)}`);
  }
  const differing = columns.flatMap((column) => column.cells.filter((cell) => !cell.matchesPin).map((cell) => ({ column, cell })));
  if (differing.length > 0) {
    lines.push('', '<details><summary>Every difference from the pins</summary>', '');
    for (const { column, cell } of differing) {
      lines.push(
        `- \`${cell.entry}\` on ${header(column)}: ${escapeMarkdownCell(cell.error ?? cell.differences.map((difference) => clip(difference, 240)).join('; '))}`,
      );
    }
    lines.push('', '</details>');
  }
  return lines.join('\n');
}

/** The matrix block of docs/matrix.md: the latest recorded matrix (`npm run bench:matrix` writes it). */
export const MATRIX_BLOCK = block('matrix', '`npm run bench:matrix` from bench/matrix.json');

/** The matrix page (`file`, for the error when its markers are missing) with `matrix` between its markers. */
export function replaceDocsMatrix(doc: string, matrix: Matrix, file: string = DOCS.matrix): string {
  return replaceBlock(doc, file, MATRIX_BLOCK, matrixAsMarkdown(matrix));
}
