import type { AuditResult } from '../verdict/audit-result';
import { AUDIT_CHECKS, type Finding } from '../verdict/finding';
import type { BaselineComparison } from '../verdict/baseline';
import { clip, escapeMarkup } from './grid';

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
