import { SENTRY_ENVELOPE } from '../../../../contract';
import { BACKEND_500, backendOf, type FaultOrder } from '../protocol';

/**
 * The browser's side of a route's backends: which of a page's requests (Playwright's `request`
 * events) are calls to a backend, and what a route handler does with each under a fault, so that
 * a context fails one backend for its own page alone, as the server's recorder does per request.
 */

/** A request as a worker records it from Playwright's `request` event. */
export interface BrowserRequest {
  url: string;
  method: string;
  /** Playwright's `request.resourceType()`: `fetch`, `xhr`, `eventsource`, `websocket`, `document`, `script`, … */
  resourceType: string;
}

/** A call of the page's to a backend: the backend (`host:port`), what was asked. */
export interface BrowserCall {
  backend: string;
  method: string;
  path: string;
}

/** The requests a page makes for data; the rest (scripts, styles, fonts, images) are what it is made of, not what it calls. */
const DATA = new Set(['fetch', 'xhr', 'eventsource', 'websocket']);

/**
 * The page's calls to backends among `requests`: data requests to another origin than the app's
 * (`appOrigin`), neither a report (Sentry's envelopes, which faultline reads on any host, and what
 * the app's Sentry tunnel on another origin, `reportOrigins`, is sent) nor a URL
 * that goes nowhere (`data:`, `blob:`). A backend on loopback (the team's API on another port) is
 * one like any other.
 */
export function browserCalls(requests: readonly BrowserRequest[], appOrigin: string, reportOrigins: readonly string[] = []): BrowserCall[] {
  const app = new URL(appOrigin).origin;
  return requests.flatMap(({ url, method, resourceType }) => {
    if (!DATA.has(resourceType) || !/^(https?|wss?):/.test(url)) return [];
    const parsed = new URL(url);
    const report = method === 'POST' && (SENTRY_ENVELOPE.anyProject.test(parsed.pathname) || reportOrigins.includes(parsed.origin));
    if (parsed.origin === app || report) return [];
    return [{ backend: backendOf(parsed), method, path: parsed.pathname }];
  });
}

/** What a context's route handler does with one request under `order`. */
export type BrowserFaultAction =
  | { kind: 'fallback' }
  | { kind: 'abort'; errorCode: 'connectionrefused' }
  | { kind: 'fulfill'; status: 500; contentType: string; body: string; headers: Record<string, string> }
  | { kind: 'hold'; limitMs?: number };

/**
 * The action for a request of the page's: a request to the ordered backend is refused as Chromium
 * hears a refused connection, answered 500 (with the CORS headers a backend that serves this page
 * sends, so that the page reads the 500 rather than a network error), or held until the page is
 * done or the limit passes; any other request goes on to the handlers after this one.
 */
export function browserFaultAction(request: { url: string; headers: Record<string, string> }, order: FaultOrder): BrowserFaultAction {
  if (!/^(https?|wss?):/.test(request.url) || backendOf(request.url) !== order.backend) return { kind: 'fallback' };
  if (order.fault === 'refused') return { kind: 'abort', errorCode: 'connectionrefused' };
  if (order.fault === 'hang') return { kind: 'hold', ...(order.limitMs && { limitMs: order.limitMs }) };
  const origin = request.headers.origin;
  const cors: Record<string, string> = origin ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' } : {};
  return { kind: 'fulfill', status: 500, contentType: BACKEND_500.contentType, body: BACKEND_500.body, headers: cors };
}

/** The part of Playwright's `Route` a fault handler uses. */
export interface FaultableRoute {
  request(): { url(): string; headers(): Record<string, string> };
  abort(errorCode?: string): Promise<void>;
  fulfill(response: { status: number; contentType: string; body: string; headers: Record<string, string> }): Promise<void>;
  fallback(): Promise<void>;
}

/**
 * A route handler for `context.route('**', …)` that applies `order` to the page's requests; a held
 * request is let go (as a timed-out connection) when `released` settles (the context closing) or
 * its limit passes.
 */
export function browserFaultHandler(order: FaultOrder, released: Promise<unknown>) {
  return async (route: FaultableRoute): Promise<void> => {
    const request = route.request();
    const action = browserFaultAction({ url: request.url(), headers: request.headers() }, order);
    if (action.kind === 'fallback') return route.fallback();
    if (action.kind === 'abort') return route.abort(action.errorCode);
    if (action.kind === 'fulfill') return route.fulfill(action);
    await Promise.race([released, ...(action.limitMs ? [new Promise((resolve) => setTimeout(resolve, action.limitMs).unref())] : [])]);
    await route.abort('timedout').catch(() => {});
  };
}
