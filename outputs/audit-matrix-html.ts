import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cellOf, changedAt, groupedUpgrade, upgradeHeadlines, type VersionAudit, type AuditMatrix, type ScreenSide } from '../verdict/audit-matrix';
import { reportInOneLine } from '../verdict/report-event';
import { auditCellText, columnHeader, upgradeLines } from './audit-matrix-render';
import { escapeMarkup as escape, gridAsHtml } from './grid';

/**
 * `audit-matrix.html`: one self-contained page (no script, no request) a team reads before an
 * upgrade: the upgrade's summary on top, each changed screen's screenshots side by side; then
 * the grid, colour-coded, every cell a link to what was observed there.
 */

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 80rem; padding: 0 1rem; color: #1b1f24; background: #fff; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; } h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
code { font-family: ui-monospace, monospace; }
table { border-collapse: collapse; } th, td { border: 1px solid #d0d7de; padding: 0; text-align: left; vertical-align: top; }
th { background: #f6f8fa; padding: .4rem .6rem; font-weight: 600; } th.entry { font-family: ui-monospace, monospace; font-weight: 500; }
td a { display: block; padding: .4rem .6rem; color: inherit; min-width: 9rem; }
td.clean { background: #dafbe1; } td.findings { background: #ffebe9; } td.absent { background: #eaeef2; color: #57606a; padding: .4rem .6rem; }
td a:hover, td a:focus { outline: 2px solid #0969da; outline-offset: -2px; }
.legend span { display: inline-block; padding: .1rem .5rem; margin-right: .5rem; border: 1px solid #d0d7de; }
section.cell { display: none; border: 1px solid #d0d7de; padding: 1rem; margin-top: 1rem; } section.cell:target { display: block; }
pre { background: #f6f8fa; padding: .6rem; white-space: pre-wrap; margin: .25rem 0; }
.sides { display: flex; gap: 1rem; flex-wrap: wrap; } figure { margin: 0; } figure img { width: 440px; border: 1px solid #d0d7de; }
figcaption { max-width: 440px; font-size: 12px; color: #4d5761; }
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
<p>${escape(cell.screen)}, status ${cell.status}${changedAt(matrix.columns, index, id) ? '; behaves otherwise than in the version before' : ''}.</p>
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
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>faultline audit of ${escape(matrix.app.name)} over next versions</title><style>${STYLE}</style></head>
<body>
<main>
<h1>faultline audit of ${escape(matrix.app.name)} over next versions</h1>
<p>Its own next ${escape(matrix.app.next)} · ${matrix.app.sentry ? '@sentry/nextjs' : 'no Sentry'} · generated ${escape(matrix.generatedAt)}. Click a cell for what was observed there.</p>
${upgradeSection(matrix, dir)}
<h2>Every entry, version by version</h2>
<p class="legend"><span style="background:#dafbe1">no finding</span><span style="background:#ffebe9">findings</span>
<span style="background:#eaeef2">not audited or not applicable</span><span>Δ behaves otherwise than in the version before</span></p>
${table}
<ul>${notes.join('\n')}</ul>
${details.join('\n')}
</main>
</body></html>
`;
}
