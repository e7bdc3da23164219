import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findingCount } from '../verdict/audit-result';
import { AUDIT_CHECKS } from '../verdict/finding';
import { groupedFindings, type AuditResult } from './audit-render';
import { escapeMarkup } from './grid';

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 64rem; padding: 0 1rem; color: #1b1f24; background: #fff; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; } h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
code { font-family: ui-monospace, monospace; background: #f6f8fa; padding: 0 .2rem; }
ul { padding-left: 1.2rem; } li { margin: .35rem 0; }
.fix { color: #1a7f37; } .none { color: #57606a; }
pre { background: #f6f8fa; padding: .6rem; white-space: pre-wrap; margin: .25rem 0; font-size: 13px; }
figure { display: inline-block; margin: 0 1rem 1rem 0; vertical-align: top; } figure img { width: 440px; border: 1px solid #d0d7de; }
figcaption { max-width: 440px; font-size: 13px; color: #57606a; }
table { border-collapse: collapse; } th, td { border: 1px solid #d0d7de; padding: .3rem .5rem; text-align: left; } th { background: #f6f8fa; }
`;

/**
 * `audit.html`: one self-contained page for a team lead (no script, no request): findings first,
 * grouped by check, each with its entries, evidence and one-line fix; then the screenshot of each
 * distinct screen; then what was not applicable.
 */
/** The audit against the team's baseline: what is new, accepted and fixed since. */
function baselineSection(baseline: AuditResult['baseline']): string {
  if (!baseline) return '';
  const fixed = baseline.fixed.map(
    (finding) => `<li>fixed: ${escapeMarkup(finding.check)}: ${escapeMarkup(finding.kind)} (in <code>${escapeMarkup(finding.entry)}</code>)</li>`,
  );
  return (
    `<p>Against the baseline <code>${escapeMarkup(baseline.file)}</code>: <strong>${baseline.new} new</strong>, ` +
    `${baseline.accepted} accepted, ${baseline.fixed.length} fixed since.</p>${fixed.length ? `\n<ul>${fixed.join('')}</ul>` : ''}`
  );
}

/** The hosts the app tried to reach, each refused: its rows given. */
const reachedTable = (rows: string) =>
  '<p>Every request refused: nothing left the machine.</p>\n' +
  '<table><thead><tr><th scope="col">host</th><th scope="col">asked by</th><th scope="col">requests</th></tr></thead>\n' +
  `<tbody>\n${rows}\n</tbody></table>`;

/** The line under the title: the app, its reporter, what was judged and what was found. */
function summaryLine(result: AuditResult, total: number): string {
  return [
    `next ${escapeMarkup(result.app.next)}`,
    result.app.sentry ? '@sentry/nextjs' : 'no Sentry',
    `${result.entries.length} failures judged, ${result.notApplicable.length} not applicable` +
      (result.notJudged.length ? `, <strong>${result.notJudged.length} not judged: this audit is incomplete</strong>` : ''),
    `<strong>${total} finding${total === 1 ? '' : 's'}</strong>`,
    "the app's files unchanged",
  ].join(' · ');
}

export function auditAsHtml(result: AuditResult, dir: string): string {
  const total = findingCount(result);
  const groups = groupedFindings(result);
  const byCheck = AUDIT_CHECKS.map((check) => {
    const items = groups.filter((group) => group.check === check);
    if (items.length === 0) return '';
    const list = items
      .map((group) => {
        const evidence = group.lines.length ? `<pre>${escapeMarkup(group.lines.slice(0, 6).join('\n'))}</pre>` : '';
        const fix = group.fix ? `<div class="fix">Fix: ${escapeMarkup(group.fix)}</div>` : '';
        const seen = group.evidence ? `<div>Seen: ${escapeMarkup(group.evidence)}</div>` : '';
        const status = group.baseline ? `<strong>${group.baseline}</strong>: ` : '';
        return `<li>${status}${escapeMarkup(group.what)}<div>In ${group.entries.map((entry) => `<code>${escapeMarkup(entry)}</code>`).join(', ')}</div>${seen}${fix}${evidence}</li>`;
      })
      .join('\n');
    return `<h3>${escapeMarkup(check)} (${items.reduce((sum, group) => sum + group.entries.length, 0)})</h3>\n<ul>\n${list}\n</ul>`;
  }).join('\n');
  const screens = new Map<string, { image: string; entries: string[]; kind: string }>();
  for (const entry of result.entries) {
    if (!entry.screenshot || !existsSync(join(dir, entry.screenshot))) continue;
    const key = entry.lines.join('\n').replace(/\b\d{6,}\b|[0-9a-f]{8,}/g, '…');
    const seen = screens.get(key);
    if (seen) seen.entries.push(entry.id);
    else screens.set(key, { image: readFileSync(join(dir, entry.screenshot)).toString('base64'), entries: [entry.id], kind: entry.screen });
  }
  const figures = [...screens.values()]
    .map(
      (screen, i) =>
        `<figure><img src="data:image/png;base64,${screen.image}" alt="Screen ${i + 1}: ${escapeMarkup(screen.kind)}, as shown for ` +
        `${escapeMarkup(screen.entries[0])}"><figcaption>${escapeMarkup(screen.kind)}: ${escapeMarkup(screen.entries.join(', '))}</figcaption></figure>`,
    )
    .join('\n');
  const rows = result.entries
    .map(
      (entry) =>
        `<tr><th scope="row"><code>${escapeMarkup(entry.id)}</code></th><td>${entry.status}</td><td>${escapeMarkup(entry.screen)}</td>` +
        `${AUDIT_CHECKS.map((check) => `<td>${escapeMarkup(entry.checks[check])}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const notApplicable = result.notApplicable.map((entry) => `<li><code>${escapeMarkup(entry.id)}</code>: ${escapeMarkup(entry.why)}</li>`).join('\n');
  const notJudged = result.notJudged.map((entry) => `<li><code>${escapeMarkup(entry.id)}</code>: ${escapeMarkup(entry.why)}</li>`).join('\n');
  const substituted = result.substituted.map((line) => `<li>${escapeMarkup(line)}</li>`).join('');
  const unseen = (result.unseen ?? []).map((line) => `<li>${escapeMarkup(line)}</li>`).join('\n');
  const reached = (result.reachedOut ?? [])
    .map(({ host, runtime, requests }) => `<tr><th scope="row"><code>${escapeMarkup(host)}</code></th><td>${runtime}</td><td>${requests}</td></tr>`)
    .join('\n');
  const summary = summaryLine(result, total);
  const checkHeads = AUDIT_CHECKS.map((check) => `<th scope="col">${escapeMarkup(check)}</th>`).join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>faultline audit of ${escapeMarkup(result.app.name)}</title><style>${STYLE}</style></head>
<body>
<main>
<h1>faultline audit of ${escapeMarkup(result.app.name)}</h1>
<p>${summary}</p>
${substituted ? `<p>Substituted to build offline:</p><ul>${substituted}</ul>` : ''}
${baselineSection(result.baseline)}
${unseen ? `<h2>What faultline cannot see</h2>\n<ul>\n${unseen}\n</ul>` : ''}
${notJudged ? `<h2>Not judged</h2>\n<p>These failures were placed but could not be driven in this app, so nothing is said of them:</p>\n<ul>\n${notJudged}\n</ul>` : ''}
<h2>Findings</h2>
${byCheck || '<p class="none">None.</p>'}
<h2>Screens</h2>
${figures || '<p class="none">No page was shown.</p>'}
<h2>Every entry</h2>
<table id="entries"><thead><tr><th scope="col">entry</th><th scope="col">status</th><th scope="col">the user saw</th>${checkHeads}</tr></thead>
<tbody>
${rows}
</tbody></table>
<h2>What the app tried to reach beyond this machine</h2>
${reached ? reachedTable(reached) : '<p class="none">Nothing: every request stayed on the app’s origin.</p>'}
<h2>Not applicable to this app</h2>
<ul>
${notApplicable}
</ul>
</main>
</body>
</html>
`;
}
