import type { ErrorEvent } from '@sentry/core';
import type { Scenario } from '../../../scenarios/schema';
import { reportInBrief, type AuditContext, type AuditReport } from '../../../verdict/audit-reporting';
import type { AuditResult, EntryAudit } from '../../../verdict/audit-result';
import { auditEntry, type AuditObservation } from './judge';

/**
 * A report claimed by what it is about, however late it came. An entry's worker claims what
 * arrives before its check ends; a reporter that sends after that (PostHog's `posthog-node` from a
 * metadata route's `onRequestError`) still names the entry's route or thrown message, so once the
 * whole run has settled the report is that entry's, and its reporting is judged again with it.
 * Only a report that names no entry is nobody's.
 */

/**
 * Whether `text` names one of `ids`: its route under `segment`, or its thrower's message (`{id}: …`),
 * the whole id (`route-handler-throws` is not named by `edge-route-handler-throws: …`).
 */
export const namesEntry = (text: string, ids: readonly string[], segment: string) => ids.some((id) => naming(id, segment).test(text));

/**
 * What a report says about itself, as claiming reads it: the event without its stack traces and
 * debug metadata. A frame names the chunk the module that threw was loaded from, which under
 * webpack's server chunks may be another entry's page that loaded the shared module first
 * (sentry-pages-supabase: pages-gssp-throws's thrower from pages-gip-throws's chunk).
 */
export function claimText(event: ErrorEvent): string {
  const { debug_meta: _meta, threads: _threads, exception, ...rest } = event as ErrorEvent & { threads?: unknown };
  const values = exception?.values?.map(({ stacktrace: _stacktrace, ...value }) => value);
  return JSON.stringify({ ...rest, ...(values && { exception: { values } }) });
}

/** Neither an id's letters before it nor after it: ids are lowercase words joined by hyphens. */
const naming = (id: string, segment: string) => new RegExp(`(?<![a-z0-9-])${id}:|/${segment}/${id}(?![a-z0-9-])`);

/** How many lines of a server log, each `prefix` then what Next handed the app's `onRequestError`, name one of `ids`. */
export const handOversNaming = (log: string, prefix: string, ids: readonly string[], segment: string) =>
  log
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .filter((line) => namesEntry(line.slice(prefix.length), ids, segment)).length;

/** The observation an entry's reporting is judged from again: all but what its page's responses and document held. */
export type ReportingObservation = Omit<AuditObservation, 'responses' | 'document'>;

/** The checks a report's arrival decides; the others (the screen, a leak, the framework's status) stand as the entry's check found them. */
const REPORTING_CHECKS = ['reported once', 'traceable', 'privacy'] as const;
const isReporting = (check: string) => (REPORTING_CHECKS as readonly string[]).includes(check);

/**
 * The reports no entry's check claimed, each given to the entry it names (its own id before the
 * pages its page leads to), and those that name none. `entries` in the catalogue's order.
 */
export function claimLate(
  unclaimed: readonly AuditReport[],
  entries: readonly { id: string; reaches: readonly string[] }[],
  segment: string,
): { late: Map<string, AuditReport[]>; nobodys: AuditReport[] } {
  const late = new Map<string, AuditReport[]>();
  const nobodys: AuditReport[] = [];
  for (const report of unclaimed) {
    const text = claimText(report.event);
    const owner = entries.find(({ id }) => namesEntry(text, [id], segment)) ?? entries.find(({ reaches }) => namesEntry(text, reaches, segment));
    if (owner) late.set(owner.id, [...(late.get(owner.id) ?? []), report]);
    else nobodys.push(report);
  }
  return { late, nobodys };
}

/**
 * An entry judged again with the reports that came after its check, and Next's hand-overs counted
 * over the whole run (`delivered`): its reporting checks and their findings replaced, the rest kept;
 * each late report marked so in its brief.
 */
export function withLateReports<Judged extends EntryAudit & { reports: AuditResult['entries'][number]['reports'] }>(
  scenario: Scenario,
  judged: Judged,
  observed: ReportingObservation,
  late: readonly AuditReport[],
  delivered: number | null,
  context: AuditContext,
): Judged {
  const again = auditEntry(scenario, { ...observed, responses: [], document: null, reports: [...observed.reports, ...late], delivered }, context);
  const checks = { ...judged.checks };
  for (const check of REPORTING_CHECKS) checks[check] = again.checks[check];
  const kept = judged.findings.filter((finding) => !isReporting(finding.check));
  const order = Object.keys(judged.checks);
  const findings = [...kept, ...again.findings.filter((finding) => isReporting(finding.check))].sort((a, b) => order.indexOf(a.check) - order.indexOf(b.check));
  return {
    ...judged,
    checks,
    findings,
    reports: [...judged.reports, ...late.map((report) => ({ ...reportInBrief(report), late: true }))],
  };
}
