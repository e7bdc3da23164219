import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { AuditResult } from '../verdict/audit-result';
import { appOf } from './apps';
import { auditApp, stderrLines, tree } from './faultline-cli';

/**
 * The app's own routes under backend faults (issue #85), on a generated app of Sentry's guide whose
 * pages call an API the test serves on loopback (`backend-pages/`). Each shape as it was read by
 * hand from its code and seen once in a browser: what the app shows of its own for a failed
 * backend is said, never a finding; a page with no try/catch, a route handler that catches and
 * answers 500, and a client fetch whose failure is never caught are findings, each at the line
 * that calls the API; a route that redirects elsewhere is said in one line, never judged.
 */
test.describe.configure({ timeout: 600_000 });

const ITEMS = [{ id: 1, name: 'backend-item-from-the-api' }];
let api: Server;

test.beforeAll(async () => {
  api = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ITEMS)));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => api?.close());

const ROUTES = ['/dashboard', '/fallback', '/api/items', '/client', '/gssp', '/old', '/items/[id]', '/api/chat'];

/** Each route's rows: the fault, what the user saw, the status. */
const rowsOf = (report: AuditResult, id: string) =>
  report.entries.find((entry) => entry.id === id)!.route!.faults.map(({ fault, screen, status }) => `${fault}: ${screen} ${status}`);
/** Each route's findings, as check and words (the backend's port made N). */
const findingsOf = (report: AuditResult, id: string) =>
  report.entries.find((entry) => entry.id === id)!.findings.map(({ check, what, at }) => `${check}: ${what.replace(/:\d+ /, ':N ')} @ ${at}`);

test("each route with its API refused, answering 500 and hanging: the app's own fallback said, the rest found at the calling line", async () => {
  const app = await appOf('backend-app');
  const before = tree(app);
  const backend = `127.0.0.1:${(api.address() as AddressInfo).port}`;
  const { code, stderr, report } = await auditApp(
    app,
    ROUTES.flatMap((route) => ['--route', route]),
    { BACKEND_URL: `http://${backend}` },
  );
  expect(tree(app), "the app's files, byte for byte").toEqual(before);
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect(code, 'findings').toBe(1);
  const audited = report!;
  expect(audited.entries.map((entry) => entry.id).sort()).toEqual(['/api/items', '/client', '/dashboard', '/fallback', '/gssp', '/items/[id]']);
  // A dynamic route its build gives no path to, loaded at the link a page renders at request time (from the API's items); it calls nothing.
  const item = audited.entries.find((entry) => entry.id === '/items/[id]')!;
  expect([item.url, item.status, item.route!.backends, item.findings]).toEqual(['/items/1', 200, [], []]);
  // Every route as the machine has its API: the items, each call seen at its line.
  for (const entry of audited.entries.filter(({ id }) => id !== '/items/[id]')) {
    expect(entry.status, entry.id).toBe(200);
    expect(
      entry.route!.backends.map(({ backend: called, sides }) => `${called} ${sides.join()}`),
      entry.id,
    ).toEqual([`${backend} node`]);
  }
  expect(audited.entries.find((entry) => entry.id === '/dashboard')!.route!.backends[0].at).toBe('app/dashboard/page.tsx:4');
  // A client page's API is its own route handler: the handler's call is the page's load's, at the handler's line.
  expect(audited.entries.find((entry) => entry.id === '/client')!.route!.backends[0].at).toBe('app/api/items/route.ts:5');

  // try/catch with a message of its own: said, not found.
  expect(rowsOf(audited, '/fallback')).toEqual(["refused: the app's own error UI 200", "500: the app's own error UI 200", "hang: the app's own error UI 200"]);
  expect(findingsOf(audited, '/fallback')).toEqual([]);
  // getServerSideProps with no try/catch: Next's 500 page, reported by Sentry's guide each time.
  expect(rowsOf(audited, '/gssp')).toEqual(["refused: Next's built-in screen 500", "500: Next's built-in screen 500", "hang: Next's built-in screen 500"]);
  expect(findingsOf(audited, '/gssp')).toEqual([]);
  // A server page with no try/catch: the guide's global-error shows Next's client-side sentence, no reference.
  expect(rowsOf(audited, '/dashboard')).toEqual(['refused: classic fallback 500', '500: classic fallback 500', 'hang: classic fallback 500']);
  expect(findingsOf(audited, '/dashboard')).toEqual(
    ['refused', 'answering 500', 'hanging'].map(
      (fault) => `screen: with 127.0.0.1:N ${fault}: the classic fallback with no reference to quote @ app/dashboard/page.tsx:4`,
    ),
  );
  // A route handler that catches, answers 500 with the error's text, and reports nothing.
  expect(findingsOf(audited, '/api/items')).toEqual([
    'reported once: with 127.0.0.1:N refused: answered 500 and reported nothing @ app/api/items/route.ts:5',
    "no leak: with 127.0.0.1:N answering 500: the backend's error reaches the user (its internal host and a secret) @ app/api/items/route.ts:5",
    'reported once: with 127.0.0.1:N answering 500: answered 500 and reported nothing @ app/api/items/route.ts:5',
    'reported once: with 127.0.0.1:N hanging: answered 500 and reported nothing @ app/api/items/route.ts:5',
  ]);
  // A client fetch whose failure is never caught: still loading while its API refuses or errs, and an uncaught exception.
  expect(rowsOf(audited, '/client')).toEqual(['refused: still loading 200', '500: still loading 200', 'hang: still loading 200']);
  expect(findingsOf(audited, '/client').map((finding) => finding.replace(/ @ .*$/, ''))).toEqual([
    'screen: with 127.0.0.1:N refused: still loading: it shows what it shows before its data comes',
    'screen: with 127.0.0.1:N refused: an uncaught exception in the browser',
    'screen: with 127.0.0.1:N answering 500: still loading: it shows what it shows before its data comes',
    'screen: with 127.0.0.1:N answering 500: an uncaught exception in the browser',
    "no leak: with 127.0.0.1:N answering 500: the backend's error reaches the user (its internal host and a secret)",
    'screen: with 127.0.0.1:N hanging: an uncaught exception in the browser',
  ]);
  // A route that redirects elsewhere is not the route: one line, never judged.
  expect(audited.notApplicable).toContainEqual({ id: '/old', why: 'not reached: the app redirected /old to /fallback' });
  // A route handler that answers only POST is asked with GET alone: said, never judged as calling nothing.
  expect(audited.notApplicable).toContainEqual({
    id: '/api/chat',
    why: 'not loaded: /api/chat answers GET with 405 (it answers POST): faultline asks a route handler with GET alone',
  });
  expect(audited.notJudged).toEqual([]);
});
