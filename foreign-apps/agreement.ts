import type { AuditResult } from '../cli/audit-render';
import type { ConformanceReport } from '../verdict/report';
import type { Fallback } from '../verdict/verdict';

/**
 * Where `faultline audit .` and `faultline run` disagree about the reference app, one line each:
 * two ways of observing the same failures (the audit places them under its own segment in a copy,
 * with the app's own Sentry setup; the run drives the app in harness mode) must see the same
 * status, the same kind of screen with the same sentence, and the same reports. The one thing the
 * audit cannot see, the Edge runtime's reports, it must say it did not judge.
 */
export function disagreements(audit: AuditResult, run: ConformanceReport, catalogueSize: number): string[] {
  const out: string[] = [];
  const runEntries = new Map(run.entries.filter((entry) => entry.entry && entry.verdict).map((entry) => [entry.id, entry.verdict!.observed]));
  const accounted = audit.entries.length + audit.notApplicable.length + audit.notJudged.length;
  if (accounted !== catalogueSize) out.push(`the audit accounts for ${accounted} entries (judged, not applicable, not judged) of the catalogue's ${catalogueSize}`);
  for (const id of audit.notJudged.map((entry) => entry.id)) out.push(`${id}: not judged by the audit`);
  for (const entry of audit.entries) {
    const observed = runEntries.get(entry.id);
    if (!observed) {
      out.push(`${entry.id}: the run has no verdict for it`);
      continue;
    }
    const { screen } = observed;
    if (entry.status !== screen.status) out.push(`${entry.id}: status ${entry.status} in the audit, ${screen.status} in the run`);
    if (!SCREENS[screen.fallback].includes(entry.screen)) out.push(`${entry.id}: the audit saw ${entry.screen}, the run the fallback "${screen.fallback}"`);
    if (screen.heading !== null && !entry.lines.includes(screen.heading)) out.push(`${entry.id}: the run's heading "${screen.heading}" is not on the audit's screen (${JSON.stringify(entry.lines)})`);
    const auditDigestLine = entry.lines.some((line) => line.startsWith('Digest: '));
    if ((screen.digestLine !== null) !== auditDigestLine) out.push(`${entry.id}: a digest line in the ${auditDigestLine ? 'audit' : 'run'} only`);

    const inRun = observed.reports.map((report) => `${report.runtime === 'server' ? 'node' : 'browser'} ${report.type}: ${report.value}`).sort();
    const inAudit = entry.reports.map((report) => `${report.runtime} ${report.type}: ${report.value}`).sort();
    if (entry.checks['reported once'].startsWith('not judged: the Edge runtime')) {
      // Its server reports are the Edge runtime's, which the audit counts but cannot read: only the browser's compare.
      if (!inRun.some((report) => report.startsWith('node '))) out.push(`${entry.id}: the audit says the Edge runtime sent, the run saw no server report`);
      const browser = (reports: string[]) => reports.filter((report) => report.startsWith('browser '));
      if (JSON.stringify(browser(inAudit)) !== JSON.stringify(browser(inRun))) out.push(`${entry.id}: browser reports ${JSON.stringify(browser(inAudit))} in the audit, ${JSON.stringify(browser(inRun))} in the run`);
    } else if (JSON.stringify(inAudit) !== JSON.stringify(inRun)) {
      out.push(`${entry.id}: reports ${JSON.stringify(inAudit)} in the audit, ${JSON.stringify(inRun)} in the run`);
    }
  }
  return out;
}

/** The audit's screen kinds that mean what the run's fallback variant means. */
const SCREENS: Record<Fallback, readonly string[]> = {
  server: ['classic fallback'],
  client: ['classic fallback'],
  other: ["Next's built-in screen"],
  none: ['a page', 'the unchanged page', 'a response', 'a blank page'],
};
