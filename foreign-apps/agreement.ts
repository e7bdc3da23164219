import type { AuditResult } from '../cli/audit-render';
import type { ConformanceReport } from '../verdict/report';
import type { EventInBrief } from '../verdict/report-event';
import { unvarying } from '../verdict/screen-kind';

/**
 * Where `faultline audit .` and `faultline run` disagree about the reference app, one line each:
 * the same failures observed by both targets of the one engine (the audit places them under its own
 * segment in a copy, with the app's own Sentry setup; the run drives the app in harness mode) must
 * see the same status, the same screen (its lines, and its kind as the one classifier names it),
 * and the same reports, in every runtime, each said alike (one report model).
 */
export function disagreements(audit: AuditResult, run: ConformanceReport, catalogueSize: number): string[] {
  const out: string[] = [];
  const runEntries = new Map(run.entries.filter((entry) => entry.entry && entry.verdict).map((entry) => [entry.id, entry.verdict!.observed]));
  const accounted = audit.entries.length + audit.notApplicable.length + audit.notJudged.length;
  if (accounted !== catalogueSize)
    out.push(`the audit accounts for ${accounted} entries (judged, not applicable, not judged) of the catalogue's ${catalogueSize}`);
  for (const id of audit.notJudged.map((entry) => entry.id)) out.push(`${id}: not judged by the audit`);
  for (const entry of audit.entries) {
    const observed = runEntries.get(entry.id);
    if (!observed) {
      out.push(`${entry.id}: the run has no verdict for it`);
      continue;
    }
    // Both screens are what the user was left with, read by one reader: compared line by line, digests opaque and each on the host it loaded.
    const { screen } = observed;
    if (entry.status !== screen.status) out.push(`${entry.id}: status ${entry.status} in the audit, ${screen.status} in the run`);
    if (entry.screen !== screen.kind) out.push(`${entry.id}: the audit saw ${entry.screen}, the run ${screen.kind}`);
    if (JSON.stringify(entry.lines.map(unvarying)) !== JSON.stringify(screen.lines.map(unvarying)))
      out.push(`${entry.id}: the audit's screen shows ${JSON.stringify(entry.lines)}, the run's ${JSON.stringify(screen.lines)}`);

    // One report model on both sides: compared field by field, as one line each.
    const inRun = observed.reports.map(compared).sort();
    const inAudit = entry.reports.map(compared).sort();
    if (JSON.stringify(inAudit) !== JSON.stringify(inRun))
      out.push(`${entry.id}: reports ${JSON.stringify(inAudit)} in the audit, ${JSON.stringify(inRun)} in the run`);
  }
  return out;
}

/** A report's value with what each build names its own way (a chunk's hashed file name) said once for all builds. */
const build = (value: string | null) => value?.replace(/\/_next\/static\/chunks\/[\w.-]+\.js/g, '/_next/static/chunks/….js') ?? null;

/**
 * A report as the agreement compares it: its side (the run says "server" for either server runtime,
 * the audit names Node.js and the Edge runtime apart), what it says, whether it was handled, the
 * mechanism that caught it, and whether it carries a digest tag (the digest itself is opaque).
 */
function compared(report: EventInBrief & { runtime: string }): string {
  const side = report.runtime === 'browser' ? 'browser' : 'server';
  const handled = report.handled === null ? 'handled unsaid' : report.handled ? 'handled' : 'unhandled';
  const caught = `${handled}, ${report.mechanism ?? 'no mechanism'}, ${report.digest === null ? 'no digest tag' : 'a digest tag'}`;
  return `${side} ${report.type ?? 'message'}: ${build(report.value)} (${caught})`;
}
