import type { ErrorEvent } from '@sentry/core';
import type { Finding } from './finding';
import { eventInBrief } from './report-event';

/**
 * The app's reporting as an audit judges it, whichever kind of entry: a report as the audit reads
 * it, what the app's files say of its reporters, what faultline cannot see of them, the findings
 * about the app as a whole, and each fix in a line, named once for every check that gives it.
 */

export interface AuditReport {
  /** Who sent it: the server's SDK on Node.js or on the Edge runtime, or the browser's. */
  runtime: 'node' | 'edge' | 'browser';
  /** The reporter it went to, where it is not Sentry (a PostHog `$exception`, read as a report). */
  reporter?: 'PostHog' | 'OpenTelemetry';
  event: ErrorEvent;
}

/**
 * Reporters faultline's flush route cannot flush, whose reports go out in the background after Next
 * handed the error to the app's `onRequestError` (posthog-node's `captureException` builds the
 * event, reading the stack's source files, before it sends): awaited after each hand-over instead.
 */
export const BACKGROUND_REPORTERS: ReadonlySet<string> = new Set(['PostHog']);

/** How long a background reporter's report is awaited after each hand-over: no flush of faultline's reaches it. */
export const BACKGROUND_REPORT_TIMEOUT_MS = 10_000;

/** A server report of a background reporter's. */
export const sentInBackground = ({ runtime, reporter }: AuditReport) => runtime !== 'browser' && reporter !== undefined && BACKGROUND_REPORTERS.has(reporter);

/** A report of a background reporter's that names no request (posthog-node's `captureException(error)` from the app's own hook): whose it is cannot be told by what it says. */
export const namesNoRequest = (report: AuditReport) => sentInBackground(report) && !report.event.request?.url && !report.event.transaction;

/** One report as an audit's accounting knows it, whichever process read it and when. */
export const eventKey = (event: ErrorEvent) => event.event_id ?? JSON.stringify(event);

/** A report as the audit's outputs show it: who sent it, and what it says (as a run's summary says it). */
export const reportInBrief = ({ runtime, reporter, event }: AuditReport) => ({ runtime, ...(reporter && { reporter }), ...eventInBrief(event) });

export interface AuditContext {
  /** Whether the app has `@sentry/nextjs` at all: without it, no report is expected anywhere (said once). */
  sentry: boolean;
  /** Reporters the app runs in the browser only, in words (`PostHog (src/app/posthog.tsx turns on its error capture)`): not read; the server still sends nothing. */
  browserReporters?: readonly string[];
  /** Fields the team means its reports to carry, as a privacy finding's evidence names them (its config's `privacy.allow`). */
  privacyAllow?: readonly string[];
  /** Reporters other than Sentry the app hands errors to, in words (`PostHog (instrumentation.ts imports @posthog/next)`): faultline cannot read them. */
  otherReporters?: readonly string[];
  /** Those of them whose server sends faultline reads (`PostHog`): their reports are judged as Sentry's are, on the server. */
  reads?: readonly string[];
  /** Reporters other than Sentry whose sends arrived from the app's server in the audit, whether or not its files showed how: what arrives is judged. */
  seen?: readonly string[];
  /** Why each runtime's reports cannot come, as the app's files prove it (a missing instrumentation file, an init turned off), with its fix; null where its setup looks whole. */
  setup?: { server: SetupCause | null; browser: SetupCause | null; dsnFrom?: { server: DsnVariable | null; browser: DsnVariable | null } };
  /** The Sentry tunnel the browser's envelopes go through (a route of the app's, or a URL on another origin), read from its files. */
  tunnel?: { to: string | null; via: string } | null;
}

/** The variable a side's `Sentry.init` reads its DSN from (`dsn: process.env.NAME`), at `file:line`. */
export interface DsnVariable {
  variable: string;
  at: string;
}

/**
 * Why an SDK observed without a DSN has none, where its file reads a variable: Next writes
 * `NEXT_PUBLIC_` variables into the code when it builds, so those must be set then; any other is
 * read where the server runs.
 */
export function noDsnCause(runtime: 'server' | 'browser', from: DsnVariable | null | undefined): SetupCause {
  if (!from)
    return { why: `the ${runtime}'s Sentry SDK has no DSN, so it sends nothing`, fix: runtime === 'server' ? FIX.serverNoClient : FIX.browserNoClient };
  const atBuild = from.variable.startsWith('NEXT_PUBLIC_');
  return {
    why: `the ${runtime}'s Sentry SDK has no DSN: ${from.at} takes it from ${from.variable}, ${
      atBuild
        ? 'which was not set when the app was built (Next writes NEXT_PUBLIC_ variables into the code at build time)'
        : 'which is not set where the server runs'
    }`,
    fix: atBuild
      ? `set \`${from.variable}\` where \`next build\` runs (its environment, or \`.env.production\`), not only where the app starts`
      : `set \`${from.variable}\` where the server runs (its environment, or \`.env.production\`)`,
  };
}

/** Why each runtime's Sentry reports cannot come, as the app's files prove it (`audit/app/sentry-setup.ts`): null where its setup looks whole. */
export interface SentrySetup {
  server: SetupCause | null;
  browser: SetupCause | null;
  /** The tunnel the browser's envelopes go through, when the app has one. */
  tunnel?: SentryTunnel | null;
  /** Where each side's `Sentry.init` reads its DSN from a variable: said only beside an SDK observed without one. */
  dsnFrom?: { server: DsnVariable | null; browser: DsnVariable | null };
}

/** Where the browser's Sentry envelopes go instead of the DSN's host: a route of the app's (null: one Sentry's plugin names at build time), or a URL on another origin; and what says so. */
export interface SentryTunnel {
  to: string | null;
  via: string;
}

/** A line of an app's Sentry setup that keeps a runtime's reports from coming, and what to change. */
export interface SetupCause {
  why: string;
  fix: string;
}

/**
 * The reporters other than Sentry whose reports are judged: those the app's files hand errors to
 * and faultline reads, those whose sends arrived in the audit, and those of `reports` (an entry's).
 */
export function readers(context: AuditContext, reports: readonly AuditReport[] = []): string[] {
  return [...new Set([...(context.reads ?? []), ...(context.seen ?? []), ...reports.flatMap((report) => (report.reporter ? [report.reporter] : []))])];
}

const READ_ON_THE_SERVER_ONLY = "faultline reads what the server sends it, not what the browser does: whether the browser's errors reach it is not judged";

/** What faultline cannot see of the app's reporting, in a line each: said instead of guessing "not reported". */
export function unseenReporting(context: AuditContext): string[] {
  const others = context.otherReporters ?? [];
  const reads = readers(context);
  const reporters = [
    ...others.map((reporter) =>
      reads.some((name) => reporter.startsWith(`${name} (`))
        ? `errors are handed to ${reporter}: ${READ_ON_THE_SERVER_ONLY}`
        : `errors are handed to ${reporter}, which faultline does not read: whether they arrive there is not judged`,
    ),
    // Sends that arrived from a reporter the files did not show: read and judged, never said unread.
    ...(context.seen ?? [])
      .filter((name) => !others.some((reporter) => reporter.startsWith(`${name} (`)))
      .map((name) => `errors are sent to ${name} (seen from the server; its files did not show how): ${READ_ON_THE_SERVER_ONLY}`),
  ];
  reporters.push(
    ...(context.browserReporters ?? []).map(
      (reporter) => `errors in the browser may go to ${reporter}, which faultline does not read: whether they arrive there is not judged`,
    ),
  );
  const { tunnel } = context;
  if (!tunnel) return reporters;
  // The app's own tunnel route is asked, through its proxy and server, as in production: its delivery is judged, not unseen.
  if (!/^[a-z][\w+.-]*:/i.test(tunnel.to ?? '')) return reporters;
  return [
    ...reporters,
    `the browser's reports go through a tunnel on another origin, ${tunnel.to} (${tunnel.via}), read by faultline in the page, the tunnel never asked: whether it forwards them is not judged`,
  ];
}

export const FIX = {
  serverUnreported:
    "report the server's errors: export `onRequestError` from `instrumentation.ts` and send each one (posthog-node's " +
    "`captureException`, or `@sentry/nextjs`'s `captureRequestError`)",
  serverMissing: 'export `onRequestError = Sentry.captureRequestError` from `instrumentation.ts`',
  edgeMissing:
    'initialise Sentry on the Edge runtime: `register()` in `instrumentation.ts` imports `./sentry.edge.config` ' +
    "when `process.env.NEXT_RUNTIME === 'edge'`, and exports `onRequestError = Sentry.captureRequestError`",
  proxyMissing: 'catch in the proxy and call `Sentry.captureException`: Next never passes a proxy’s error to `onRequestError` (vercel/next.js#83404)',
  browserMissing: 'call `Sentry.init` in `instrumentation-client.ts`: its global handlers report uncaught client errors',
  serverNoClient: "give the server's `Sentry.init` a DSN where it runs (its `dsn` option, or `SENTRY_DSN` in the server's environment)",
  browserNoClient: "give the browser's `Sentry.init` a DSN when the app is built (its `dsn` option, or `NEXT_PUBLIC_SENTRY_DSN` in the build's environment)",
  tunnelNoRoute:
    "serve Sentry's tunnel route: tunnelRoute in withSentryConfig's options (its rewrite needs next start), or a route handler that forwards the envelope",
  tunnelAnswered: "let the tunnel route reach Sentry's rewrite: nothing of the app's may answer it first (a page, a route handler, a rewrite of its own)",
  twice: 'let `global-error.tsx` capture only errors without a `digest` (the server already reported those with one)',
  switched:
    "drop React's #419 in the browser's `beforeSend` (or `ignoreErrors: [/#419/]`): it only says the server could not finish a Suspense boundary, whose failure the server reported with its message",
  redactedOnly: 'report server errors where they happen: export `onRequestError = Sentry.captureRequestError` from `instrumentation.ts`',
  untraceable: 'put the digest on the report: in `beforeSend`, `event.tags = { ...event.tags, digest: hint.originalException?.digest }`',
  noReference: 'show the error’s `digest` on the error screen, so a user can quote it',
  blank: 'give the app an `app/global-error.tsx` (and `error.tsx` where a segment can fail) that renders something',
  leak: 'never put a server error’s message in what the page renders or returns',
  wrongSide: 'render the sentence by the side that failed: an error with a `digest` happened on the server',
  postHogServer: "export `onRequestError` from `@posthog/next` in `instrumentation.ts`, with the project's key where the server runs",
  postHogProxy:
    'catch in the proxy and call `captureException` of `posthog-node`: Next never passes a proxy’s error to `onRequestError` (vercel/next.js#83404)',
  otelServer:
    "record the error on the request's span in `onRequestError` in `instrumentation.ts` (`trace.getActiveSpan()?.recordException(error)`), with `OTEL_EXPORTER_OTLP_ENDPOINT` where the server runs",
  otelProxy:
    'catch in the proxy and record the error on its span (`trace.getActiveSpan()?.recordException(error)`): Next never passes a proxy’s error to `onRequestError` (vercel/next.js#83404)',
  postHogUntraceable:
    'send the digest with the exception, as `@posthog/next` does: `posthog.captureException(error, distinctId, { nextjs_error_digest: error.digest })` in `onRequestError`',
  otelUntraceable: "put the digest on the span in `onRequestError`: `trace.getActiveSpan()?.setAttribute('next.error.digest', error.digest)`",
  privacy: 'collect less in `Sentry.init` (`dataCollection`), or drop the fields in `beforeSend`',
  pagesNoReference:
    'show the event id Sentry gives the error on `_error` (`await Sentry.captureUnderscoreErrorException(context)` returns it, as `captureException` does), so a user can quote it',
  pagesWrongStatus:
    "name the status the failure had: in `_error`'s `getInitialProps` a crash in the browser has no response, and is no 404 (`res?.statusCode ?? err?.statusCode ?? 500`)",
  pagesUntraceable: "show the event id of this error's own report (the one `captureUnderscoreErrorException` returns for it), not another's",
  pagesBrowserMissing:
    'report a crash in the browser from `pages/_error`: in its `getInitialProps`, `await ' +
    'Sentry.captureUnderscoreErrorException(context)` (Next renders `_error` for it, which no global handler of the ' +
    'SDK sees)',
  underscoreTwice:
    "report a server failure once: where `onRequestError = Sentry.captureRequestError` reports it, `_error`'s `getInitialProps` calls `captureUnderscoreErrorException` only in the browser (no `res`)",
};

/** Findings about the app as a whole: no error reporting at all, and reports no entry claims (sent while none ran, or after its own flush). */
export function appFindings(context: AuditContext, unclaimed: readonly AuditReport[]): Finding[] {
  const findings: Finding[] = [];
  // Errors handed to a reporter faultline cannot read are not "nothing": that is said, not judged (unseenReporting).
  if (!context.sentry && (context.otherReporters ?? []).length === 0 && (context.seen ?? []).length === 0 && (context.browserReporters ?? []).length === 0)
    findings.push({
      check: 'reported once',
      what: 'nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone',
      fix: 'set up @sentry/nextjs (npx @sentry/wizard -i nextjs)',
    });
  if (unclaimed.length)
    findings.push({
      check: 'reported once',
      what: `${unclaimed.length} report${unclaimed.length > 1 ? 's' : ''} no failure claims (sent while none ran, or after its own flush)`,
      evidence: unclaimed.map((report) => reportInBrief(report).value).join('; '),
    });
  return findings;
}
