import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cellOf,
  groupedUpgrade,
  upgradeHeadlines,
  type VersionAudit,
  type AuditedEntry,
  type AuditMatrix,
  type EntryUpgrade,
  type ScreenSide,
} from '../verdict/audit-matrix';
import { reportInOneLine } from '../verdict/report-event';
import { htmlPage } from './html-page';
import { CHANGED, escapeMarkdownCell, escapeMarkup as escape, GRID_STYLE, gridAsHtml, gridAsMarkdown, gridAsTable, markedChanged, type Grid } from './grid';

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
  return markedChanged(column.changed.includes(id), auditCellMark(cell));
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

/**
 * `audit-matrix.html`: one self-contained page (no script, no request) a team reads before an
 * upgrade: the upgrade's summary on top, each changed screen's screenshots side by side; then
 * the grid, colour-coded, every cell a link to what was observed there.
 */

/** What only this page shows beside the grid: its cells' colours, the upgrade's screens side by side. */
const STYLE = `
td.clean { background: #dafbe1; } td.findings { background: #ffebe9; } td.absent { background: #eaeef2; color: #57606a; padding: .4rem .6rem; }
.sides { display: flex; gap: 1rem; flex-wrap: wrap; } figure { margin: 0; } figcaption { color: #4d5761; }
.upgrade li { margin: .5rem 0; }
`;

const anchor = (column: VersionAudit, id: string) => `cell-${column.next}-${id}`.replace(/[^\w-]/g, '_');

/** An image file of the outputs, inlined: the page makes no request. */
function inline(dir: string, file: string | null): string | null {
  if (!file || !existsSync(join(dir, file))) return null;
  return `data:image/png;base64,${readFileSync(join(dir, file)).toString('base64')}`;
}

function side(dir: string, next: string, screen: ScreenSide, id: string): string {
  const image = inline(dir, screen.screenshot);
  const caption = `${escape(screen.kind)} on next ${escape(next)}: ${escape(screen.lines.join(' / ') || 'nothing')}`;
  return `<figure>${image ? `<img src="${image}" alt="The screen of ${escape(id)} on next ${escape(next)}">` : ''}<figcaption>${caption}</figcaption></figure>`;
}

function upgradeSection(matrix: AuditMatrix, dir: string): string {
  const { upgrade } = matrix;
  if (!upgrade) return '';
  const items = groupedUpgrade(upgrade).map(({ entries, first }) => {
    const screens = first.screen
      ? `<div class="sides">${side(dir, upgrade.from, first.screen.from, first.id)}${side(dir, upgrade.to, first.screen.to, first.id)}</div>`
      : '';
    const names = entries.map((entry) => `<code title="${escape(entry.title)}">${escape(entry.id)}</code>`).join(', ');
    return `<li>${names}${entries.length > 1 ? ` (${entries.length} entries; as shown for <code>${escape(first.id)}</code>)` : ''}<pre>${escape(upgradeLines(first).join('\n'))}</pre>${screens}</li>`;
  });
  return `<h2>Upgrading from next ${escape(upgrade.from)} to ${escape(upgrade.to)}</h2>
<ul>${upgradeHeadlines(upgrade)
    .map((line) => `<li>${escape(line)}</li>`)
    .join('')}</ul>
${items.length ? `<h3>What differs, change by change</h3><ul class="upgrade">${items.join('\n')}</ul>` : ''}`;
}

function cellDetails(matrix: AuditMatrix, dir: string, index: number, id: string): string {
  const column = matrix.columns[index];
  const cell = cellOf(column, id);
  if (!cell) return '';
  const image = inline(dir, cell.screenshot);
  return `<section class="cell" id="${anchor(column, id)}"><h2><code>${escape(id)}</code> on next ${escape(columnHeader(column))}</h2>
<p>${escape(cell.screen)}, status ${cell.status}${column.changed.includes(id) ? '; behaves otherwise than in the version before' : ''}.</p>
<h3>Screen</h3><pre>${escape(cell.lines.join('\n') || '(nothing)')}</pre>
<h3>Reports (${cell.reports.length})</h3><pre>${escape(cell.reports.map(reportInOneLine).join('\n') || 'none')}</pre>
<h3>Findings (${cell.findings.length})</h3><pre>${escape(cell.findings.map((finding) => `${finding.check}: ${finding.what}${finding.fix ? `\n  fix: ${finding.fix}` : ''}`).join('\n') || 'none')}</pre>
${image ? `<figure><img src="${image}" alt="The screen of ${escape(id)} on next ${escape(column.next)}"></figure>` : ''}
</section>`;
}

export function auditMatrixAsHtml(matrix: AuditMatrix, dir: string): string {
  const table = gridAsHtml({ entries: matrix.entries, headers: matrix.columns.map(columnHeader), text: (i, id) => auditCellText(matrix, i, id) }, (i, id) => {
    const cell = cellOf(matrix.columns[i], id);
    if (!cell) return { className: 'absent', anchor: null };
    return { className: cell.findings.length ? 'findings' : 'clean', anchor: anchor(matrix.columns[i], id) };
  });
  const notes = matrix.columns.map(
    (column) =>
      `<li><b>next ${escape(columnHeader(column))}</b>: ${escape(column.error ? `not audited: ${column.error}` : `observed ${column.observedAt}`)}` +
      `${column.adaptations.map((note) => `; ${escape(note)}`).join('')}</li>`,
  );
  const details = matrix.columns.flatMap((column, i) => matrix.entries.map(({ id }) => cellDetails(matrix, dir, i, id))).filter(Boolean);
  return htmlPage({
    title: `faultline audit of ${matrix.app.name} over next versions`,
    style: GRID_STYLE + STYLE,
    body: `<h1>faultline audit of ${escape(matrix.app.name)} over next versions</h1>
<p>Its own next ${escape(matrix.app.next)} · ${matrix.app.sentry ? '@sentry/nextjs' : 'no Sentry'} · generated ${escape(matrix.generatedAt)}. Click a cell for what was observed there.</p>
${upgradeSection(matrix, dir)}
<h2>Every entry, version by version</h2>
<p class="legend"><span style="background:#dafbe1">no finding</span><span style="background:#ffebe9">findings</span>
<span style="background:#eaeef2">not audited or not applicable</span><span>Δ behaves otherwise than in the version before</span></p>
${table}
<ul>${notes.join('\n')}</ul>
${details.join('\n')}
`,
  });
}
