import type { ErrorEvent } from '@sentry/core';
import { eventIdShown, isRedactedMessage, isSwitchedToClient, sideOf, statusNamed } from '../../../scenarios/golden';
import { routerOf } from '../../../scenarios/routes';
import type { Scenario } from '../../../scenarios/schema';
import { classifyScreen, failingSide, type ScreenKind } from '../../../verdict/screen-kind';
import type { Finding } from '../../../verdict/finding';
import { privacyProblems } from '../../../verdict/privacy';
import type { Observed } from '../../../verdict/observation';
import { whatItSays } from '../../../verdict/report-event';
import { textsToHide } from '../../../verdict/verdict';
import { FIX, noDsnCause, readers, type AuditContext, type AuditReport, type SetupCause } from '../../../verdict/audit-reporting';
import type { EntryAudit, Refused } from '../../../verdict/audit-result';

/**
 * A placed failure judged (pure: it runs in the worker that observed it): what holds for any app,
 * from what was observed, each finding with its evidence and, where there is one, its fix in a
 * line. The catalogue's pins for the app's `next` say what Next does by itself.
 */

/**
 * One placed entry as the audit observed it in the app: the observation both targets make (its
 * screen as a run's check reads one, its reports as they arrived, every digest the server log
 * printed about it: the audit always reads the log), and what the audit alone judges.
 */
export interface AuditObservation extends Observed<AuditReport> {
  id: string;
  serverLogDigests: string[];
  /** Hosts beyond the machine the app server and the page asked for while the entry ran, refused unread, once per request (no envelope: those are read). */
  refused: Refused;
  /** Text of every response the entry's page received from the app (documents, RSC payloads, action results, scripts). */
  responses: string[];
  /** The page's document as it stood once settled (null: no page, a request). */
  document: string | null;
  /** Whether each runtime's Sentry SDK had a client to send with (false: `Sentry.init` ran without a DSN, or never); null where unknown. */
  clients: { server: boolean | null; browser: boolean | null };
  /** How many times Next handed this failure's error to the app's `onRequestError` (counted in its instrumentation); null where not counted. */
  delivered?: number | null;
  /** The browser's error reports sent to the app's own tunnel route that never came out of its server: where they stopped (null: every one arrived, or none went there). */
  undelivered?: Undelivered | null;
}

/** Where the browser's reports stopped on their way through the app's tunnel route. */
export interface Undelivered {
  /** The tunnel route's path, without its query. */
  route: string;
  /** What the app answered the page there (0: no answer), and where a redirect sent it. */
  status: number;
  location: string | null;
  /** The app's proxy file when its matcher covers the route, so it runs before the tunnel's rewrite. */
  proxy: string | null;
  /** How many error events the page sent there. */
  events: number;
}

/** Privacy problems by kind (a client address, headers outside the allow-list, …), each with the fields it was seen in. */
function privacyByKind(problems: readonly string[]): Map<string, string[]> {
  const KINDS: [RegExp, string][] = [
    [/^(user\.ip_address)|^an address in (request header [^:]+)/, "the client's address"],
    [/^(request header [^:]+)/, 'request headers outside the allow-list'],
    [/^(request\.cookies)/, 'cookies'],
    [/^a query string in a .* (breadcrumb)'s/, 'query strings'],
    [/^(request\.query_string)|^a query string in (\S+)/, 'query strings'],
    [/^(request\.data)/, 'the request body'],
  ];
  const kinds = new Map<string, string[]>();
  for (const problem of problems) {
    for (const [pattern, kind] of KINDS) {
      const match = pattern.exec(problem);
      if (!match) continue;
      const field = (match[1] ?? match[2]).replace(/^request header /, '');
      const fields = kinds.get(kind) ?? [];
      if (!fields.includes(field)) fields.push(field);
      kinds.set(kind, fields);
      break;
    }
  }
  return kinds;
}

const valueOf = (event: ErrorEvent) => whatItSays(event) ?? '';

/** A report of the server's, on either of its runtimes (Node.js, Edge). */
const isServerReport = (report: AuditReport) => report.runtime !== 'browser';

const isRedactedCopy = (report: AuditReport) => report.runtime === 'browser' && isRedactedMessage(valueOf(report.event));

/** What Sentry's `captureUnderscoreErrorException` sends from a Pages Router app's `_error`. */
const isUnderscoreCapture = (report: AuditReport) =>
  report.event.exception?.values?.some((value) => value.mechanism?.type === 'auto.function.nextjs.underscore_error') ?? false;

/** The browser's word that a boundary the server failed was rendered there instead: that server failure again, not one of the browser's. */
const isSwitchedCopy = (report: AuditReport) => report.runtime === 'browser' && isSwitchedToClient(valueOf(report.event));

/**
 * The Pages Router's screen has no digest: what a user can quote of a server failure is the event
 * id of its report, where the app shows it (with Sentry); and the status its `_error` names must be
 * the failure's.
 */
function pagesScreenFindings(side: 'server' | 'client', observation: AuditObservation, sentry: boolean): Finding[] {
  const findings: Finding[] = [];
  const named = statusNamed(observation.screen.lines);
  if (named !== null && (side === 'client' || named !== observation.screen.status))
    findings.push({
      check: 'screen',
      what:
        side === 'client'
          ? `the screen names status ${named}, for a client-side exception`
          : `the screen names status ${named}, where the server answered ${observation.screen.status}`,
      fix: FIX.pagesWrongStatus,
    });
  // As the App Router's digest: a server failure's reference, which only the server's report holds.
  if (sentry && side === 'server' && eventIdShown(observation.screen.lines) === null) {
    const reported = observation.reports.map((report) => report.event.event_id).find(Boolean);
    findings.push({
      check: 'screen',
      what: 'no reference the user could quote: the screen shows no event id, and the Pages Router has no digest',
      fix: FIX.pagesNoReference,
      ...(reported && { evidence: `the report's event id: ${reported}` }),
    });
  }
  return findings;
}

function screenFindings(scenario: Scenario, screen: ScreenKind, observation: AuditObservation, sentry = false): Finding[] {
  const side = failingSide(scenario);
  if (!side) return [];
  if (screen === 'a blank page') return [{ check: 'screen', what: `a ${side} failure leaves a blank page`, fix: FIX.blank }];
  const findings: Finding[] = [];
  const shownSide = observation.screen.lines.map(sideOf).find((found) => found !== null);
  if (shownSide && shownSide !== side)
    findings.push({ check: 'screen', what: `the screen says a ${shownSide}-side exception occurred, for a ${side}-side failure`, fix: FIX.wrongSide });
  if (routerOf(scenario.failureClass) === 'pages') return [...findings, ...pagesScreenFindings(side, observation, sentry)];
  const text = observation.screen.lines.join('\n');
  if (side === 'server' && observation.serverLogDigests.length > 0 && !observation.serverLogDigests.some((digest) => text.includes(digest))) {
    findings.push({
      check: 'screen',
      what: 'no reference the user could quote: the digest the server log prints is not on the screen',
      fix: FIX.noReference,
      evidence: `server log: digest ${observation.serverLogDigests[0]}`,
    });
  }
  return findings;
}

/** The browser's reports stopped at the app's tunnel route: what answered there, and the change that lets them through. */
function deliveryFinding({ route, status, location, proxy, events }: Undelivered, tunnel: AuditContext['tunnel']): Finding {
  const answered = status === 0 ? 'got no answer' : `answered ${status}${location ? ` to ${location}` : ''}`;
  const who = proxy ? `the app's proxy, ${proxy}, runs for it` : status === 404 ? 'no route' : "the app's server";
  // `tunnelRoute: true` names a new route at every build, which no matcher can leave out.
  const perBuild = tunnel && tunnel.to === null ? tunnel.via.replace(/^tunnelRoute in /, '') : null;
  const fix = proxy
    ? perBuild
      ? `give tunnelRoute a fixed path in ${perBuild} (tunnelRoute: '/monitoring'; this build's was ${route}) and leave it out of the matcher in ${proxy}`
      : `leave ${route} out of the matcher in ${proxy}, so Sentry's tunnel route reaches its rewrite`
    : status === 404
      ? FIX.tunnelNoRoute
      : FIX.tunnelAnswered;
  return {
    check: 'reported once',
    what: `the browser's reports never arrive: ${route} ${answered} (${who})`,
    fix,
    evidence: `${events} error event${events === 1 ? '' : 's'} sent there, none forwarded`,
  };
}

/** What Next did with a failure's error, as the app's counted `onRequestError` saw it. */
const handedOver = (times: number) =>
  times === 0 ? 'Next never handed it to onRequestError' : `Next handed it to onRequestError ${times === 1 ? 'once' : `${times} times`}`;

/** The change that would report a failure never reported: the reporter's own way, else what the app's files lack, else the runtime's and router's usual place. */
function neverReportedFix(
  scenario: Scenario,
  runtime: 'server' | 'browser',
  { sentry, postHog, cause }: { sentry: boolean; postHog: boolean; cause: SetupCause | null },
): string {
  const proxy = scenario.failureClass === 'proxy';
  if (!sentry && postHog) return proxy ? FIX.postHogProxy : FIX.postHogServer;
  if (!sentry) return proxy ? FIX.otelProxy : FIX.otelServer;
  if (cause) return cause.fix;
  if (runtime === 'server') return serverFix(scenario);
  return routerOf(scenario.failureClass) === 'pages' ? FIX.pagesBrowserMissing : FIX.browserMissing;
}

/** Where a server failure of this kind is reported from: the proxy and the Edge runtime each have their own way. */
function serverFix(scenario: Scenario): string {
  if (scenario.failureClass === 'proxy') return FIX.proxyMissing;
  if (scenario.failureClass === 'edge-runtime') return FIX.edgeMissing;
  return FIX.serverMissing;
}

type ReportedOnce = { state: EntryAudit['checks']['reported once']; findings: Finding[] };

/** Where this entry's reports are not judged, the state that says why (a reporter faultline cannot read, a runtime not read); null where they are. */
function unjudgedReports(scenario: Scenario, observation: AuditObservation, context: AuditContext, reads: readonly string[]): string | null {
  const expected = scenario.reports.filter((report) => !report.optional);
  if (!context.sentry && reads.length === 0) {
    // Where errors go to a reporter faultline cannot read, what it can say is whether Next handed the error over.
    const others = (context.otherReporters ?? []).map((reporter) => reporter.replace(/ \(.*$/, ''));
    const serverFailure = expected.some((report) => report.runtime === 'server');
    if (others.length === 0 || !serverFailure || observation.delivered == null) return 'no Sentry in the app';
    return observation.delivered > 0 ? `handed to ${others.join(' and ')}, not read` : "never handed to the app's onRequestError";
  }
  // A reporter other than Sentry is read where the server sends it; what the browser sends it is not.
  if (!context.sentry && expected.length > 0 && expected.every((report) => report.runtime === 'browser'))
    return `the browser is not read for ${reads.join(' or ')}`;
  // The audit's flush reaches the Node.js server's tracer provider; spans the Edge runtime batches may leave after an entry is judged.
  if (!context.sentry && reads.every((name) => name === 'OpenTelemetry') && scenario.failureClass === 'edge-runtime')
    return "the Edge runtime's spans are not read for OpenTelemetry";
  return null;
}

/** How many reports each runtime sent of its own: the browser's redacted and switched copies of a server failure are counted apart. */
const ownReports = (reports: readonly AuditReport[]) => ({
  server: reports.filter(isServerReport).length,
  browser: reports.filter((report) => report.runtime === 'browser' && !isRedactedCopy(report) && !isSwitchedCopy(report)).length,
});

/** A runtime's failure that no report of it carries: why, from the app's files or its SDK's client, with the fix and what Next did. */
function neverReported(
  scenario: Scenario,
  runtime: 'server' | 'browser',
  observation: AuditObservation,
  context: AuditContext,
  reads: readonly string[],
): Finding {
  // What the app's files prove comes first: a client without a DSN is what an SDK never initialised looks like too.
  const read = scenario.failureClass === 'proxy' || scenario.failureClass === 'edge-runtime' ? null : (context.setup?.[runtime] ?? null);
  const cause = read ?? (observation.clients[runtime] === false ? noDsnCause(runtime, context.setup?.dsnFrom?.[runtime]) : null);
  const fix = neverReportedFix(scenario, runtime, { sentry: context.sentry, postHog: reads.includes('PostHog'), cause });
  const refused =
    runtime === 'server' && observation.refused.server.length > 0
      ? `the server asked for ${[...new Set(observation.refused.server)].join(', ')} beyond this machine (refused, unread)`
      : undefined;
  const handed = runtime === 'server' && observation.delivered != null ? handedOver(observation.delivered) : undefined;
  const evidence = [handed, refused].filter(Boolean).join('; ');
  return { check: 'reported once', what: `a ${runtime} failure is never reported${cause ? `: ${cause.why}` : ''}`, fix, ...(evidence && { evidence }) };
}

/** A runtime that reported one failure more times than it fails: twice through `_error`'s capture is named with its fix. */
function reportedTooOften(runtime: 'server' | 'browser', seen: number, allowed: number, reports: readonly AuditReport[]): Finding {
  if (runtime === 'server' && seen === 2 && allowed === 1 && reports.some(isUnderscoreCapture))
    return {
      check: 'reported once',
      what: "reported twice: by onRequestError, and again by _error's captureUnderscoreErrorException",
      fix: FIX.underscoreTwice,
    };
  return { check: 'reported once', what: `the ${runtime} reports it ${seen} times, where it fails ${allowed === 1 ? 'once' : `${allowed} times`}` };
}

/** Each runtime's count against what the catalogue pins for the reference app: each failure exactly once, by the runtime that sees it. */
function countFindings(scenario: Scenario, observation: AuditObservation, context: AuditContext, reads: readonly string[]): Finding[] {
  const { reports } = observation;
  const redacted = reports.filter(isRedactedCopy).length;
  const seen = ownReports(reports);
  // A reporter other than Sentry is read where the server sends it; what the browser sends it is not.
  const runtimes = context.sentry ? (['server', 'browser'] as const) : (['server'] as const);
  return runtimes.flatMap((runtime) => {
    const needed = scenario.reports.filter((report) => report.runtime === runtime && !report.optional).length;
    const allowed = scenario.reports.filter((report) => report.runtime === runtime).length;
    // Sent to the tunnel and stopped there: the delivery finding names where, instead of a bare "never reported".
    if (runtime === 'browser' && observation.undelivered && seen.browser < needed) return [];
    if (seen[runtime] < needed && !(runtime === 'server' && redacted > 0)) return [neverReported(scenario, runtime, observation, context, reads)];
    return seen[runtime] > allowed ? [reportedTooOften(runtime, seen[runtime], allowed, reports)] : [];
  });
}

/** A server failure the browser reported again, or only: its redacted copy, or React's #419 where a Suspense boundary was rendered in the browser. */
function copyFindings({ reports }: AuditObservation): Finding[] {
  const redacted = reports.filter(isRedactedCopy).length;
  const switched = reports.filter(isSwitchedCopy).length;
  const server = ownReports(reports).server;
  const findings: Finding[] = [];
  if (redacted > 0 && server > 0)
    findings.push({ check: 'reported once', what: "reported twice: by the server, and again as the browser's redacted copy", fix: FIX.twice });
  if (switched > 0 && server > 0)
    findings.push({
      check: 'reported once',
      what: "reported twice: by the server, and again by the browser as React's #419 (the server could not finish a Suspense boundary, so the browser rendered it)",
      fix: FIX.switched,
    });
  if (redacted > 0 && server === 0)
    findings.push({ check: 'reported once', what: "a server failure is reported only as the browser's redacted copy", fix: FIX.redactedOnly });
  return findings;
}

/** Reported once: each failure reported exactly once, by the runtime that sees it, wherever its reports are read. */
/**
 * An app whose only reporters run in the browser (`posthog-js`), none on its server: a server
 * failure is never reported (nothing there sends), a browser failure is not judged (not read).
 * Null for any other app, or an entry that expects no report.
 */
function browserOnlyReporting(scenario: Scenario, observation: AuditObservation, context: AuditContext, reads: readonly string[]): ReportedOnce | null {
  const browser = (context.browserReporters ?? []).map((reporter) => reporter.replace(/ \(.*$/, ''));
  if (context.sentry || reads.length > 0 || (context.otherReporters ?? []).length > 0 || browser.length === 0) return null;
  const expected = scenario.reports.filter((report) => !report.optional);
  if (expected.length === 0) return null;
  if (!expected.some((report) => report.runtime === 'server')) return { state: `the browser is not read for ${browser.join(' or ')}`, findings: [] };
  const what = `a server failure is never reported: nothing on the server reports errors (${browser.join(' and ')} only in the browser)`;
  const evidence = observation.delivered != null ? handedOver(observation.delivered) : undefined;
  return { state: 'finding', findings: [{ check: 'reported once', what, fix: FIX.serverUnreported, ...(evidence && { evidence }) }] };
}

function reportFindings(scenario: Scenario, observation: AuditObservation, context: AuditContext): ReportedOnce {
  const reads = readers(context, observation.reports);
  const browserOnly = browserOnlyReporting(scenario, observation, context, reads);
  if (browserOnly) return browserOnly;
  const unjudged = unjudgedReports(scenario, observation, context, reads);
  if (unjudged) return { state: unjudged, findings: [] };
  const { reports } = observation;
  if (scenario.reports.every((report) => report.optional)) {
    if (reports.length > 0 && (scenario.failureClass === 'control' || scenario.failureClass === 'routing-signal'))
      return {
        state: 'finding',
        findings: [{ check: 'reported once', what: `${reports.length} report${reports.length > 1 ? 's' : ''} for what is not an error` }],
      };
    return { state: 'nothing to report', findings: [] };
  }
  const findings = [...countFindings(scenario, observation, context, reads), ...copyFindings(observation)];
  if (observation.undelivered) findings.push(deliveryFinding(observation.undelivered, context.tunnel));
  return { state: findings.length > 0 ? 'finding' : 'ok', findings };
}

/** How to put the digest on the reports of the reporter faultline read: Sentry's, else the one the app hands its errors to. */
function untraceableFix(sentry: boolean, reads: readonly string[]): string {
  if (sentry) return FIX.untraceable;
  if (reads.includes('OpenTelemetry')) return FIX.otelUntraceable;
  if (reads.includes('PostHog')) return FIX.postHogUntraceable;
  return FIX.untraceable;
}

/** The Pages Router's reference is the report's event id: the one on screen must be a report's of this failure. */
function pagesTraceFindings(scenario: Scenario, observation: AuditObservation): { state: string; findings: Finding[] } {
  // A response's body is no screen: its trace ids (a page's sentry-trace meta) are no reference shown to anyone.
  if (scenario.trigger.kind === 'request') return { state: 'a response', findings: [] };
  const shown = eventIdShown(observation.screen.lines);
  if (shown === null) return { state: 'no event id on screen', findings: [] };
  if (observation.reports.some((report) => report.event.event_id?.toLowerCase() === shown)) return { state: 'ok', findings: [] };
  return {
    state: 'finding',
    findings: [
      { check: 'traceable', what: 'the event id on screen is on no report of this failure', fix: FIX.pagesUntraceable, evidence: `event id ${shown}` },
    ],
  };
}

function traceFindings(scenario: Scenario, observation: AuditObservation, context: AuditContext): { state: string; findings: Finding[] } {
  if (routerOf(scenario.failureClass) === 'pages') return pagesTraceFindings(scenario, observation);
  const text = observation.screen.lines.join('\n');
  const shown = observation.serverLogDigests.filter((digest) => text.includes(digest));
  if (shown.length === 0) return { state: 'no digest on screen', findings: [] };
  const reads = readers(context, observation.reports);
  if (!context.sentry && reads.length === 0) return { state: 'no Sentry in the app', findings: [] };
  const carries = (digest: string, where: (event: AuditReport['event']) => unknown) =>
    observation.reports.some((report) => (JSON.stringify(where(report.event)) ?? '').includes(digest));
  if (shown.some((digest) => carries(digest, searchable))) return { state: 'ok', findings: [] };
  if (observation.reports.length === 0) return { state: 'no report to trace', findings: [] };
  const inBreadcrumb = shown.some((digest) => carries(digest, (event) => (event as { breadcrumbs?: unknown }).breadcrumbs));
  return {
    state: 'finding',
    findings: [
      {
        check: 'traceable',
        what: 'the digest on screen is in the server log but on no report',
        fix: untraceableFix(context.sentry, reads),
        evidence: `digest ${shown[0]}${inBreadcrumb ? ', only in a breadcrumb of a report (the console line that printed it), which a search does not find' : ''}`,
      },
    ],
  };
}

/**
 * What of a report a search finds a digest in: all of it but its breadcrumbs. Sentry's SDK keeps
 * the server's console lines as breadcrumbs, Next's `⨯ … digest: '…'` among them, and no search
 * of Sentry's reads a breadcrumb: a digest only there traces nothing.
 */
function searchable(event: AuditReport['event']): unknown {
  return { ...event, breadcrumbs: undefined };
}

/**
 * The messages the failure reported, looked for as the run looks for them (`textsToHide`): the
 * server's in every response, the browser's too in the document. Without a report (no Sentry), the
 * catalogue's pins name the messages, which come from faultline's throwers in any app.
 */
function leakFindings(scenario: Scenario, observation: AuditObservation): Finding[] {
  const values = (server: boolean) => observation.reports.filter((report) => isServerReport(report) === server).map((report) => valueOf(report.event));
  const hide = textsToHide(scenario.reports, values(true), values(false));
  const inResponses = observation.responses.filter((body) => hide.inResponses.some((text) => body.includes(text)));
  const shown = [observation.document ?? '', observation.screen.lines.join('\n')];
  const findings: Finding[] = [];
  if (inResponses.length > 0)
    findings.push({
      check: 'no leak',
      what: `the server's error message reached the browser (${inResponses.length} response${inResponses.length > 1 ? 's' : ''})`,
      fix: FIX.leak,
    });
  else if (shown.some((text) => hide.inDocument.some((message) => text.includes(message))))
    findings.push({ check: 'no leak', what: "the error's message is in the page's document", fix: FIX.leak });
  return findings;
}

/** The screens that show a failure, whoever drew them. */
const ERROR_SCREENS: readonly ScreenKind[] = ['classic fallback', "Next's built-in screen", "the app's own error UI"];

/** Where the app departs from what Next does by itself, as the catalogue pins it for the installed `next`: the status, and whether an error screen shows. */
function frameworkFindings(scenario: Scenario, screen: ScreenKind, observation: AuditObservation): Finding[] {
  const findings: Finding[] = [];
  if (observation.screen.status !== scenario.expect.status)
    findings.push({ check: 'framework', what: `status ${observation.screen.status}, where Next by itself answers ${scenario.expect.status}` });
  if (screen === 'a response' || screen === 'a blank page') return findings;
  const nextShowsError = failingSide(scenario) !== null;
  if (nextShowsError && !ERROR_SCREENS.includes(screen))
    findings.push({ check: 'framework', what: `Next by itself shows an error screen for this failure; the app shows ${screen}` });
  if (!nextShowsError && ERROR_SCREENS.includes(screen))
    findings.push({ check: 'framework', what: `Next by itself keeps the page for this failure; the app shows ${screen}` });
  return findings;
}

/** The privacy check where the app has no Sentry: its allow-list is Sentry's fields, so another reporter's reports are not judged by it. */
const privacyUnjudged = (reads: readonly string[]) => (reads.length > 0 ? `not judged for ${reads.join(' or ')}` : 'no Sentry in the app');

/** Judges one placed entry from what was observed: every check, each finding with its fix. */
export function auditEntry(scenario: Scenario, observation: AuditObservation, context: AuditContext): EntryAudit {
  const screen = classifyScreen(scenario, observation.screen);
  const findings: Finding[] = [];
  const checks = {} as EntryAudit['checks'];

  const onScreen = screenFindings(scenario, screen, observation, context.sentry);
  checks.screen = onScreen.length > 0 ? 'finding' : 'ok';
  findings.push(...onScreen);

  const reported = reportFindings(scenario, observation, context);
  checks['reported once'] = reported.state;
  findings.push(...reported.findings);

  const traced = traceFindings(scenario, observation, context);
  checks.traceable = traced.state;
  findings.push(...traced.findings);

  const leaked = leakFindings(scenario, observation);
  checks['no leak'] = leaked.length > 0 ? 'finding' : 'ok';
  findings.push(...leaked);

  // The allow-list is Sentry's fields: a report read from another reporter is not judged by it.
  const privacy = privacyProblems(observation.reports.filter((report) => !report.reporter).map((report) => report.event));
  // What the team means its reports to carry (its config's privacy allow-list) is no finding.
  const meant = new Set(context.privacyAllow ?? []);
  const carried = [...privacyByKind(privacy)].flatMap(([kind, all]) => {
    const fields = all.filter((field) => !meant.has(field));
    return fields.length > 0 ? [{ check: 'privacy' as const, what: `the reports carry ${kind}`, fix: FIX.privacy, evidence: fields.join(', ') }] : [];
  });
  checks.privacy = context.sentry ? (carried.length > 0 ? 'finding' : 'ok') : privacyUnjudged(readers(context, observation.reports));
  findings.push(...carried);

  const departures = frameworkFindings(scenario, screen, observation);
  checks.framework = departures.length > 0 ? 'finding' : 'ok';
  findings.push(...departures);

  return { id: scenario.id, screen, checks, findings };
}
