import { findingCount } from '../verdict/audit-result';
import { groupedFindings, type AuditResult } from './audit-render';

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

const listed = (entries: readonly string[]) => (entries.length <= 3 ? entries.join(', ') : `${entries.slice(0, 3).join(', ')} and ${entries.length - 3} more`);

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
    `next ${result.app.next} · ${result.entries.length} failures judged · **${count} finding${count === 1 ? '' : 's'}**${against}`,
    '',
    ...(rows.length ? ['| | check | finding | in | fix |', '|---|---|---|---|---|', ...rows] : ['No finding.']),
    ...(fixed.length ? ['', 'Fixed since the baseline (`--prune-baseline` drops them):', ...fixed] : []),
    ...((result.unseen ?? []).length ? ['', ...(result.unseen ?? []).map((line) => `Not seen: ${line}`)] : []),
    '',
  ].join('\n');
}
