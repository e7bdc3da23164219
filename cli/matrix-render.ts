import type { Matrix, MatrixCell, MatrixColumn } from '../verdict/matrix';
import { block, DOCS, replaceBlock } from './docs-blocks';

/** The matrix as text: the terminal table and `matrix.md` (which docs/matrix.md shows). */

const CHANGED = 'Δ';

/** A cell in a few characters: as pinned, what differs, or that it was not observed. */
export function cellMark(cell: MatrixCell): string {
  return cell.error !== undefined ? 'not observed' : cell.matchesPin ? '✓' : `✗ ${cell.short}`;
}

function cellText(cell: MatrixCell | undefined, column: MatrixColumn): string {
  if (column.error !== undefined) return '—';
  if (!cell) return '';
  const mark = cellMark(cell);
  // First, so that a clipped cell still says it changed.
  return cell.changed ? `${CHANGED} ${mark}` : mark;
}

export function header(column: MatrixColumn): string {
  return column.fallback === 'builtin' ? `${column.next} (builtin)` : column.next;
}

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

const LEGEND = `✓ as pinned for that version · ✗ differs from the pin (what differs) · ${CHANGED} behaves otherwise than in the version before · — version not run`;

/** Entries as rows, versions as columns; each column's errors and the legend below. */
export function matrixAsTable(matrix: Matrix, { cellWidth = 26 } = {}): string {
  const idWidth = Math.max(5, ...matrix.entries.map((entry) => entry.id.length));
  const widths = matrix.columns.map((column) => Math.max(header(column).length, cellWidth));
  const row = (first: string, cells: string[]) =>
    [first.padEnd(idWidth), ...cells.map((cell, i) => clip(cell, widths[i]).padEnd(widths[i]))].join('  ').trimEnd();
  const lines = [
    row('entry', matrix.columns.map(header)),
    row(
      '',
      widths.map((width) => '─'.repeat(width)),
    ),
  ];
  for (const { id } of matrix.entries) {
    lines.push(
      row(
        id,
        matrix.columns.map((column) =>
          cellText(
            column.cells.find((cell) => cell.entry === id),
            column,
          ),
        ),
      ),
    );
  }
  lines.push('', LEGEND);
  for (const column of matrix.columns) if (column.error !== undefined) lines.push(`next ${column.next}: ${column.error}`);
  return lines.join('\n');
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** `matrix.md`: the table, what each column was compared with and cost, and every difference in full. */
export function matrixAsMarkdown(matrix: Matrix): string {
  const { columns } = matrix;
  const lines = [
    `| entry | ${columns.map(header).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...matrix.entries.map(
      ({ id }) =>
        `| \`${id}\` | ${columns
          .map((column) =>
            escapeCell(
              cellText(
                column.cells.find((cell) => cell.entry === id),
                column,
              ),
            ),
          )
          .join(' | ')} |`,
    ),
    `| *pins of* | ${columns.map((column) => column.pinsOf ?? '—').join(' | ')} |`,
    '',
    LEGEND,
    '',
  ];
  for (const column of columns) {
    const cost = `install ${column.reused.install ? 'reused' : `${column.seconds.install.toFixed(0)} s`}, build ${column.reused.build ? 'reused' : `${column.seconds.build.toFixed(0)} s`}, run ${column.reused.run ? 'reused' : `${column.seconds.run.toFixed(0)} s`}`;
    const about = [column.error ? `not run: ${column.error}` : cost, ...column.adaptations].join('; ');
    lines.push(`- **next ${header(column)}**: ${escapeCell(about)}`);
  }
  const differing = columns.flatMap((column) => column.cells.filter((cell) => !cell.matchesPin).map((cell) => ({ column, cell })));
  if (differing.length > 0) {
    lines.push('', '<details><summary>Every difference from the pins</summary>', '');
    for (const { column, cell } of differing) {
      lines.push(
        `- \`${cell.entry}\` on ${header(column)}: ${escapeCell(cell.error ?? cell.differences.map((difference) => clip(difference, 240)).join('; '))}`,
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
