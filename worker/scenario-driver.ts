import type { Page, Response } from '@playwright/test';
import type { Scenario } from '../scenarios/schema';
import { DIGEST_LINE_PREFIX, FALLBACK_HEADING_START, sideOf } from '../scenarios/golden';
import type { Screen } from '../verdict/verdict';
import { bodyLines, classifyScreen } from '../verdict/screen-kind';
import { READY_PATH } from '../harness/app-server';
import { withoutScripts } from './page-conditions';
import { controlOf, drivePage } from './trigger';
import { BODY_CUT_OFF, requestEntry } from './request-entry';
import { armProbe, watchFor } from './probe';
import type { ProbeMessage } from '../chromium/probe';
import type { ScreenRead } from '../chromium/screen';
import { readScreen } from './screen-reader';
import { epochNow } from './check-trace';
import { NAVIGATION_TIMEOUT_MS } from './session';

const SETTLE_TIMEOUT_MS = 10_000;
/** The SDK's own flush gives up after 2 s. */
const FLUSHED_TIMEOUT_MS = 5_000;

export function fallbackHeading(page: Page) {
  return page.getByRole('heading', { name: FALLBACK_HEADING_START });
}

export function digestParagraph(page: Page) {
  return page.getByText(new RegExp(`^${DIGEST_LINE_PREFIX}`));
}

function isActionPost(response: Response): boolean {
  return response.request().method() === 'POST' && response.request().headers()['next-action'] !== undefined;
}

/** A page (or a request) of the app that did not answer in time fails its check naming what it waited for. */
function unanswered(what: string, error: Error): Error {
  const timedOut = error.name === 'TimeoutError' || /Timeout \d+ms exceeded/.test(error.message);
  return timedOut ? new Error(`the app did not answer ${what} within ${NAVIGATION_TIMEOUT_MS / 1000} s`) : error;
}

async function answered<T>(what: string, step: Promise<T>): Promise<T> {
  return step.catch((error: Error) => {
    throw unanswered(what, error);
  });
}

interface Triggering {
  status: number;
  /** For a load: the HTTP redirect it followed first (its status), or null. */
  redirectStatus?: number | null;
  body?: Body;
  /** What to undo once the page was read (JavaScript turned off for the load). */
  release?: () => Promise<void>;
  /** How many requests of the click's navigation the trigger's condition failed; null: it set none. */
  failuresMet?: number | null;
  /** What the page settled on, as the probe read it; null when it did not settle in time. */
  settled?: Settled | null;
  /** The probe's flush of the page's SDK, started when it settled: whether it had a client (null: no word). */
  flushed?: Promise<boolean | null>;
  /** Why the first document was cut off mid-stream; null when it arrived whole. */
  documentCutOff?: string | null;
  /** The screen's visible lines before the click, as the probe read them when the control hydrated. */
  linesBefore?: string[] | null;
}

/** Runs the entry's trigger until its page settled: the document (or response) status, and what to undo once the page was read. */
async function trigger(page: Page, scenario: Scenario, appUrl: string): Promise<Triggering> {
  const { trigger: how, path } = scenario;
  if (how.kind === 'request') {
    const outcome = await requestEntry(page.request, new URL(path, appUrl).href);
    if (outcome.kind === 'unanswered') throw unanswered(`GET ${path}`, outcome.error);
    return { status: outcome.status, body: { text: outcome.kind === 'cut off' ? BODY_CUT_OFF : outcome.body, path: outcome.path } };
  }
  if (how.kind === 'load' && how.javaScript === false) {
    const scriptsOff = await withoutScripts(page);
    const response = await answered(path, page.goto(path, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS }));
    if (!response) throw new Error(`${scenario.id}: no response for ${path}`);
    return { status: response.status(), redirectStatus: await firstRedirectStatus(response), release: scriptsOff.release };
  }
  const { loaded: response, settled, flushed, linesBefore, failuresMet } = await triggerWithProbe(page, scenario, appUrl, 'check');
  return {
    status: response.status(),
    redirectStatus: await firstRedirectStatus(response),
    linesBefore,
    failuresMet,
    settled,
    flushed,
    documentCutOff: await cutOffOf(response),
  };
}

/** The status of the first HTTP redirect the load of `response` followed, or null where it followed none. */
async function firstRedirectStatus(response: Response): Promise<number | null> {
  let first = response.request();
  while (first.redirectedFrom()) first = first.redirectedFrom()!;
  return first === response.request() ? null : ((await first.response())?.status() ?? null);
}

/** How long a settled page's document may still take to end: a streamed one ends after what it streamed last. */
const DOCUMENT_END_TIMEOUT_MS = 2_000;

/**
 * Why the check's first document did not arrive whole (the connection cut mid-stream), or null.
 * A streamed document that is cut off leaves the page without what it would have shown: the check
 * says so instead of failing on a fallback that never came.
 */
async function cutOffOf(response: Response): Promise<string | null> {
  const ended = await Promise.race([
    response.finished().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), DOCUMENT_END_TIMEOUT_MS)),
  ]);
  return ended ? (response.request().failure()?.errorText ?? null) : null;
}

/**
 * A page-loading entry's trigger, watched by the page probe: the one driver (`drivePage`) with the
 * probe as its policy. `check`: the probe reads the screen and flushes the SDK when the page
 * settles, and the click is real mouse input at the hydrated control; `bare` (the bench's bare
 * limit): the probe only says when, and clicks the control itself unless requests must be blocked
 * between hydration and click.
 */
export async function triggerWithProbe(page: Page, scenario: Scenario, appUrl: string, mode: 'check' | 'bare') {
  const { trigger: how, path } = scenario;
  const control = controlOf(how);
  const blocks = how.kind === 'navigate' && Boolean(how.blockChunks || how.failRsc);
  const probeClicks = mode === 'bare' && !blocks;
  const watch = watchFor({ ...scenario.expect, sees: pageSees(scenario) }, control && { ...control, click: probeClicks }, mode === 'check');
  const probe = await armProbe(page, new URL(appUrl).origin, READY_PATH, watch);
  // The probe watches from the document's first script on: the navigation and the wait overlap.
  const settled: Promise<Settled | null> = probe.settled(SETTLE_TIMEOUT_MS).then((message) => message && { ...message, noticedAt: epochNow() });
  const flushed = mode === 'check' ? settled.then((message) => (message ? probe.flushed(FLUSHED_TIMEOUT_MS) : null)) : Promise.resolve(null);
  try {
    const driven = await drivePage(page, how, path, {
      load: async (page, path) => {
        const response = await answered(path, page.goto(path, { waitUntil: 'commit', timeout: NAVIGATION_TIMEOUT_MS }));
        if (!response) throw new Error(`${scenario.id}: no response for ${path}`);
        return response;
      },
      ready: async (page) => {
        if (probeClicks) return null;
        const at = await probe.hydrated(SETTLE_TIMEOUT_MS);
        // A real click (mouse input at the control's centre); a click before hydration would have
        // been a full document navigation, another scenario.
        return { linesBefore: at.lines, click: () => page.mouse.click(at.x, at.y) };
      },
      // A miss is not an error here: the screen is observed next and compared with the entry.
      settle: () => settled,
    });
    return { ...driven, flushed };
  } finally {
    void Promise.all([settled, flushed]).finally(() => probe.disarm());
  }
}

/** The exact text a page-loading entry shows: only a request entry's body may be pinned by its start (the schema says so). */
function pageSees(scenario: Scenario): string | undefined {
  return typeof scenario.expect.sees === 'string' ? scenario.expect.sees : undefined;
}

/** A read screen as the verdict compares it: the fallback's variant, or Next's own error screen, or none; and every line it shows. */
function fallbackOf(read: ScreenRead): Pick<Screen, 'fallback' | 'heading' | 'digestLine' | 'lines'> {
  const heading = read.fallbackHeading;
  const fallback = heading === null ? null : sideOf(heading);
  const { lines } = read;
  if (fallback) return { fallback, heading, digestLine: read.digestLine, lines };
  if (read.errorDocument && lines.length > 0) return { fallback: 'other', heading: lines[0], digestLine: read.digestLine, lines };
  return { fallback: 'none', heading, digestLine: read.digestLine, lines };
}

/**
 * The fallback on the page now, if any: its variant, sentence (for another error screen, Next's
 * own from 16.2, its first line) and digest line exactly as shown, and the page's visible lines.
 */
export async function readFallback(page: Page): Promise<Pick<Screen, 'fallback' | 'heading' | 'digestLine' | 'lines'>> {
  return fallbackOf(await readScreen(page));
}

/** The probe's word that the page settled, and when the worker got it (epoch ms). */
export type Settled = Extract<ProbeMessage, { kind: 'settled' }> & { noticedAt: number };

/** A request trigger's response: there is no page to observe. */
interface Body {
  text: string;
  /** Where the request ended up, after redirects. */
  path: string;
}

/** What a triggered entry left for the user to see, once the page settled. */
export interface Triggered {
  status: number;
  /** For a load: the HTTP redirect it followed first (its status), or null; absent for what is no load. */
  redirectStatus?: number | null;
  actionStatus: number | null;
  body?: Body;
  /** The screen as the probe read it the moment the page settled; null: read it now. */
  screen: ScreenRead | null;
  /** The probe's settling (its moments, for the bench's trace); null for requests, JavaScript-off loads and a page that did not settle. */
  settled: Settled | null;
  /** The probe's flush of the page's SDK (whether it had a client; null: flush from the test). */
  flushedInPage: Promise<boolean | null> | null;
  /** How many requests the trigger's condition failed after its click; absent: it set none. */
  triggerFailed?: number;
  /** Why the first document was cut off mid-stream; absent when it arrived whole. */
  documentCutOff?: string;
  /** The screen's visible lines before the click; null: the trigger clicks nothing. */
  linesBefore: string[] | null;
}

/** Runs the entry's trigger and waits until the page settles on what it will show. */
export async function triggerAndSettle(page: Page, scenario: Scenario, appUrl: string): Promise<Triggered> {
  const actionResponse =
    scenario.expect.actionStatus !== undefined ? page.waitForResponse(isActionPost, { timeout: SETTLE_TIMEOUT_MS }).catch(() => null) : Promise.resolve(null);
  const {
    status,
    redirectStatus,
    body,
    release,
    failuresMet = null,
    settled: message = null,
    flushed,
    documentCutOff = null,
    linesBefore = null,
  } = await trigger(page, scenario, appUrl);
  const actionStatus = (await actionResponse)?.status() ?? null;
  await release?.();
  return {
    status,
    ...(redirectStatus !== undefined && { redirectStatus }),
    actionStatus,
    body,
    screen: message?.screen ?? null,
    settled: message,
    flushedInPage: flushed ?? null,
    linesBefore,
    ...(failuresMet === null ? {} : { triggerFailed: failuresMet }),
    ...(documentCutOff === null ? {} : { documentCutOff }),
  };
}

/** The screen after `triggerAndSettle`: compared as a whole with what the entry expects. */
export async function observeScreen(
  page: Page,
  scenario: Scenario,
  { status, redirectStatus, actionStatus, body, screen, linesBefore }: Triggered,
): Promise<Screen> {
  const seen = (screen: Omit<Screen, 'kind'>): Screen => ({ ...screen, kind: classifyScreen(scenario, screen) });
  if (body !== undefined)
    return seen({
      fallback: 'none',
      heading: null,
      digestLine: null,
      lines: bodyLines(body.text),
      linesBefore: null,
      status,
      path: body.path,
      sees: body.text,
      actionStatus,
    });
  const read = screen ?? (await readScreen(page, pageSees(scenario) ?? null));
  return seen({
    ...fallbackOf(read),
    linesBefore,
    status,
    path: read.path,
    sees: read.seen,
    actionStatus,
    ...(redirectStatus !== undefined && { redirectStatus }),
  });
}

/** Drives one catalogue entry in `page` and reports what the user saw. */
export async function runScenario(page: Page, scenario: Scenario, appUrl: string): Promise<Screen> {
  return observeScreen(page, scenario, await triggerAndSettle(page, scenario, appUrl));
}
