import { groupedFindings, type AuditResult } from './audit-render';

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
