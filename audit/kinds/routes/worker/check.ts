import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import type { ErrorEvent } from '@sentry/core';
import { NotSettled } from '../../../../harness/audited-app';
import { documentHtmlInPage } from '../../../../chromium/document';
import { flushSentryInPage } from '../../../../chromium/sentry';
import type { AuditEntryRecord } from '../../../../verdict/attachment';
import { eventKey, namesNoRequest, sentInBackground } from '../../../../verdict/audit-reporting';
import { ROUTE_CLASS } from '../../../../verdict/audit-result';
import { eventInBrief } from '../../../../verdict/report-event';
import { bodyLines } from '../../../../verdict/screen-kind';
import { claimedFrom, type AuditCheck, type AuditedSession } from '../../../../worker/audited-session';
import { evaluateInPage } from '../../../../worker/in-page';
import { PageNotSettled, requestsInFlight, settledLines, visibleLines } from '../../../../worker/quiet-page';
import { recordResponseBodies } from '../../../../worker/response-bodies';
import { NAVIGATION_TIMEOUT_MS, whyPlaywrightGaveUp } from '../../../../worker/session';
import { aboutRoute, handOversAt, ROUTES_KIND, type RouteEntry } from '../entry';
import { judgeRoute, unreachedAsIs, type RouteBackend, type RouteLoad, type RouteObservation } from '../judge';
import { BACKEND_500, BACKEND_FAULTS, backendOf, faultHeader, ROUTE_HANG_MS, ROUTE_HEADERS, type FaultOrder } from '../protocol';
import { browserCalls, browserFaultHandler, type BrowserRequest } from './browser';
import { backendsOf, readCalls, siteReader } from './calls';
import { linkedPath, pageReader } from './linked-path';
import { checkAuditedEntry, NotJudged, RuledOut } from '../../../../worker/audited-check';

/**
 * One of the app's own routes checked: loaded once with its backends as the machine has them, its
 * server's calls (the recorder's log) and its page's read; then loaded again with each backend
 * refused, answering 500 and hanging, one load each, in a context of its own that reaches only the
 * app's origin. Each load's screen, status, what it answered and the reports claimed for it go to
 * the judge (`../judge.ts`); the route's record is attached as a placed entry's is.
 */

/** A route with the path it is loaded at. */
type LoadedRoute = RouteEntry & { url: string };

/** What a route handler answers, as its OPTIONS answer names it (Next's `Allow`); null where it names none. */
const allowed = (context: BrowserContext, url: string) =>
  context.request
    .fetch(url, { method: 'OPTIONS', maxRedirects: 0, timeout: NAVIGATION_TIMEOUT_MS })
    .then((response) => response.headers().allow ?? null)
    .catch(() => null);

/** One load of the route, before it is judged: what it showed, sent and called. */
type Loaded = Omit<RouteLoad, 'alsoCalled' | 'screenshot'> & {
  id: string;
  screenshotBody: Buffer | null;
  browserRequests: BrowserRequest[];
  claimed: string[];
};

/**
 * A new visitor's context that reaches only the app's origin, with the load's headers on its
 * requests there (never elsewhere: a custom header makes a cross-origin request preflighted) and
 * the browser's side of the fault.
 */
async function loadContext(session: AuditedSession, headers: Record<string, string>, order: FaultOrder | null, released: Promise<unknown>) {
  const context = await session.visitor();
  const { origin } = session;
  await context.route(
    (url) => url.origin === origin,
    (route) => route.fallback({ headers: { ...route.request().headers(), ...headers } }),
  );
  if (order) await context.route('**', browserFaultHandler(order, released));
  return context;
}

/** A load the app did not answer: Playwright's first line, and the redirect beyond the app's origin it was sent on, if any. */
class Unanswered extends Error {
  constructor(
    message: string,
    readonly elsewhere: string | null,
  ) {
    super(message);
  }
}

/** A route handler's load: its answer to a request, as a client of the API gets it. */
async function requestRoute(context: BrowserContext, url: string, headers: Record<string, string>, timeout: number) {
  const response = await context.request.get(url, { headers, maxRedirects: 0, timeout }).catch((error: unknown) => {
    throw new Unanswered(whyPlaywrightGaveUp(error), null);
  });
  const body = await response.text().catch(() => '');
  const lines = bodyLines(body);
  return {
    status: response.status(),
    lines,
    linesAtStart: lines,
    answered: [body],
    pageErrors: [],
    screenshotBody: null,
    browserRequests: [],
    redirectedTo: response.headers().location ?? null,
  };
}

/** A page's load: loaded, settled (a request to a hung backend not waited for), its SDK flushed, read. */
async function loadPage(context: BrowserContext, url: string, order: FaultOrder | null, timeout: number) {
  const page: Page = await context.newPage();
  // Where the app's redirects sent the page: one beyond its origin is never followed (the closed network refuses it), and said.
  const redirects: string[] = [];
  page.on('response', (answer) => {
    const { location } = answer.headers();
    if (answer.request().isNavigationRequest() && answer.status() >= 300 && answer.status() < 400 && location)
      redirects.push(`${new URL(location, answer.url()).href} (${answer.status()})`);
  });
  const unanswered = (error: unknown) => {
    throw new Unanswered(whyPlaywrightGaveUp(error), redirects.find((to) => !to.startsWith(new URL(url).origin)) ?? null);
  };
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  const browserRequests: BrowserRequest[] = [];
  page.on('request', (request) => browserRequests.push({ url: request.url(), method: request.method(), resourceType: request.resourceType() }));
  // A request held by the hang is what the page waits on: the screen is read while it waits, as a user sees it then.
  const inFlight = requestsInFlight(
    page,
    (request) => !(order?.fault === 'hang' && /^https?:/.test(request.url()) && backendOf(request.url()) === order.backend),
  );
  const bodies = recordResponseBodies(page);
  const response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout }).catch(unanswered);
  const linesAtStart = await visibleLines(page);
  await page.waitForLoadState('load', { timeout }).catch(unanswered);
  const redirectedTo = response && new URL(response.url()).pathname !== new URL(url).pathname ? new URL(response.url()).pathname : null;
  // A page that keeps asking (polling, a stream) never settles: what it shows at the limit is what its user sees then.
  const lines = await settledLines(page, inFlight).catch((error: unknown) => {
    if (error instanceof PageNotSettled) return visibleLines(page);
    throw error;
  });
  await evaluateInPage(page, flushSentryInPage, undefined).catch(() => {});
  const document = await evaluateInPage(page, documentHtmlInPage, undefined).catch(() => null);
  const screenshotBody = await page.screenshot({ fullPage: false });
  const answered = [...(document ? [document] : []), ...(await bodies.stop())];
  return { status: response?.status() ?? 0, lines, linesAtStart, answered, pageErrors, screenshotBody, browserRequests, redirectedTo };
}

/** One load of `entry`, with `order` (null: its backends as the machine has them), and what the server sent and called for it. */
/**
 * How long a load may take: a navigation's limit, and a hang's for each call the route makes of
 * the backend (a hung backend holds each of them in turn).
 */
const loadLimitMs = (calls: number) => NAVIGATION_TIMEOUT_MS + ROUTE_HANG_MS * Math.max(1, calls);

/** A load the app did not answer under a fault: what the user is left with, nothing. */
const unansweredLoad = (error: Unanswered) => ({
  status: 0,
  lines: [],
  linesAtStart: [],
  answered: [],
  pageErrors: [],
  screenshotBody: null,
  browserRequests: [],
  redirectedTo: null,
  unanswered: error.message,
});

/** One load of `entry`, with `order` (null: its backends as the machine has them), and what the server sent and called for it. */
async function loadOnce(session: AuditedSession, check: AuditCheck, entry: LoadedRoute, order: FaultOrder | null, calls = 1): Promise<Loaded> {
  const { server } = session;
  const id = `${entry.id} ${order ? `${order.fault} ${order.backend}` : 'as it is'} ${randomUUID().slice(0, 8)}`;
  const headers = { [ROUTE_HEADERS.load]: id, ...(order && { [ROUTE_HEADERS.fault]: faultHeader(order) }) };
  const mark = server.mark();
  const browserEvents = check.record.events.length;
  const tunnelledBefore = check.record.tunnelled.length;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const context = await loadContext(session, headers, order, released);
  const url = `${session.origin}${entry.url}`;
  try {
    const timeout = loadLimitMs(calls);
    const seen = await (entry.kind === 'page' ? loadPage(context, url, order, timeout) : requestRoute(context, url, headers, timeout)).catch(
      (error: unknown) => {
        if (!(error instanceof Unanswered)) throw error;
        if (order !== null) return unansweredLoad(error);
        // A route that is no route of the app's as the machine has it (a wall, a redirect elsewhere) is ruled out in one line, never judged.
        throw new RuledOut(
          error.elsewhere
            ? `not reached: the app redirected ${entry.url} to ${error.elsewhere}, beyond this machine`
            : `not reached: no answer to ${entry.url} within ${timeout / 1000} s as the machine has its backends (${error.message})`,
        );
      },
    );
    const unreached = order === null ? unreachedAsIs(entry, entry.url, seen, seen.status === 405 ? await allowed(context, url) : null) : null;
    if (unreached) throw new RuledOut(unreached);
    // What the server holds is sent before its reports are read: the positive signal that what is not there was not sent. A
    // background reporter's report for each error Next handed over is awaited: one about the route, or one that names none.
    const about = (event: ErrorEvent) => aboutRoute(event, entry.url, entry.id);
    await session
      .settleFor(mark, {
        count: (log) => handOversAt(log, entry.url, session.plan.basePath),
        counts: (report) => about(report.event) || namesNoRequest(report),
      })
      .catch((error: unknown) => {
        if (error instanceof NotSettled) throw new NotJudged(`not judged: ${error.message}`);
        throw error;
      });
    const since = server.since(mark);
    const { own, forwarded } = claimedFrom(
      since.reports,
      about,
      check.record.tunnelled.slice(tunnelledBefore).map(({ event }) => event),
    );
    // Those that named no route are accounted for at the run's end (kind.ts), never this load's: whose they are cannot be told.
    const background = own.filter(sentInBackground).length;
    const unattributed = session.awaitsHandOvers ? Math.max(0, handOversAt(since.log, entry.url, session.plan.basePath) - background) : 0;
    const serverReports = own.map(({ runtime, event }) => ({ ...eventInBrief(event), runtime }));
    const pageReports = [...check.record.events.slice(browserEvents), ...forwarded.map(({ event }) => event)].map((event) => ({
      ...eventInBrief(event),
      runtime: 'browser',
    }));
    const { redirectedTo: _redirectedTo, ...shown } = seen;
    const claimed = [...own, ...forwarded].map(({ event }) => eventKey(event));
    return {
      id,
      backend: order?.backend ?? null,
      fault: order?.fault ?? null,
      ...shown,
      reports: [...serverReports, ...pageReports],
      claimed,
      ...(unattributed > 0 && { unattributed }),
    };
  } finally {
    release();
    await context.close();
  }
}

/** Each backend the route's first load called, server side and browser side, with its calling line where a stack showed it. */
function backendsCalled(session: AuditedSession, healthy: Loaded): RouteBackend[] {
  const log = session.plan.serverLogs[ROUTES_KIND];
  const calls = readCalls(log).filter((call) => call.load === healthy.id);
  const fromServer = backendsOf(calls, siteReader(session.plan.workspace)).map(({ backend, runtimes, asked, site, faults }) => ({
    backend,
    sides: [...runtimes],
    asked,
    calls: calls.filter((call) => call.backend === backend).length,
    at: site ? `${site.file}:${site.line}` : null,
    faults,
  }));
  const known = new Map<string, RouteBackend>(fromServer.map((backend) => [backend.backend, backend]));
  for (const call of browserCalls(healthy.browserRequests, session.origin, session.reportOrigins)) {
    const seen = known.get(call.backend) ?? { backend: call.backend, sides: [], asked: [], calls: 0, at: null, faults: [...BACKEND_FAULTS] };
    seen.calls += 1;
    if (!seen.sides.includes('browser')) seen.sides.push('browser');
    if (!seen.asked.includes(`${call.method} ${call.path}`)) seen.asked.push(`${call.method} ${call.path}`);
    known.set(call.backend, seen);
  }
  return [...known.values()];
}

/** What a load called: its server side's calls as the recorder wrote them, and its page's (the log read once per load). */
function callsOf(session: AuditedSession, load: Loaded) {
  return {
    server: readCalls(session.plan.serverLogs[ROUTES_KIND]).filter((call) => call.load === load.id),
    browser: browserCalls(load.browserRequests, session.origin, session.reportOrigins),
  };
}
type LoadCalls = ReturnType<typeof callsOf>;

/** The backends a load called that the first did not. */
function alsoCalled({ server, browser }: LoadCalls, backends: readonly RouteBackend[]): string[] {
  const called = [...server, ...browser].map((call) => call.backend);
  return [...new Set(called)].filter((backend) => !backends.some((seen) => seen.backend === backend));
}

/** Whether a load under a fault called the faulted backend: the recorder applied the fault to a call of its, or the page asked it. */
function metFault(load: Loaded, { server, browser }: LoadCalls): boolean {
  if (load.fault === null) return true;
  return server.some((call) => call.backend === load.backend && call.fault === load.fault) || browser.some((call) => call.backend === load.backend);
}

/** A load's screenshot written where the report names it. */
function screenshotOf(session: AuditedSession, entry: RouteEntry, load: Loaded, name: string): string | null {
  return load.screenshotBody && session.keepScreen(`route-${entry.id.replace(/[^\w.-]+/g, '_')}-${name}.png`, load.screenshotBody);
}

/** A load as the judge reads it. */
function asLoad(session: AuditedSession, entry: RouteEntry, load: Loaded, backends: readonly RouteBackend[], name: string): RouteLoad {
  const { id: _id, screenshotBody: _body, browserRequests: _requests, claimed: _claimed, ...seen } = load;
  const calls = callsOf(session, load);
  return { ...seen, screenshot: screenshotOf(session, entry, load, name), alsoCalled: alsoCalled(calls, backends), met: metFault(load, calls) };
}

/** `entry` at its planned path, or at a link found on the plan's pages as the app answers them (a new visitor's, with the audit's cookies); why not, where none links to it. */
async function routeAt(session: AuditedSession, entry: RouteEntry): Promise<LoadedRoute> {
  if (entry.url !== null) return { ...entry, url: entry.url };
  const context = await loadContext(session, {}, null, Promise.resolve());
  const { origin } = session;
  try {
    const read = pageReader(async (url) => {
      const response = await context.request.get(url, { maxRedirects: 0, timeout: NAVIGATION_TIMEOUT_MS });
      return { status: response.status(), location: response.headers().location ?? null, text: () => response.text() };
    }, origin);
    const found = await linkedPath(entry, read, session.plan.basePath);
    if ('why' in found) throw new RuledOut(found.why);
    return { ...entry, url: found.url };
  } finally {
    await context.close();
  }
}

/** The route checked, judged and its record attached. */
export async function checkRoute(session: AuditedSession, planned: RouteEntry, testInfo: TestInfo): Promise<void> {
  await checkAuditedEntry(session, planned.id, testInfo, (check) => routeRecord(session, check, planned));
}

/** The route loaded as it is and under each fault of each backend it called, judged: its record. */
async function routeRecord(session: AuditedSession, check: AuditCheck, planned: RouteEntry): Promise<AuditEntryRecord> {
  const started = performance.now();
  const claimed: string[] = [];
  const entry = await routeAt(session, planned);
  const healthy = await loadOnce(session, check, entry, null);
  const backends = backendsCalled(session, healthy);
  const loads: RouteLoad[] = [];
  claimed.push(...healthy.claimed);
  for (const [b, backend] of backends.entries())
    for (const fault of backend.faults) {
      const load = await loadOnce(session, check, entry, { fault, backend: backend.backend, limitMs: ROUTE_HANG_MS }, backend.calls);
      claimed.push(...load.claimed);
      loads.push(asLoad(session, entry, load, backends, `${b}-${fault}`));
    }
  const { plan } = session;
  const observation: RouteObservation = {
    entry,
    backends,
    healthy: asLoad(session, entry, healthy, backends, 'as-it-is'),
    loads,
    reporterRead: plan.sentry || plan.reads.length > 0,
  };
  const judged = judgeRoute(observation, BACKEND_500);
  return {
    id: entry.id,
    judged: {
      id: entry.id,
      screen: judged.screen,
      checks: judged.checks,
      findings: judged.findings,
      title: `${entry.id} (${entry.kind === 'page' ? 'a page' : 'a route handler'} of the ${entry.router === 'app' ? 'App' : 'Pages'} Router)`,
      failureClass: ROUTE_CLASS,
      url: entry.url,
      status: observation.healthy.status,
      lines: observation.healthy.lines,
      screenshot: observation.healthy.screenshot,
      reports: observation.healthy.reports.map(({ runtime, ...brief }) => ({ ...brief, runtime })),
      route: { backends: observation.backends, faults: judged.faults.map(({ answered: _answered, ...fault }) => fault) },
      ms: { route: Math.round(performance.now() - started) },
    },
    claimed,
    observed: null,
  };
}
