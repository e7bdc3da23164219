import type { BrowserContext, Page, Request, Response } from '@playwright/test';
import { AUDIT_SEGMENT, keepsToAuditSegment } from '../../../../contract';
import { until } from '../../../../harness/until';
import { unreached } from './reached';
import type { ErrorEvent } from '@sentry/core';
import { routerOf } from '../../../../scenarios/routes';
import type { Scenario } from '../../../../scenarios/schema';
import { bodyLines } from '../../../../verdict/screen-kind';
import { PageNotSettled, requestsInFlight, SETTLE_MS, settledLines, visibleLines } from '../../../../worker/quiet-page';
import { documentHtmlInPage } from '../../../../chromium/document';
import { flushSentryInPage, sentryCanSendInPage } from '../../../../chromium/sentry';
import { tunnelledTo } from '../../../../worker/browser-ingest';
import { evaluateInPage } from '../../../../worker/in-page';
import { controlIn, drivePage } from '../../../../worker/trigger';
import { recordResponseBodies } from '../../../../worker/response-bodies';
import type { AuditCheck, AuditedSession } from '../../../../worker/audited-session';
import { BODY_CUT_OFF, requestEntry, type Redirect } from '../../../../worker/request-entry';
import { NAVIGATION_TIMEOUT_MS, whyPlaywrightGaveUp } from '../../../../worker/session';
import { isOutcome, NotJudged, RuledOut } from '../../../../worker/audited-check';

const notReached = (why: string) => new NotJudged(`not reached: ${why}`, why);

/** A page that did not settle within its limit is an entry not driven: said with what it waited for. */
const settled = (lines: Promise<string[]>) =>
  lines.catch((error: unknown) => {
    throw error instanceof PageNotSettled ? new NotJudged(error.message) : error;
  });

/** What the browser side of one entry observed. */
export interface BrowserObservation {
  /** The path its route answered at: the placed URL, or where the app's redirects moved it (under a locale). */
  reachedAt: string;
  status: number;
  lines: string[];
  linesBefore: string[] | null;
  screenshot: Buffer | null;
  /** Events the page's SDK sent, read and answered where they leave the page: to a DSN's host, or to a tunnel on another origin. */
  events: ErrorEvent[];
  /** Events the page's SDK sent to the app's own tunnel route, let through to the app: by the route's URL, with the app's first answer there (0: none). */
  tunnelled: TunnelSend[];
  /** Text of the app's responses to the page: documents, RSC payloads, action results. */
  responses: string[];
  /** The page's document once settled (null: a request, no page). */
  document: string | null;
  /** Hosts beyond the machine the page (or the request) asked for, each once per request: refused, never reached. */
  refused: string[];
  /** Whether the page's SDK has a client that can send (a DSN); null: JavaScript off, or no page. */
  client: boolean | null;
  /** Where the time went, in ms: the page's load and settling, its SDK's flush, the screenshot. */
  ms: Record<string, number>;
}

/** What the page sent to the app's tunnel route at one URL, and what the app answered it first (a redirect's status and where it pointed). */
export interface TunnelSend {
  url: string;
  status: number;
  location: string | null;
  events: ErrorEvent[];
}

/** The redirects the browser followed to `response`, first to last: each hop's status and where it sent the browser. */
async function redirectsBefore(response: Response): Promise<Redirect[]> {
  const hops: Redirect[] = [];
  for (let request = response.request(); request.redirectedFrom(); request = request.redirectedFrom()!)
    hops.unshift({ status: (await request.redirectedFrom()!.response())?.status() ?? 0, to: request.url() });
  return hops;
}

/**
 * The page's sends to the app's tunnel route, by URL, each with the app's first answer: the flush
 * returned once every send was answered, so each answer is awaited only as long as Playwright takes
 * to tell of it.
 */
async function tunnelSends(
  tunnelled: readonly { url: string; event: ErrorEvent }[],
  posted: ReadonlyMap<string, { status: number; location: string | null }>,
): Promise<TunnelSend[]> {
  const urls = [...new Set(tunnelled.map(({ url }) => url))];
  // An answer not yet told is no answer of the app's: waited for, and the entry not judged without it.
  if (!(await until(() => urls.every((url) => posted.has(url)), NAVIGATION_TIMEOUT_MS)))
    throw new NotJudged(`its page's sends to the app's tunnel route got no answer within ${NAVIGATION_TIMEOUT_MS / 1000} s`);
  return urls.map((url) => ({
    url,
    ...(posted.get(url) ?? { status: 0, location: null }),
    events: tunnelled.filter((sent) => sent.url === url).map(({ event }) => event),
  }));
}

/** What the browser side observed, its context still open: `finish` closes it, keeping its trace or not. */
export type DrivenEntry = BrowserObservation & { finish(keepTrace: boolean): Promise<void> };

/** One entry being driven: where it is, what it showed so far, and the time each step took. */
interface Driving {
  origin: string;
  url: string;
  scenario: Scenario;
  javaScript: boolean;
  observed: BrowserObservation;
  /** Where an answer is the entry's own though it is a 404 (a Pages Router route whose data says notFound). */
  answersItself: { ownNotFound: boolean };
  lap(name: string): void;
}

function startDriving(scenario: Scenario, origin: string, url: string): Driving {
  const { trigger } = scenario;
  const observed: BrowserObservation = {
    reachedAt: url,
    status: 0,
    lines: [],
    linesBefore: null,
    screenshot: null,
    events: [],
    tunnelled: [],
    responses: [],
    document: null,
    refused: [],
    client: null,
    ms: {},
  };
  let at = performance.now();
  return {
    origin,
    url,
    scenario,
    javaScript: !(trigger.kind === 'load' && trigger.javaScript === false),
    observed,
    answersItself: { ownNotFound: routerOf(scenario.failureClass) === 'pages' && scenario.expect.status === 404 },
    lap: (name) => {
      observed.ms[name] = Math.round(performance.now() - at);
      at = performance.now();
    },
  };
}

/** A request entry: its answer, followed only while it keeps to the entry; one that answers from elsewhere did not reach it. */
async function driveRequest(context: BrowserContext, driving: Driving): Promise<BrowserObservation> {
  const { origin, url, observed, answersItself } = driving;
  // Redirects followed only while they keep the entry (a locale's prefix): the first that leaves it is what answered instead.
  const outcome = await requestEntry(context.request, `${origin}${url}`, keepsToAuditSegment);
  if (outcome.kind === 'unanswered')
    throw new NotJudged(`its request got no answer within ${NAVIGATION_TIMEOUT_MS / 1000} s (${whyPlaywrightGaveUp(outcome.error)})`);
  observed.reachedAt = outcome.path;
  observed.status = outcome.status;
  if (outcome.kind === 'cut off') {
    observed.lines = [BODY_CUT_OFF];
    return observed;
  }
  const why = unreached({ asked: url, redirects: outcome.redirects, status: outcome.status, body: outcome.body }, AUDIT_SEGMENT, answersItself);
  if (why) throw notReached(why);
  observed.responses.push(outcome.body);
  observed.lines = bodyLines(outcome.body);
  return observed;
}

/** What a page's traffic tells while it is driven: how many of its requests are in flight, and the app's first answer to each POST (its tunnel route's among them). */
function watchTraffic(page: Page) {
  // The SDK's sends to the app's tunnel route are not the page's to settle: an answer the SDK never reads (a 404 page) never finishes arriving.
  const inFlight = requestsInFlight(page, (request) => {
    const sent = request.postDataBuffer();
    return sent === null || tunnelledTo(sent) === null;
  });
  // A redirect's own status, not where it led.
  const posted = new Map<string, { status: number; location: string | null }>();
  const firstAnswer = (request: Request, answer: { status: number; location: string | null }) => {
    if (request.method() === 'POST' && !request.redirectedFrom() && !posted.has(request.url())) posted.set(request.url(), answer);
  };
  page.on('response', (answer) => firstAnswer(answer.request(), { status: answer.status(), location: answer.headers().location ?? null }));
  page.on('requestfailed', (request) => firstAnswer(request, { status: 0, location: null }));
  return { inFlight, posted };
}

/** Loads the entry's page: its status, and where it answered; a page that answers from elsewhere (a wall, a redirect away) did not reach it. */
async function loadEntryPage(page: Page, path: string, driving: Driving): Promise<Response | null> {
  const { origin, observed, answersItself } = driving;
  const response = await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS }).catch((error: Error) => {
    throw new NotJudged(`its page did not load within ${NAVIGATION_TIMEOUT_MS / 1000} s (${whyPlaywrightGaveUp(error)})`);
  });
  observed.status = response?.status() ?? 0;
  if (response) {
    const body = await response.text().catch(() => '');
    const why = unreached({ asked: path, redirects: await redirectsBefore(response), status: response.status(), body }, AUDIT_SEGMENT, answersItself);
    if (why) throw notReached(why);
    observed.reachedAt = new URL(response.url()).pathname;
  }
  driving.lap('load');
  return response;
}

/**
 * The one driver, as the reference run drives its page (the same conditions on its requests, from
 * the first document on and once the page is up), with the audit's policy: an app that carries no
 * probe is known to have settled by its quiet document.
 */
async function drivePageSettled(page: Page, driving: Driving, inFlight: () => number) {
  const { scenario, url, javaScript } = driving;
  const { trigger } = scenario;
  return drivePage(page, trigger, url, {
    load: (page, path) => loadEntryPage(page, path, driving),
    ready: async (page, control) => ({
      linesBefore: await settled(settledLines(page, inFlight)),
      click: async () => {
        const before = page.url();
        await controlIn(page, control)
          .click({ timeout: NAVIGATION_TIMEOUT_MS })
          .catch((error: Error) => {
            throw new NotJudged(`its control "${control.name}" could not be clicked within ${NAVIGATION_TIMEOUT_MS / 1000} s (${whyPlaywrightGaveUp(error)})`);
          });
        // A navigation is under way until its address changes (a blocked chunk or a failed payload may be retried first): what shows before that is the page it leaves.
        if (trigger.kind === 'navigate')
          await page.waitForURL((address) => address.href !== before, { timeout: SETTLE_MS, waitUntil: 'commit' }).catch(() => {});
        driving.lap('click');
      },
    }),
    // Without JavaScript nothing changes after the load: what it shows is what it keeps showing.
    settle: async (page, linesBefore) => {
      const lines = javaScript ? await settled(settledLines(page, inFlight, linesBefore)) : await visibleLines(page);
      driving.lap('settle');
      return lines;
    },
  });
}

/** What a settled page holds: its SDK flushed and whether it could send, the envelopes it sent, its document and a screenshot. */
async function readSettledPage(page: Page, check: AuditCheck, driving: Driving, posted: Parameters<typeof tunnelSends>[1]): Promise<void> {
  const { observed } = driving;
  if (driving.javaScript) {
    await evaluateInPage(page, flushSentryInPage, undefined);
    observed.client = await evaluateInPage(page, sentryCanSendInPage, undefined);
  }
  // Read once the flush answered: every envelope the page sent has been.
  const { events, problems } = check.record;
  if (problems.length > 0) throw new NotJudged(`its page sent what faultline cannot read as a Sentry envelope (${problems[0]})`);
  observed.events = [...events];
  observed.tunnelled = await tunnelSends(check.record.tunnelled, posted);
  driving.lap('flush');
  observed.document = await evaluateInPage(page, documentHtmlInPage, undefined);
  observed.screenshot = await page.screenshot({ fullPage: false });
  driving.lap('screenshot');
}

/** A page entry: loaded, its control clicked once hydrated, settled, then read. */
async function drivePageEntry(context: BrowserContext, check: AuditCheck, driving: Driving): Promise<BrowserObservation> {
  const { observed, scenario } = driving;
  const page = await context.newPage();
  // Every body the page receives, read as it arrives: one that cannot be read stops the entry, never skipped by the leak check.
  const bodies = recordResponseBodies(page);
  const { inFlight, posted } = watchTraffic(page);
  const driven = await drivePageSettled(page, driving, inFlight);
  observed.linesBefore = driven.linesBefore;
  observed.lines = driven.settled;
  // A condition that failed nothing after the click left the failure untried: the app's navigation rules it out.
  if (driven.failuresMet === 0) {
    const what = scenario.trigger.kind === 'navigate' && scenario.trigger.blockChunks ? 'chunk' : 'RSC payload';
    throw new RuledOut(
      `the app's navigation to its page asks for no ${what} after the click (it had what it needs already), so a failed ${what} cannot happen there`,
    );
  }
  await readSettledPage(page, check, driving, posted);
  observed.responses.push(...(await bodies.stop()));
  return observed;
}

/**
 * Triggers one placed entry in a page of its own, as a user would: loads its page (or requests
 * it), clicks its control once hydrated, waits until the page settles, flushes the page's SDK and
 * reads what it shows.
 */
export async function driveEntry(
  session: AuditedSession,
  check: AuditCheck,
  scenario: Scenario,
  url: string,
  tracePath: string | null = null,
): Promise<DrivenEntry> {
  const driving = startDriving(scenario, session.origin, url);
  const context = await session.visitor({ javaScriptEnabled: driving.javaScript });
  // Its trace is recorded while it runs and kept only when asked (an entry with a finding): writing every entry's would cost a tenth of the audit.
  if (tracePath) await context.tracing.start({ snapshots: true, screenshots: false });
  driving.lap('context');
  const finish = async (keepTrace: boolean) => {
    if (tracePath) await context.tracing.stop(keepTrace ? { path: tracePath } : undefined).catch(() => {});
    await context.close();
  };
  try {
    const driven = scenario.trigger.kind === 'request' ? await driveRequest(context, driving) : await drivePageEntry(context, check, driving);
    return { ...driven, refused: check.refused(), finish };
  } catch (error) {
    // What could not be driven keeps its trace: the evidence of what stood in the way.
    await finish(isOutcome(error));
    throw error;
  }
}
