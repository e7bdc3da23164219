import type { AuditResult } from '../verdict/audit-result';
import type { ConformanceReport } from '../verdict/report';
import type { EventInBrief } from '../verdict/report-event';
import { unvarying } from '../verdict/screen-kind';
import type { Scenario } from '../scenarios/schema';

/**
 * Where `faultline audit .` and `faultline run` disagree about the reference app, one line each:
 * the same failures observed by both targets of the one engine (the audit places them under its own
 * segment in a copy, with the app's own Sentry setup; the run drives the app in harness mode) must
 * see the same status, the same screen (its lines, and its kind as the one classifier names it),
 * and the same reports, in every runtime, each said alike (one report model).
 */
export function disagreements(
  audit: AuditResult,
  run: ConformanceReport,
  catalogue: readonly { id: string; expect: Pick<Scenario['expect'], 'sees'> }[],
): string[] {
  const out: string[] = [];
  const catalogueSize = catalogue.length;
  // A response pinned by its start (a page as a response body: its rest carries the build's chunks and this request's trace) is compared by that start.
  const pinnedStart = new Map(
    catalogue.flatMap((scenario) => (typeof scenario.expect.sees === 'object' ? [[scenario.id, scenario.expect.sees.startsWith]] : [])),
  );
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
    const start = pinnedStart.get(entry.id);
    if (start !== undefined) {
      if (!entry.lines.join('\n').startsWith(start) || !screen.lines.join('\n').startsWith(start))
        out.push(
          `${entry.id}: the audit's response starts ${JSON.stringify(entry.lines[0]?.slice(0, 120))}, the run's ${JSON.stringify(screen.lines[0]?.slice(0, 120))}`,
        );
    } else if (JSON.stringify(entry.lines.map(comparable)) !== JSON.stringify(screen.lines.map(comparable)))
      out.push(`${entry.id}: the audit's screen shows ${JSON.stringify(entry.lines)}, the run's ${JSON.stringify(screen.lines)}`);

    // One report model on both sides: compared field by field, as one line each.
    const inRun = observed.reports.map(compared).sort();
    const inAudit = entry.reports.map(compared).sort();
    if (JSON.stringify(inAudit) !== JSON.stringify(inRun))
      out.push(`${entry.id}: reports ${JSON.stringify(inAudit)} in the audit, ${JSON.stringify(inRun)} in the run`);
  }
  return out;
}

/** A shown line as both targets compare it: digests and numbers opaque, each on the host it loaded. */
const comparable = unvarying;

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
