import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findingCount, judgedInWords, ROUTE_CLASS, type AuditResult } from '../verdict/audit-result';
import { AUDIT_CHECKS, type Finding } from '../verdict/finding';
import type { BaselineComparison } from '../verdict/baseline';
import { clip, escapeMarkup } from './grid';
import { htmlPage } from './html-page';
import { routesSection } from './audit-routes';

/**
 * An audit's result for people and tools, from one model (`verdict/audit-result.ts`): each finding
 * once with every entry it holds for (`groupedFindings`), the terminal table and the baseline's
 * line, `junit.xml`, `audit.html`, `summary.md` (and the job summary in GitHub Actions) and GitHub
 * annotations. SARIF is `audit-sarif.ts`.
 */

export type { AuditResult };

/** A finding as the outputs show it: once, with every entry it holds for (many entries share one, a privacy setting for one). */
export interface GroupedFinding extends Finding {
  entries: string[];
  /** What the first of them showed, as evidence. */
  lines: string[];
}

export function groupedFindings(result: AuditResult): GroupedFinding[] {
  const groups = new Map<string, GroupedFinding>();
  const add = (finding: Finding, entry: string, lines: string[]) => {
    const key = JSON.stringify([finding.check, finding.what, finding.fix, finding.baseline, finding.level]);
    const group = groups.get(key);
    if (group) group.entries.push(entry);
    else groups.set(key, { ...finding, entries: [entry], lines });
  };
  for (const finding of result.appFindings) add(finding, 'the whole app', []);
  for (const entry of result.entries) for (const finding of entry.findings) add(finding, entry.id, entry.lines);
  return AUDIT_CHECKS.flatMap((check) => [...groups.values()].filter((group) => group.check === check));
}

const listed = (entries: readonly string[]) => (entries.length <= 3 ? entries.join(', ') : `${entries.slice(0, 3).join(', ')} and ${entries.length - 3} more`);

/** How the terminal marks a finding: failing (`✗`, `✗ new` against a baseline), accepted by the baseline, or at the `warn` level of the team's config. */
const statusMark = (finding: Finding) =>
  finding.level === 'warn' ? '! warn' : finding.baseline === 'accepted' ? '· accepted' : finding.baseline === 'new' ? '✗ new' : '✗';

const MARK = (state: string) => (state === 'ok' ? '✓' : state === 'finding' ? '✗' : '–');

/** The terminal table: entries by checks, then every finding in a line. */
export function auditAsTable(result: AuditResult): string {
  const idWidth = Math.max(...result.entries.map((entry) => entry.id.length), 5);
  const header = `${'entry'.padEnd(idWidth)}  ${AUDIT_CHECKS.map((check) => check.padEnd(check.length)).join('  ')}  the user saw`;
  const rows = result.entries.map(
    (entry) => `${entry.id.padEnd(idWidth)}  ${AUDIT_CHECKS.map((check) => MARK(entry.checks[check]).padEnd(check.length)).join('  ')}  ${entry.screen}`,
  );
  const findings = groupedFindings(result).map(
    (group) =>
      `  ${statusMark(group)} ${group.check}: ${group.what}${group.evidence ? ` (${clip(group.evidence, 120)})` : ''}\n ` +
      `     in ${listed(group.entries)}${group.fix ? `\n      fix: ${group.fix}` : ''}`,
  );
  // One line per reason, with the entries it holds for: an app without one of the routers has dozens.
  const reasons = new Map<string, string[]>();
  for (const { id, why } of result.notApplicable) reasons.set(why, [...(reasons.get(why) ?? []), id]);
  const notPlaced = [...reasons].map(([why, ids]) => `  – ${listed(ids)}: ${why}`);
  const notJudged = result.notJudged.length
    ? ['', `Not judged (${result.notJudged.length}): the audit is incomplete`, ...result.notJudged.map((entry) => `  ? ${entry.id}: ${entry.why}`)]
    : [];
  return [
    header,
    ...rows,
    '',
    `Findings (${findings.length}):`,
    ...(findings.length ? findings : ['  none']),
    ...notJudged,
    '',
    `Not applicable to this app (${result.notApplicable.length}):`,
    ...notPlaced,
  ].join('\n');
}

/** The line an audit against a baseline ends with: new, accepted, and each finding fixed since. */
export function baselineLine({ file, new: added, accepted, fixed }: BaselineComparison): string {
  const gone = fixed.map((finding) => `\n  fixed: ${finding.check}: ${finding.kind} (in ${finding.entry})`).join('');
  const prune = fixed.length > 0 ? ' (--prune-baseline drops them)' : '';
  return `Baseline ${file}: ${added} new, ${accepted} accepted, ${fixed.length} fixed since${prune}${gone}`;
}

/** `junit.xml`: a test case per entry and check; a finding is a failure, a check that does not apply is skipped. */
export function auditAsJunit(result: AuditResult): string {
  const cases = result.entries.flatMap((entry) =>
    AUDIT_CHECKS.map((check) => {
      const state = entry.checks[check];
      const findings = entry.findings.filter((finding) => finding.check === check);
      // Against a baseline, a check whose findings it all accepts (or the team set to warn) passes, said: only what fails the audit fails it.
      const failing = findings.filter((finding) => finding.level !== 'warn' && finding.baseline !== 'accepted');
      const why = findings.every((finding) => finding.level === 'warn') ? 'warn in the config' : `accepted in ${result.baseline?.file}`;
      const body =
        state === 'finding' && failing.length === 0
          ? `<skipped message="${escapeMarkup(`${why}: ${findings.map((finding) => finding.what).join('; ')}`)}"/>`
          : state === 'finding'
            ? `<failure message="${escapeMarkup(findings.map((finding) => finding.what).join('; '))}"/>`
            : state === 'ok'
              ? ''
              : `<skipped message="${escapeMarkup(state)}"/>`;
      return `    <testcase classname="${escapeMarkup(entry.id)}" name="${escapeMarkup(check)}">${body}</testcase>`;
    }),
  );
  const errors = result.notJudged.map(
    (entry) => `    <testcase classname="${escapeMarkup(entry.id)}" name="driven"><error message="${escapeMarkup(`not judged: ${entry.why}`)}"/></testcase>`,
  );
  const failures = cases.filter((testcase) => testcase.includes('<failure ')).length;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="faultline audit">\n  <testsuite name="${escapeMarkup(result.app.name)}" ` +
    `tests="${cases.length + errors.length}" failures="${failures}" errors="${errors.length}">\n${[...cases, ...errors].join('\n')}\n ` +
    ` </testsuite>\n</testsuites>\n`
  );
}

/** What only this page shows: screenshots as thumbnails, findings as lists with their fixes. */
const STYLE = `
body { font-size: 15px; line-height: 1.5; max-width: 64rem; }
code { background: #f6f8fa; padding: 0 .2rem; }
img.thumb { max-width: 12rem; border: 1px solid #d0d7de; } .lines { color: #57606a; font-size: .85rem; }
ul { padding-left: 1.2rem; } li { margin: .35rem 0; }
.fix { color: #1a7f37; } .none { color: #57606a; }
pre { font-size: 13px; } figcaption { font-size: 13px; } th, td { padding: .3rem .5rem; }
`;

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
    `${judgedInWords(result.entries)}, ${result.notApplicable.length} not applicable` +
      (result.notJudged.length ? `, <strong>${result.notJudged.length} not judged: this audit is incomplete</strong>` : ''),
    `<strong>${total} finding${total === 1 ? '' : 's'}</strong>`,
    "the app's files unchanged",
  ].join(' · ');
}

/** Each report traced to source, by entry: its runtime, reporter, result, and the raw frame beside the one it resolved to. */
function sourceRows(result: AuditResult): string {
  return result.entries
    .flatMap((entry) =>
      (entry.traceableToSource ?? []).map(
        (traced) =>
          `<tr><th scope="row"><code>${escapeMarkup(entry.id)}</code></th><td>${escapeMarkup(traced.runtime)}</td><td>${escapeMarkup(traced.reporter)}</td>` +
          `<td>${escapeMarkup(traced.result)}</td><td><code>${escapeMarkup(traced.seen)}</code></td></tr>`,
      ),
    )
    .join('\n');
}

/**
 * `audit.html`: one self-contained page for a team lead (no script, no request): findings first,
 * grouped by check, each with its entries, evidence and one-line fix; then the screenshot of each
 * distinct screen; then what was not applicable.
 */
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
  })
    .filter(Boolean)
    .join('\n');
  const screens = new Map<string, { image: string; entries: string[]; kind: string }>();
  for (const entry of result.entries) {
    // A route's screens are in its own section, beside each fault's.
    if (entry.failureClass === ROUTE_CLASS || !entry.screenshot || !existsSync(join(dir, entry.screenshot))) continue;
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
  const traced = sourceRows(result);
  const summary = summaryLine(result, total);
  const checkHeads = AUDIT_CHECKS.map((check) => `<th scope="col">${escapeMarkup(check)}</th>`).join('');
  return htmlPage({
    title: `faultline audit of ${result.app.name}`,
    style: STYLE,
    body: `<h1>faultline audit of ${escapeMarkup(result.app.name)}</h1>
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
${
  traced
    ? `<h2>Reports traced to source</h2>\n<table id="source"><thead><tr><th scope="col">entry</th><th scope="col">runtime</th><th scope="col">reporter</th>` +
      `<th scope="col">result</th><th scope="col">the frame as sent, and where the build's maps resolve it</th></tr></thead>\n<tbody>\n${traced}\n</tbody></table>`
    : ''
}
${routesSection(result, dir)}
<h2>What the app tried to reach beyond this machine</h2>
${reached ? reachedTable(reached) : '<p class="none">Nothing: every request stayed on the app’s origin.</p>'}
<h2>Not applicable to this app</h2>
${notApplicable ? `<ul>\n${notApplicable}\n</ul>` : '<p class="none">Nothing: every failure placed applies to it.</p>'}
`,
  });
}

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * `summary.md`: the audit in a pull request comment's size, and in GitHub Actions the job's
 * summary (`$GITHUB_STEP_SUMMARY`): the counts (new, accepted, fixed against a baseline), then a
 * row per finding, new ones first.
 */
export function auditAsSummary(result: AuditResult): string {
  const count = findingCount(result);
  const against = result.baseline
    ? ` · against \`${result.baseline.file}\`: **${result.baseline.new} new**, ${result.baseline.accepted} accepted, ${result.baseline.fixed.length} fixed`
    : '';
  const groups = groupedFindings(result).sort((a, b) => Number(a.baseline === 'accepted') - Number(b.baseline === 'accepted'));
  const rows = groups.map(
    (group) =>
      `| ${group.level ?? group.baseline ?? 'finding'} | ${cell(group.check)} | ${cell(group.what)} | ${cell(listed(group.entries))} | ${cell(group.fix ?? '')} |`,
  );
  const fixed = (result.baseline?.fixed ?? []).map((finding) => `- ${finding.check}: ${finding.kind} (${finding.entry})`);
  return [
    `## faultline audit of ${result.app.name}`,
    '',
    `next ${result.app.next} · ${judgedInWords(result.entries)} · **${count} finding${count === 1 ? '' : 's'}**${against}`,
    '',
    ...(rows.length ? ['| | check | finding | in | fix |', '|---|---|---|---|---|', ...rows] : ['No finding.']),
    ...(fixed.length ? ['', 'Fixed since the baseline (`--prune-baseline` drops them):', ...fixed] : []),
    ...((result.unseen ?? []).length ? ['', ...(result.unseen ?? []).map((line) => `Not seen: ${line}`)] : []),
    '',
  ].join('\n');
}

/** A workflow command's message, escaped as GitHub reads it. */
const escapeData = (text: string) => text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
/** A workflow command's property (its title), escaped as GitHub reads it. */
const escapeProperty = (text: string) => escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

/**
 * An audit's findings as GitHub Actions annotations (workflow commands on stdout), printed when
 * the audit runs in Actions as `faultline run` has Playwright's `github` reporter print a run's
 * failures: one per finding, with the entries it holds for and its fix; the app not reached or
 * not judged is the exit code's line, not an annotation.
 */
export function githubAnnotations(result: AuditResult): string[] {
  return groupedFindings(result).map((finding) => {
    const entries =
      finding.entries.length <= 5 ? finding.entries.join(', ') : `${finding.entries.slice(0, 5).join(', ')} and ${finding.entries.length - 5} more`;
    const message = [
      `${finding.what} (${entries})`,
      ...(finding.fix ? [`Fix: ${finding.fix}`] : []),
      ...(finding.evidence ? [`Seen: ${finding.evidence}`] : []),
    ];
    // A finding the team's baseline accepts is a notice: said where it is, never a red mark on the pull request.
    const level = finding.level === 'warn' ? 'warning' : finding.baseline === 'accepted' ? 'notice' : 'error';
    const accepted = finding.baseline === 'accepted' ? ' (accepted in the baseline)' : '';
    return `::${level} title=${escapeProperty(`faultline audit of ${result.app.name}: ${finding.check}${accepted}`)}::${escapeData(message.join('\n'))}`;
  });
}
