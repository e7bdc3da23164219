import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../audit/kinds/routes/entry';
import { faultLabel, judgeRoute, unreachedAsIs, type RouteLoad, type RouteObservation } from '../audit/kinds/routes/judge';
import { BACKEND_500 } from '../audit/kinds/routes/protocol';

/**
 * A route of the app's own judged from its loads (audit/kinds/routes/judge.ts), each shape as a
 * generated app showed it under the audit (foreign-apps/routes-audit.spec.ts): what the app shows
 * of its own for a failed backend is no finding; a blank page, a page still loading, the
 * backend's error on screen, a 5xx never reported, the classic fallback with no reference and an
 * uncaught exception in the browser are.
 */

const BACKEND = '127.0.0.1:4719';
const page = (id: string, kind: RouteEntry['kind'] = 'page'): RouteEntry => ({
  id,
  router: 'app',
  kind,
  runtime: 'nodejs',
  entry: `app${id}/page`,
  file: `app${id}/page.tsx`,
  url: id,
  from: 'static',
});
const load = (over: Partial<RouteLoad>): RouteLoad => ({
  backend: BACKEND,
  fault: 'refused',
  status: 200,
  lines: ['Items', 'backend-item-from-the-api'],
  linesAtStart: ['Items', 'backend-item-from-the-api'],
  answered: [],
  pageErrors: [],
  reports: [],
  screenshot: null,
  alsoCalled: [],
  ...over,
});
const healthy = (over: Partial<RouteLoad> = {}) => load({ backend: null, fault: null, ...over });

function observed(entry: RouteEntry, loads: Partial<RouteLoad>[], asIs: Partial<RouteLoad> = {}, reporterRead = true): RouteObservation {
  return {
    entry,
    backends: [{ backend: BACKEND, sides: ['node'], asked: ['GET /items'], calls: 1, at: `${entry.file}:5`, faults: ['refused', '500', 'hang'] }],
    healthy: healthy(asIs),
    loads: loads.map(load),
    reporterRead,
  };
}
const whats = (observation: RouteObservation) => judgeRoute(observation, BACKEND_500).findings.map(({ check, what }) => `${check}: ${what}`);

describe("a route of the app's own, judged", () => {
  it("names each fault by its backend: the baseline's key stays the route's whatever its other routes do", () => {
    expect(faultLabel({ backend: BACKEND, fault: 'refused' })).toBe(`with ${BACKEND} refused`);
    expect(faultLabel({ backend: BACKEND, fault: '500' })).toBe(`with ${BACKEND} answering 500`);
    expect(faultLabel({ backend: BACKEND, fault: 'hang' })).toBe(`with ${BACKEND} hanging`);
  });

  it("a fallback of the app's own (try/catch with a message) is what the report says, not a finding", () => {
    const judged = judgeRoute(observed(page('/fallback'), [{ lines: ['Items', 'Items are unavailable right now.'] }]), BACKEND_500);
    expect(judged.findings).toEqual([]);
    expect(judged.faults[0].screen).toBe("the app's own error UI");
    expect(judged.checks).toMatchObject({ screen: 'ok', 'no leak': 'ok', 'reported once': 'ok' });
  });

  it('a server page with no try/catch: the classic fallback with no reference, located at the calling line', () => {
    const fallback = ['Application error: a client-side exception has occurred (see the browser console for more information).'];
    const judged = judgeRoute(
      observed(page('/dashboard'), [
        {
          status: 500,
          lines: fallback,
          reports: [{ type: 'TypeError', value: 'fetch failed', handled: false, mechanism: null, digest: null, runtime: 'node' }],
        },
      ]),
      BACKEND_500,
    );
    expect(judged.findings).toEqual([
      expect.objectContaining({
        check: 'screen',
        what: `with ${BACKEND} refused: the classic fallback with no reference to quote`,
        at: 'app/dashboard/page.tsx:5',
      }),
    ]);
  });

  it("a visitor's own id or a number on the page is no other screen (posthog-next-app-router's distinct id)", () => {
    const asIs = { lines: ['Distinct ID: 019aee4e-8d0b-7c43-b1a2-3c4d5e6f7a8b', 'Loaded in 12 ms'] };
    const judged = judgeRoute(
      observed(page('/server-flags'), [{ lines: ['Distinct ID: 019aee4f-1234-7abc-9def-0a1b2c3d4e5f', 'Loaded in 40 ms'] }], asIs),
      BACKEND_500,
    );
    expect(judged.faults[0].screen).toBe('the unchanged page');
  });

  it("a route handler that catches and answers 500: never reported, and the backend's error in its answer", () => {
    const body = JSON.stringify({ error: BACKEND_500.body });
    expect(whats(observed(page('/api/items', 'handler'), [{ fault: '500', status: 500, lines: [body], linesAtStart: [body], answered: [body] }]))).toEqual([
      `no leak: with ${BACKEND} answering 500: the backend's error reaches the user (its internal host and a secret)`,
      `reported once: with ${BACKEND} answering 500: answered 500 and reported nothing`,
    ]);
  });

  it('a 5xx is judged unreported only where faultline reads a reporter of the app', () => {
    const judged = judgeRoute(observed(page('/api/items', 'handler'), [{ status: 500, lines: ['{}'] }], {}, false), BACKEND_500);
    expect(judged.findings).toEqual([]);
    expect(judged.checks['reported once']).toMatch(/^not judged: no reporter/);
  });

  it("a 5xx whose error went to a background reporter naming no route (posthog-node's captureException) is not judged unreported", () => {
    const judged = judgeRoute(observed(page('/api/stock', 'handler'), [{ status: 500, lines: ['{}'], unattributed: 1 }]), BACKEND_500);
    expect(judged.findings).toEqual([]);
    // True whether its report came naming no route or came late: the wait had no report about this route.
    expect(judged.checks['reported once']).toBe(
      'not judged: 1 error handed to PostHog had no report naming this route within 10 s; PostHog sends in the background, and a report naming no route cannot be told apart',
    );
  });

  it('a client fetch whose failure is never caught: still loading, and an uncaught exception in the browser', () => {
    const asIs = { lines: ['Client items', 'backend-item-from-the-api'], linesAtStart: ['Loading items…'] };
    const judged = judgeRoute(observed(page('/client'), [{ lines: ['Loading items…'], pageErrors: ['Error: items: 500'] }], asIs), BACKEND_500);
    expect(judged.faults[0].screen).toBe('still loading');
    expect(whats(observed(page('/client'), [{ lines: ['Loading items…'], pageErrors: ['Error: items: 500'] }], asIs))).toEqual([
      `screen: with ${BACKEND} refused: still loading: it shows what it shows before its data comes`,
      `screen: with ${BACKEND} refused: an uncaught exception in the browser`,
    ]);
  });

  it('a page that shows its first screen as its last is never "still loading", nor is a hang (it is still waiting)', () => {
    expect(whats(observed(page('/static'), [{ lines: ['Items', 'backend-item-from-the-api'] }]))).toEqual([]);
    const asIs = { lines: ['Client items'], linesAtStart: ['Loading items…'] };
    expect(whats(observed(page('/client'), [{ fault: 'hang', lines: ['Loading items…'] }], asIs))).toEqual([]);
  });

  it('a page whose first screen a failure then replaced as the machine has its backends is not "still loading" where it renders (its first screen is the page, not a wait)', () => {
    // sentry-next16-wizard's /pageload-tracing: the shell shows "I am page 2", then its metadata's refused fetch turns it into the fallback.
    const fallback = ['Application error: a client-side exception has occurred (see the browser console for more information).'];
    const asIs = { lines: fallback, linesAtStart: ['I am page 2'] };
    const judged = judgeRoute(
      observed(
        page('/pageload-tracing'),
        [
          { fault: '500', lines: ['I am page 2'] },
          { fault: 'hang', lines: fallback },
        ],
        asIs,
      ),
      BACKEND_500,
    );
    expect(judged.faults.map((fault) => fault.screen)).toEqual(["the app's own error UI", 'classic fallback']);
  });

  it('a page still waiting with its backend hanging tells its first screen is a wait: without that, a first screen that stays is not judged one', () => {
    const asIs = { lines: ['Client items'], linesAtStart: ['Loading items…'] };
    const stuck = { lines: ['Loading items…'] };
    expect(judgeRoute(observed(page('/client'), [stuck, { ...stuck, fault: 'hang' }], asIs), BACKEND_500).faults[0].screen).toBe('still loading');
    expect(judgeRoute(observed(page('/client'), [stuck, { fault: 'hang', lines: ['Items are late'] }], asIs), BACKEND_500).faults[0].screen).toBe(
      "the app's own error UI",
    );
  });

  it('a page that never answered while its backend hung is no blank page finding; with it refused, it is', () => {
    expect(whats(observed(page('/slow'), [{ fault: 'hang', status: 0, lines: [] }]))).toEqual([]);
    expect(whats(observed(page('/slow'), [{ status: 0, lines: [] }]))).toEqual([`screen: with ${BACKEND} refused: a blank page`]);
  });

  it("a soft error: a 200 where the app's own error boundary or not-found rendered for the failure (its flight data says so), never guessed from text", () => {
    const flight = (row: string) => `<html><body><p>x</p><script>self.__next_f.push([1,${JSON.stringify(row)}])</script></body></html>`;
    const boundary = load({ lines: ['Something went wrong', 'Try again'], answered: [flight('5:E{"digest":"2952405236"}\n')] });
    expect(whats(observed(page('/dashboard'), [boundary]))).toEqual([
      `screen: with ${BACKEND} refused: a 200 for a failed page: its error boundary rendered for it`,
    ]);
    const notFound = load({ lines: ['Not here'], answered: [flight('3:E{"digest":"NEXT_HTTP_ERROR_FALLBACK;404"}\n')] });
    expect(whats(observed(page('/dashboard'), [notFound]))).toEqual([
      `screen: with ${BACKEND} refused: a 200 for a failed page: its not-found rendered for it`,
    ]);
    // The same words with no such row, a 500, or a route already failing as the machine has its backends: none.
    expect(whats(observed(page('/dashboard'), [{ lines: ['Something went wrong'], answered: ['<p>Something went wrong</p>'] }]))).toEqual([]);
    expect(whats(observed(page('/dashboard'), [{ ...boundary, status: 500 }])).filter((what) => what.includes('a 200'))).toEqual([]);
    expect(whats(observed(page('/dashboard'), [boundary], { answered: boundary.answered }))).toEqual([]);
  });

  it('a load that never called the faulted backend (a cached answer) is said, never found: nothing proves the fault reached it', () => {
    const judged = judgeRoute(observed(page('/blank'), [{ status: 500, lines: [], met: false }]), BACKEND_500);
    expect(judged.findings).toEqual([]);
    expect(judged.faults[0].screen).toBe('a blank page');
  });

  it('a blank page under a fault, and one error reported twice', () => {
    const report = { type: 'TypeError', value: 'fetch failed', handled: false, mechanism: null, digest: null, runtime: 'node' };
    expect(whats(observed(page('/blank'), [{ status: 500, lines: [], reports: [report, report] }]))).toEqual([
      `screen: with ${BACKEND} refused: a blank page`,
      `reported once: with ${BACKEND} refused: one error reported 2 times`,
    ]);
  });

  it('a route that called no backend has nothing to fail: each check says so', () => {
    const judged = judgeRoute({ ...observed(page('/'), []), backends: [] }, BACKEND_500);
    expect(judged.findings).toEqual([]);
    expect(judged.checks.screen).toMatch(/^not applicable: it called no backend/);
    expect(judged.screen).toBe('a page');
  });
});

describe('a route not reached as the machine has its backends: said in one line, never judged', () => {
  const seen = (status: number, redirectedTo: string | null = null) => ({ status, redirectedTo });
  it('a redirect, a wall of its own, and a route handler that answers GET with 405, naming what it answers', () => {
    expect(unreachedAsIs(page('/old'), '/old', seen(200, '/fallback'), null)).toBe('not reached: the app redirected /old to /fallback');
    expect(unreachedAsIs(page('/admin'), '/admin', seen(403), null)).toBe(
      'not reached: the app answered /admin with 403 (a wall of its own; a session past it: --cookie NAME=VALUE)',
    );
    expect(unreachedAsIs(page('/api/chat', 'handler'), '/api/chat', seen(405), 'OPTIONS, POST')).toBe(
      'not loaded: /api/chat answers GET with 405 (it answers POST): faultline asks a route handler with GET alone',
    );
    // A page's 405 is its own answer, judged as any.
    expect(unreachedAsIs(page('/form'), '/form', seen(405), null)).toBeNull();
    expect(unreachedAsIs(page('/'), '/', seen(200), null)).toBeNull();
  });
});
