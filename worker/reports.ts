import type { BrowserContext, Page } from '@playwright/test';
import type { ErrorEvent } from '@sentry/core';
import { eventInBrief } from '../verdict/report-event';
import type { ReportSummary } from '../verdict/verdict';
import type { BrowserIngestRecord } from './browser-ingest';
import type { ClaimTexts, IngestState, ServerReports } from '../app-server/store';
import type { HarnessEndpoints } from '../harness/target';
import { pagesWithoutScripts } from './page-conditions';
import { evaluateInPage } from './in-page';
import { flushSentryInPage } from '../chromium/sentry';
import { epochNow } from './check-trace';
import { HARNESS_ENDPOINTS, HARNESS_SECRET_HEADER } from '../contract';
import { requestOnItsOwnConnection } from '../harness/own-connection';
import type { Build } from '../source-maps/chunks';
import { reportSource } from './report-source';

/** An event in brief, with where it resolves through `build`'s maps where the build that sent it is given. */
export function summarise(runtime: ReportSummary['runtime'], event: ErrorEvent, attributedBy: ReportSummary['attributedBy'], build?: Build): ReportSummary {
  return { runtime, attributedBy, ...eventInBrief(event), ...(build && { source: reportSource(build, event) }) };
}

/** A page whose SDK was already flushed in the page (by the probe), with whether it had a client. */
export interface FlushedInPage {
  page: Page;
  hadClient: Promise<boolean | null>;
}

/**
 * Makes the browser SDK of every page send what it holds: after this, what has not arrived was
 * never sent. Returns the app pages that had no Sentry client: for those, nothing is proven.
 */
export async function flushBrowserSdk(context: BrowserContext, flushed?: FlushedInPage): Promise<string[]> {
  const withoutClient = await Promise.all(
    context.pages().map(async (page: Page) => {
      // JavaScript was off: no SDK ran, nothing could be sent.
      if (pagesWithoutScripts.has(page)) return null;
      const inPage = page === flushed?.page ? await flushed.hadClient : null;
      const hadClient =
        inPage ??
        (await evaluateInPage(page, flushSentryInPage, undefined)
          // A page that navigated away or crashed has nothing left to flush.
          .catch(() => true));
      return hadClient ? null : page.url();
    }),
  );
  // about:blank and error pages are not the app's: they have no SDK to flush.
  return withoutClient.filter((url): url is string => url !== null && /^https?:/.test(url));
}

/** GET one of the harness-mode endpoints for the requests marked `marker`, with the server's secret. */
/** What a check claims on the server: its marker, and the texts that name its entry (`ClaimTexts`). */
export interface ServerClaim extends ClaimTexts {
  marker: string;
  /** Next's deliveries the check expects: the server waits (5 s at most) until it owns that many. */
  deliveries?: number;
}

/** A claim by the marker alone. */
export const onlyMarker = (marker: string): ServerClaim => ({ marker, messages: [], digests: [] });

async function harnessEndpoint<T>(
  server: HarnessEndpoints,
  endpoint: 'reports' | 'ingest',
  { marker, messages, digests, deliveries }: ServerClaim,
): Promise<T> {
  const params = new URLSearchParams([
    ['test', marker],
    ...messages.map((message) => ['message', message]),
    ...digests.map((digest) => ['digest', digest]),
    ...(deliveries ? [['deliveries', String(deliveries)]] : []),
  ]);
  const response = await requestOnItsOwnConnection(`${server.url}${HARNESS_ENDPOINTS[endpoint]}?${params}`, {
    headers: { [HARNESS_SECRET_HEADER]: server.secret },
  });
  if (response.status < 200 || response.status >= 300)
    throw new Error(`Server ${endpoint} unavailable: HTTP ${response.status} (is harness mode on, and is this the server faultline started?)`);
  return JSON.parse(response.body) as T;
}

/**
 * Flushes the harness server's SDK and claims for a check the error events and deliveries that are
 * its own (by its marker, or unmarked by what names its entry), with the envelopes it could not
 * parse that belong to it (or to no test at all).
 */
export function fetchServerEvents(server: HarnessEndpoints, claim: ServerClaim): Promise<ServerReports> {
  return harnessEndpoint(server, 'reports', claim);
}

/** What reached the harness server's ingest for a check, and what it holds open; flushes and claims nothing. */
export function fetchIngestState(server: HarnessEndpoints, claim: ServerClaim): Promise<IngestState> {
  return harnessEndpoint(server, 'ingest', claim);
}

/** What `SettledReports.problems` being empty says. */
export const NO_REPORT_PROBLEMS = 'every envelope of both SDKs parses (and, in the browser, is answered), and every app page has a Sentry client';

/** The message for an app page whose SDK could not be flushed. */
export function withoutClientProblem(url: string): string {
  return `${url} has no Sentry client to flush: its reports cannot be checked`;
}

export interface SettledReports {
  browser: ReportSummary[];
  /** Null when the server is not ours (--base-url): its reports are out of reach. */
  server: ReportSummary[] | null;
  /** The events as sent, for what the summaries leave out (privacy, exception chains). */
  rawBrowser: ErrorEvent[];
  rawServer: ErrorEvent[];
  /** Next's calls to the app's onRequestError this check owns; null when the server is not ours. */
  deliveries: ServerReports['deliveries'] | null;
  /** Envelopes of either SDK that did not parse, browser ones that could not be answered, and app pages without a Sentry client. */
  problems: string[];
  /** When (epoch ms) the browser SDKs had flushed, and the server's reports arrived (null: not ours): the bench's trace. */
  settledAt: { browser: number; server: number | null };
}

/**
 * Flushes both SDKs and returns what they sent: the browser's from `record`, the server's for the
 * requests marked `marker` (when `appUrl` is a server faultline started).
 */
export async function settleReports(
  context: BrowserContext,
  record: Pick<BrowserIngestRecord, 'events' | 'problems'>,
  server: { endpoints: HarnessEndpoints; claim: ServerClaim; build?: Build } | null,
  flushed?: FlushedInPage,
): Promise<SettledReports> {
  const settledAt: SettledReports['settledAt'] = { browser: 0, server: null };
  const [withoutClient, fromServer] = await Promise.all([
    flushBrowserSdk(context, flushed).finally(() => (settledAt.browser = epochNow())),
    server ? fetchServerEvents(server.endpoints, server.claim).finally(() => (settledAt.server = epochNow())) : null,
  ]);
  const serverEvents = fromServer?.events ?? [];
  return {
    // The browser SDK's reports are the check's by its page: the record is emptied when the check begins.
    browser: record.events.map((e) => summarise('browser', e, 'page', server?.build)),
    // Each report resolved through the build the server runs (the browser's chunks have no maps there: said as such).
    server: fromServer && serverEvents.map(({ event, claimedBy }) => summarise('server', event, claimedBy, server?.build)),
    rawBrowser: record.events,
    rawServer: serverEvents.map(({ event }) => event),
    deliveries: fromServer?.deliveries ?? null,
    problems: [...record.problems, ...(fromServer?.malformed.map((problem) => `server SDK: ${problem}`) ?? []), ...withoutClient.map(withoutClientProblem)],
    settledAt,
  };
}
