import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, launchAppServer, type LaunchedAppServer } from '../harness/app-server';
import { interceptOptions } from '../harness/audited-app';
import { nextBin } from '../harness/build';
import { SENTRY_ENVELOPE } from '../contract';
import { backendsOf, readCalls, siteReader } from '../audit/kinds/routes/worker/calls';
import { builtRoutes, readManifests } from '../audit/kinds/routes/manifests';
import { BACKEND_500, faultHeader, recorderImport, ROUTE_HEADERS, type FaultOrder } from '../audit/kinds/routes/protocol';
import { expect, test } from '@playwright/test';
import { generateApp } from './generate';

/**
 * The core of issue #85 on a real build: the template app with a server page that fetches an API
 * on loopback (no try/catch, as many pages are), built once and served as an audit serves it (the
 * intercept, then the recorder, preloaded). Its route comes from the build, its call is recorded
 * with the page's file and line, and each fault fails one request while a parallel request to the
 * same route sees the backend as it is.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const ITEMS = [{ id: 1, name: 'backend-item-from-the-api' }];
/** The page's source, its fetch on line 5: what the recorded call's site must be. */
const DASHBOARD = [
  "export const dynamic = 'force-dynamic';",
  '',
  'export default async function Dashboard() {',
  '  const api = process.env.BACKEND_URL;',
  '  const response = await fetch(`${api}/items`);',
  '  const items: { id: number; name: string }[] = await response.json();',
  '  return <main><h1>Dashboard</h1>{JSON.stringify(items)}</main>;',
  '}',
];

const LAYOUT = [
  'export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {',
  '  return (',
  '    <html lang="en">',
  '      <body>{children}</body>',
  '    </html>',
  '  );',
  '}',
];

let app: string;
let api: Server;
let server: LaunchedAppServer;
let calls: string;

test.beforeAll(async () => {
  app = join(mkdtempSync(join(tmpdir(), 'faultline-routes-')), 'app');
  await generateApp(app, { sentry: false });
  // Built here without the audit's offline Google fonts: the template's layout without them.
  writeFileSync(join(app, 'app', 'layout.tsx'), `${LAYOUT.join('\n')}\n`);
  mkdirSync(join(app, 'app', 'dashboard'));
  writeFileSync(join(app, 'app', 'dashboard', 'page.tsx'), `${DASHBOARD.join('\n')}\n`);
  await promisify(execFile)(process.execPath, [nextBin(app), 'build'], { cwd: app, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  api = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ITEMS)));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const folder = join(app, '.faultline');
  calls = join(folder, 'calls.jsonl');
  const ingest = join(folder, 'ingest.jsonl');
  mkdirSync(folder);
  writeFileSync(ingest, '');
  const env = { ...process.env, BACKEND_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}` };
  server = launchAppServer({
    root: app,
    port: await freePort(),
    logFile: join(folder, 'server.log'),
    env: { ...env, NODE_OPTIONS: `${interceptOptions(ingest, env)} ${recorderImport(calls, SENTRY_ENVELOPE.path)}` },
    ready: { path: '/', readiness: 'answers' },
  });
  await server.ready;
});

test.afterAll(async () => {
  await server?.stop();
  api?.close();
  if (app) rmSync(join(app, '..'), { recursive: true, force: true });
});

const backend = () => `127.0.0.1:${(api.address() as AddressInfo).port}`;

/** One page load of `path`, with `order` for it alone. */
async function load(path: string, id: string, order?: FaultOrder) {
  const started = Date.now();
  const response = await fetch(`${server.url}${path}`, {
    headers: { [ROUTE_HEADERS.load]: id, ...(order && { [ROUTE_HEADERS.fault]: faultHeader(order) }) },
  });
  return { status: response.status, html: await response.text(), ms: Date.now() - started };
}

test("the app's route comes from its build, and its call to the API with the page's file and line", async () => {
  const routes = builtRoutes(readManifests(join(app, '.next')));
  expect(routes.filter(({ route }) => route === '/dashboard')).toEqual([
    { route: '/dashboard', router: 'app', kind: 'page', runtime: 'nodejs', entry: 'app/dashboard/page', dynamic: false, prerendered: [] },
  ]);
  const healthy = await load('/dashboard', 'healthy');
  expect(healthy.status).toBe(200);
  expect(healthy.html).toContain('backend-item-from-the-api');
  const seen = backendsOf(
    readCalls(calls).filter((call) => call.load === 'healthy'),
    siteReader(app),
  );
  expect(seen).toEqual([
    {
      backend: backend(),
      runtimes: ['node'],
      protocol: 'http',
      asked: ['GET /items'],
      site: { file: 'app/dashboard/page.tsx', line: 5, column: expect.any(Number) },
      faults: ['refused', '500', 'hang'],
    },
  ]);
});

test('each fault fails one request; a parallel request to the same route sees the backend as it is', async () => {
  const refused = await Promise.all([load('/dashboard', 'refused', { fault: 'refused', backend: backend() }), load('/dashboard', 'beside-refused')]);
  expect(refused[0].status, 'the page has no try/catch: a refused API is its 500').toBe(500);
  expect(refused[1].status).toBe(200);
  expect(refused[1].html).toContain('backend-item-from-the-api');

  const answered500 = await Promise.all([load('/dashboard', 'answered-500', { fault: '500', backend: backend() }), load('/dashboard', 'beside-500')]);
  expect(answered500[0].html, "the page renders the backend's error body: the internal host and the secret are in the document").toContain(BACKEND_500.secret);
  expect(answered500[1].html).toContain('backend-item-from-the-api');

  const hung = load('/dashboard', 'hung', { fault: 'hang', backend: backend(), limitMs: 3_000 });
  const beside = await load('/dashboard', 'beside-hung');
  expect(beside.status).toBe(200);
  expect(beside.ms, 'the parallel request did not wait for the hung one').toBeLessThan(3_000);
  expect((await hung).ms).toBeGreaterThanOrEqual(3_000);

  const faults = readCalls(calls).map(({ load, fault }) => `${load}: ${fault ?? 'none'}`);
  expect(faults).toEqual(
    expect.arrayContaining(['refused: refused', 'beside-refused: none', 'answered-500: 500', 'beside-500: none', 'hung: hang', 'beside-hung: none']),
  );
  expect(readFileSync(join(app, '.faultline', 'server.log'), 'utf8')).not.toContain('[MSW]');
});
