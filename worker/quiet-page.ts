import type { Page, Request } from '@playwright/test';
import { documentQuiet } from '../chromium/idle';
import { evaluateInPage } from './in-page';
import { readScreen } from './screen-reader';
import { until } from '../harness/until';
import { NAVIGATION_TIMEOUT_MS } from './session';

/** How long a page may keep changing after its network went quiet before its screen is read anyway, and how long a screen the click did not change must stay so. */
export const SETTLE_MS = 3_000;
/**
 * How long the page's requests may stay in flight, its document changing, before the entry is not
 * judged: a busy machine answers slowly, and a screen read while an answer is still coming would be
 * judged as the app's.
 */
export const IN_FLIGHT_LIMIT_MS = NAVIGATION_TIMEOUT_MS;

/** A page whose requests did not end within the limit: what it shows is not yet what the app does, so nothing is judged of it. */
export class PageNotSettled extends Error {
  override name = 'PageNotSettled';
}
/**
 * How long the document must stay unchanged, its network idle, to count as settled: longer than a
 * frame or two between React's commits, short beside a page's load.
 */
const QUIET_MS = 100;

const same = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/** The page's visible lines now, read by the one screen reader. */
export async function visibleLines(page: Page): Promise<string[]> {
  return (await readScreen(page)).lines;
}

/**
 * How many of the page's requests are in flight now, of those `counted`: what its settling waits
 * for (a kind leaves out what the page itself never waits on: a send to a tunnel, a held call).
 */
export function requestsInFlight(page: Page, counted: (request: Request) => boolean): () => number {
  let requests = 0;
  page.on('request', (request) => counted(request) && requests++);
  page.on('requestfinished', (request) => counted(request) && requests--);
  page.on('requestfailed', (request) => counted(request) && requests--);
  return () => requests;
}

/**
 * Reads the screen once the page settled: no request of it in flight and its document unchanged
 * for QUIET_MS; a page that keeps changing (an animation) once the same lines are read twice in a
 * row. After a click (`before`: the lines it was made on), the same lines as before are a claim
 * about the app, that its control changed nothing the user sees: read only once they stayed so for
 * SETTLE_MS with nothing in flight, since React may render a failure a moment after the document
 * went quiet (a Server Action's error, under load on CI). So is a blank screen, that the app's
 * failure leaves nothing to see: a fallback may be rendered a moment late (a page read blank 0.5 s
 * after its load, its screenshot a moment later the fallback, on CI). Requests still in flight are
 * waited for, up to IN_FLIGHT_LIMIT_MS from the start (a busy machine answers late), then the page
 * is not settled: `PageNotSettled`, naming what it waited for.
 */
export async function settledLines(page: Page, inFlight: () => number, before: readonly string[] | null = null): Promise<string[]> {
  const started = Date.now();
  const giveUp = started + IN_FLIGHT_LIMIT_MS;
  let last: string[] | null = null;
  let unchangedSince = started;
  for (;;) {
    if (!(await until(() => inFlight() === 0, giveUp - Date.now())))
      throw new PageNotSettled(`its page still had ${inFlight()} request(s) in flight after ${IN_FLIGHT_LIMIT_MS / 1000} s`);
    const quiet = await evaluateInPage(page, documentQuiet, { quietMs: QUIET_MS, capMs: 1_000 }).catch(() => false);
    const now = await visibleLines(page);
    if (last === null || !same(now, last)) unchangedSince = Date.now();
    const settled = inFlight() === 0 && (quiet || (last !== null && same(now, last)));
    // The same lines as before the click, or none at all, are claims about the app: said only once they held for the window.
    const claim = now.length === 0 || (before !== null && same(now, before));
    if (settled && (!claim || Date.now() - unchangedSince >= SETTLE_MS)) return now;
    // A page whose lines keep changing with nothing in flight is read as it is at the limit, as a user would see it then.
    if (Date.now() >= giveUp) return now;
    last = now;
  }
}
