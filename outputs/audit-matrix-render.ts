import {
  cellOf,
  changedAt,
  groupedUpgrade,
  upgradeHeadlines,
  type VersionAudit,
  type AuditedEntry,
  type AuditMatrix,
  type EntryUpgrade,
} from '../verdict/audit-matrix';

import { CHANGED, escapeMarkdownCell, gridAsMarkdown, gridAsTable, markedChanged, type Grid } from './grid';

/** The audit matrix as text: the terminal grid and `audit-matrix.md`. */

const SCREEN: Record<string, string> = {
  'classic fallback': 'classic',
  "Next's built-in screen": 'built-in',
  "the app's own error UI": 'own error UI',
  'a blank page': 'blank',
  'the unchanged page': 'unchanged',
  'a page': 'page',
  'a response': 'response',
};

/** A cell in a few characters: the screen, the status, and its findings (✓ none). */
export function auditCellMark(cell: AuditedEntry): string {
  return `${SCREEN[cell.screen] ?? cell.screen} ${cell.status} ${cell.findings.length ? `✗${cell.findings.length}` : '✓'}`;
}

/** Why an entry has no cell in a column, in a word. */
function missing(column: VersionAudit, id: string): string {
  if (column.error !== undefined) return '—';
  if (column.result?.notApplicable.some((entry) => entry.id === id)) return 'n/a';
  if (column.result?.notJudged.some((entry) => entry.id === id)) return 'not judged';
  return '';
}

export function auditCellText(matrix: AuditMatrix, index: number, id: string): string {
  const column = matrix.columns[index];
  const cell = cellOf(column, id);
  if (!cell) return missing(column, id);
  return markedChanged(changedAt(matrix.columns, index, id), auditCellMark(cell));
}

export const columnHeader = (column: VersionAudit) => `${column.next}${column.own ? ' (own)' : ''}`;

/** The audit matrix as a grid of marks, each said changed where it is. */
const gridOf = (matrix: AuditMatrix): Grid => ({
  entries: matrix.entries,
  headers: matrix.columns.map(columnHeader),
  text: (i, id) => auditCellText(matrix, i, id),
});

const LEGEND = `screen, status, ✓ no finding or ✗N findings · ${CHANGED} behaves otherwise than in the version before · n/a not applicable on that version · — version not audited`;

/** Entries as rows, versions as columns; the upgrade's headlines and each column's error below. */
export function auditMatrixAsTable(matrix: AuditMatrix, { cellWidth = 24 } = {}): string {
  const lines = [...gridAsTable(gridOf(matrix), cellWidth), '', LEGEND];
  for (const column of matrix.columns) if (column.error !== undefined) lines.push(`next ${column.next}: ${column.error}`);
  if (matrix.upgrade)
    lines.push('', `Upgrading from next ${matrix.upgrade.from} to ${matrix.upgrade.to}:`, ...upgradeHeadlines(matrix.upgrade).map((line) => `  ${line}`));
  return lines.join('\n');
}

/** One entry's upgrade in lines: only what differs. */
export function upgradeLines(entry: EntryUpgrade): string[] {
  const lines: string[] = [];
  if (entry.only) lines.push(`judged on ${entry.only.judgedOn} only: ${entry.only.otherwise}`);
  if (entry.screen)
    lines.push(
      `screen: ${entry.screen.from.kind} (${entry.screen.from.lines.join(' / ') || 'nothing'}) → ${entry.screen.to.kind} (${entry.screen.to.lines.join(' / ') || 'nothing'})`,
    );
  if (entry.status) lines.push(`status: ${entry.status.from} → ${entry.status.to}`);
  for (const { from, to } of entry.reports?.change ?? []) lines.push(`report changes: ${from} → ${to}`);
  for (const report of entry.reports?.appear ?? []) lines.push(`report appears: ${report}`);
  for (const report of entry.reports?.vanish ?? []) lines.push(`report vanishes: ${report}`);
  for (const finding of entry.findings?.fixed ?? []) lines.push(`finding fixed: ${finding}`);
  for (const finding of entry.findings?.new ?? []) lines.push(`finding new: ${finding}`);
  return lines;
}

/** `audit-matrix.md`: the upgrade on top, the grid, what each column was and cost. */
export function auditMatrixAsMarkdown(matrix: AuditMatrix): string {
  const { columns } = matrix;
  const lines = [`# faultline audit of ${matrix.app.name} over next ${columns.map((column) => column.next).join(', ')}`, ''];
  if (matrix.upgrade) {
    lines.push(`## Upgrading from next ${matrix.upgrade.from} to ${matrix.upgrade.to}`, '', ...upgradeHeadlines(matrix.upgrade).map((line) => `- ${line}`), '');
    for (const { entries, first } of groupedUpgrade(matrix.upgrade))
      lines.push(`- ${entries.map((entry) => `\`${entry.id}\``).join(', ')}: ${upgradeLines(first).map(escapeMarkdownCell).join('; ')}`);
    lines.push('');
  }
  lines.push('## Every entry', '', ...gridAsMarkdown(gridOf(matrix)), '', LEGEND, '');
  for (const column of columns) {
    const cost =
      `install ${column.seconds.install.toFixed(0)} s, build ${column.reused.build ? 'reused' : `${column.seconds.build.toFixed(0)} s`}, ` +
      `test ${column.reused.observation ? `reused (observed ${column.observedAt})` : `${column.seconds.test.toFixed(0)} s`}`;
    lines.push(
      `- **next ${columnHeader(column)}**: ${escapeMarkdownCell([column.error ? `not audited: ${column.error}` : cost, ...column.adaptations].join('; '))}`,
    );
  }
  return lines.join('\n');
}
