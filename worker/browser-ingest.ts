import type { Browser, CDPSession } from '@playwright/test';
import type { getResponse as GetResponse, RequestHandler } from 'msw';
import type { ErrorEvent } from '@sentry/core';
import type { IngestOptions } from '../ingest/handlers';
import { SENTRY_ENVELOPE } from '../contract';
import { envelopeHeader } from '../ingest/report-shapes.mjs';

/** The Sentry envelope endpoint of any host, in CDP's wildcard syntax: no other request is paused (wider than the handlers' path: what they do not take goes on). */
const ENVELOPE_URL_PATTERN = SENTRY_ENVELOPE.cdp;

/** What reached the browser-side ingest since the last reset. */
export class BrowserIngestRecord {
  events: ErrorEvent[] = [];
  /** Envelopes of any kind (sessions too). */
  envelopes = 0;
  /** Bodies that were not envelopes, and envelopes the ingest could not answer: each fails the test. */
  problems: string[] = [];
  /**
   * Error events the page sent to the app's own tunnel route (`forwardsAt`), read and let through
   * to the app, not answered: whether its server forwards them is seen where they leave it. Each
   * once, by its first request (a redirect the page follows sends the same envelope again).
   */
  tunnelled: { url: string; event: ErrorEvent }[] = [];

  reset(): void {
    this.events = [];
    this.tunnelled = [];
    this.envelopes = 0;
    this.problems = [];
  }
}

export interface BrowserIngest {
  record: BrowserIngestRecord;
  /** Stops intercepting; envelopes sent later go to the network (and fail: the harness DSN does not resolve). */
  stop(): Promise<void>;
}

/** The parts of CDP's `Fetch.requestPaused` event the ingest reads. */
interface PausedRequest {
  requestId: string;
  request: { url: string; method: string; headers: Record<string, string>; postDataEntries?: { bytes?: string }[] };
}

/** A paused request whose page navigated away, or whose browser closed, needs no answer. */
function isGone(error: unknown): boolean {
  return /Invalid InterceptionId|Target .*closed|Session closed|has been closed/i.test(String(error));
}

/**
 * Where a Sentry envelope sent through a tunnel is meant for: the envelope URL of the DSN its
 * header line names (a tunnel route is any path of the app's origin, the DSN travels in the body);
 * null for any other body, by the rule the audited server's intercept reads envelopes by.
 */
export function tunnelledTo(body: Buffer): string | null {
  const dsn = envelopeHeader(body)?.dsn;
  return typeof dsn === 'string' ? SENTRY_ENVELOPE.urlOf(dsn) : null;
}

/**
 * The paused request as a fetch Request for the ingest's handlers. An envelope sent through the
 * app's tunnel (`tunnelsTo`: the app's origin) goes to the DSN's host instead, as the tunnel would
 * forward it: the tunnel route itself is then not asked.
 */
function toFetchRequest({ request }: PausedRequest, tunnelsTo: readonly string[] = []): Request {
  const body = request.postDataEntries?.length ? Buffer.concat(request.postDataEntries.map((entry) => Buffer.from(entry.bytes ?? '', 'base64'))) : undefined;
  const tunnelled = body && tunnelsTo.includes(new URL(request.url).origin) ? tunnelledTo(body) : null;
  return new Request(tunnelled ?? request.url, { method: request.method, headers: request.headers, body });
}

/** MSW and the ingest's handlers (with the Sentry envelope parser): about a second to load in a worker. */
export interface IngestCode {
  getResponse: typeof GetResponse;
  ingestHandlers: typeof import('../ingest/handlers').ingestHandlers;
}

export async function loadIngestCode(): Promise<IngestCode> {
  const [{ getResponse }, { ingestHandlers }] = await Promise.all([import('msw'), import('../ingest/handlers')]);
  return { getResponse, ingestHandlers };
}

async function answer(
  session: CDPSession,
  resolve: (request: Request) => Promise<Response | undefined>,
  paused: PausedRequest,
  tunnelsTo?: readonly string[],
  forwardsAt?: readonly string[],
): Promise<void> {
  const { requestId } = paused;
  const forwarded = forwardsAt?.includes(new URL(paused.request.url).origin) ?? false;
  const response = await resolve(toFetchRequest(paused, forwarded ? forwardsAt : tunnelsTo));
  // An envelope for the app's own tunnel route, read above: it goes on to the app, whose answer the page gets.
  if (forwarded) return void (await session.send('Fetch.continueRequest', { requestId }));
  if (!response) return void (await session.send('Fetch.continueRequest', { requestId }));
  if (response.type === 'error') return void (await session.send('Fetch.failRequest', { requestId, errorReason: 'Failed' }));
  await session.send('Fetch.fulfillRequest', {
    requestId,
    responseCode: response.status,
    responseHeaders: [...response.headers].map(([name, value]) => ({ name, value })),
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  });
}

/**
 * Hands every Sentry envelope that any page of `browser` sends to the MSW ingest handler.
 *
 * The interception is CDP's Fetch domain on the browser target, limited to the envelope path:
 * contexts and pages opened later are covered from their first request (errors thrown before
 * hydration too), and every other request goes straight to the app with the HTTP cache on.
 * Routing every request through Playwright, as `@msw/playwright` does, turns the cache off and
 * pauses each chunk: it made a page load about 1.6x slower here (see docs/performance.md).
 *
 * `loading`: the ingest's code, still loading; the interception is on at once, an envelope sent
 * meanwhile waits for it, and the caller awaits it (a worker warms its browser up meanwhile).
 * Without it, the code is loaded before this returns.
 *
 * `tunnelsTo`: origins whose tunnel may carry the page's envelopes (the app's own, for Sentry's
 * `tunnelRoute`; another, for a `tunnel` option pointing there): the page's `fetch()` calls to
 * them pause too, and those whose body is an envelope are answered as the DSN's host would answer
 * them; the others go on.
 *
 * `forwardsAt`: origins whose tunnel route is the app's own: an envelope sent there is read (into
 * `record.tunnelled`) and goes on to the app, as in production, never answered here.
 */
export async function interceptBrowserIngest(
  browser: Browser,
  options: IngestOptions = {},
  loading?: Promise<IngestCode>,
  { tunnelsTo = [], forwardsAt = [] }: { tunnelsTo?: readonly string[]; forwardsAt?: readonly string[] } = {},
): Promise<BrowserIngest> {
  const code = loading ?? (await loadIngestCode());
  const record = new BrowserIngestRecord();
  const sink = {
    events: (events: ErrorEvent[]) => {
      record.envelopes++;
      record.events.push(...events);
    },
    malformed: (problem: string) => record.problems.push(problem),
  };
  const sinkFor = (url: string) => ({
    events: (events: ErrorEvent[]) => {
      record.envelopes++;
      const known = new Set(record.tunnelled.map(({ event }) => event.event_id));
      record.tunnelled.push(...events.filter((event) => !known.has(event.event_id)).map((event) => ({ url, event })));
    },
    malformed: sink.malformed,
  });
  const resolver = Promise.resolve(code).then(({ getResponse, ingestHandlers }) => {
    const handlers: RequestHandler[] = ingestHandlers(sink, options);
    return (request: Request, tunnelUrl: string | null) => getResponse(tunnelUrl === null ? handlers : ingestHandlers(sinkFor(tunnelUrl), options), request);
  });
  // A failed load is the caller's to report (it awaits `loading`); each paused request records it too.
  resolver.catch(() => {});
  const session = await browser.newBrowserCDPSession();
  session.on('Fetch.requestPaused', (paused) => {
    const url = paused.request.url;
    const tunnelUrl = forwardsAt.includes(new URL(url).origin) ? url : null;
    resolver
      .then((resolve) => answer(session, (request) => resolve(request, tunnelUrl), paused, tunnelsTo, forwardsAt))
      .catch((error: unknown) => {
        if (!isGone(error)) record.problems.push(`the ingest could not answer ${paused.request.url}: ${String(error)}`);
      });
  });
  const tunnel = [...tunnelsTo, ...forwardsAt].map((origin) => ({
    urlPattern: `${origin}/*`,
    resourceType: 'Fetch' as const,
    requestStage: 'Request' as const,
  }));
  await session.send('Fetch.enable', { patterns: [{ urlPattern: ENVELOPE_URL_PATTERN, requestStage: 'Request' }, ...tunnel] });
  return {
    record,
    stop: () =>
      session.detach().catch((error: unknown) => {
        if (!isGone(error)) throw error;
      }),
  };
}
