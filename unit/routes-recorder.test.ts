import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interceptOptions } from '../harness/audited-app';
import { SENTRY_ENVELOPE } from '../contract';
import { BACKEND_500, faultHeader, recorderImport, ROUTE_HEADERS, type FaultOrder, type RecordedCall } from '../audit/kinds/routes/protocol';

/**
 * The recorder in a server as an audited app's runs (the intercept preloaded first, the recorder
 * after it), its backends in this process: every call a request's server side makes is written
 * down under that request's load, and the fault one request orders is that request's alone.
 */

const root = join(import.meta.dirname, '..');
const ITEMS = '[{"id":1,"name":"backend-item"}]';

let api: Server;
let db: TcpServer;
let app: ChildProcess;
let appUrl: string;
let log: string;
let said = '';
const portOf = (server: Server | TcpServer) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  api = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(ITEMS));
  db = createTcpServer((socket) => socket.end('hello from the database'));
  await Promise.all([new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve)), new Promise<void>((resolve) => db.listen(0, '127.0.0.1', resolve))]);
  const folder = mkdtempSync(join(tmpdir(), 'faultline-recorder-'));
  log = join(folder, 'calls.jsonl');
  const ingest = join(folder, 'ingest.jsonl');
  writeFileSync(ingest, '');
  const options = `${interceptOptions(ingest, {} as NodeJS.ProcessEnv)} ${recorderImport(log, SENTRY_ENVELOPE.path)}`;
  app = spawn(process.execPath, [join(root, 'unit', 'data', 'recorder-server.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: options, API: `http://127.0.0.1:${portOf(api)}`, DB_PORT: String(portOf(db)) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  appUrl = await new Promise<string>((resolve, reject) => {
    app.stdout!.on('data', (chunk: Buffer) => {
      said += chunk;
      const port = /listening (\d+)/.exec(said)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    app.once('exit', (code) => reject(new Error(`the server ended (${code})`)));
  });
}, 30_000);

afterAll(() => {
  app?.kill();
  api?.close();
  db?.close();
});

/** Loads `path` as one page load `load` would, with `order` for its request alone; what the server answered. */
async function load(path: string, id: string, order?: FaultOrder, signal?: AbortSignal) {
  const headers: Record<string, string> = { [ROUTE_HEADERS.load]: id, ...(order && { [ROUTE_HEADERS.fault]: faultHeader(order) }) };
  const response = await fetch(`${appUrl}${path}`, { headers, signal });
  return { status: response.status, body: (await response.json()) as { status?: number; body?: string; error?: string; cause?: string } };
}

const callsOf = (id: string): RecordedCall[] =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedCall)
    .filter((call) => call.load === id);

/** The line of the fixture server that holds `text`: where a call was made. */
const lineOf = (text: string) =>
  readFileSync(join(root, 'unit', 'data', 'recorder-server.mjs'), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text)) + 1;

const backend = () => `127.0.0.1:${portOf(api)}`;

describe('the recorder: each call a request makes, under its load', { timeout: 20_000 }, () => {
  it("writes down Node.js fetch's call with its method, path and the app's own line, read above a framework's patched fetch (Next's), below which no stack shows the caller", async () => {
    expect(await load('/fetch', 'f1')).toEqual({ status: 200, body: { status: 200, body: ITEMS } });
    const [call, ...others] = callsOf('f1');
    expect(others).toEqual([]);
    expect(call).toMatchObject({
      load: 'f1',
      request: '/fetch',
      runtime: 'node',
      via: 'fetch',
      backend: backend(),
      protocol: 'http',
      method: 'GET',
      path: '/items',
    });
    // Below the patched fetch the stack holds only its frames (here the fixture's `cachingFetch`); the app's call is read above it.
    expect(call.stack).toContainEqual(
      expect.objectContaining({ file: expect.stringContaining('unit/data/recorder-server.mjs'), line: lineOf('await fetch(`${api}/items`);') }),
    );
  });

  it("writes down node:http's, the Edge runtime's and a database's connection, each once", async () => {
    await load('/http', 'h1');
    await load('/edge', 'e1');
    await load('/db', 'd1');
    const brief = (id: string) => callsOf(id).map(({ runtime, via, backend, protocol, method, path }) => ({ runtime, via, backend, protocol, method, path }));
    expect(brief('h1')).toEqual([{ runtime: 'node', via: 'http', backend: backend(), protocol: 'http', method: 'GET', path: '/items' }]);
    expect(brief('e1')).toEqual([{ runtime: 'edge', via: 'undici', backend: backend(), protocol: 'http', method: 'GET', path: '/items' }]);
    expect(brief('d1')).toEqual([{ runtime: 'node', via: 'socket', backend: `127.0.0.1:${portOf(db)}`, protocol: 'tcp', method: undefined, path: undefined }]);
    expect(callsOf('h1')[0].stack[0]).toMatchObject({ file: expect.stringContaining('recorder-server.mjs'), line: lineOf('http.get(') });
    expect(callsOf('d1')[0].stack[0]).toMatchObject({ file: expect.stringContaining('recorder-server.mjs'), line: lineOf('net.connect(') });
  });

  it('writes down a call beyond the machine that the intercept refuses, and none without a load', async () => {
    const refused = await load('/foreign', 'x1');
    expect(refused.status).toBe(502);
    expect(callsOf('x1').map((call) => [call.backend, call.path])).toEqual([['api.example.com:443', '/v1/items']]);
    const before = readFileSync(log, 'utf8');
    await fetch(`${appUrl}/fetch`);
    expect(readFileSync(log, 'utf8')).toBe(before);
  });
});

describe("the faults: one request's alone, its parallel requests see the backend as it is", { timeout: 20_000 }, () => {
  it.each(['/fetch', '/http', '/edge', '/foreign'])('%s: refused as Node reports a refused connection', async (path) => {
    const target = path === '/foreign' ? 'api.example.com:443' : backend();
    const beside = path === '/foreign' ? '/fetch' : path;
    const [failed, healthy] = await Promise.all([load(path, `r${path}`, { fault: 'refused', backend: target }), load(beside, `ok${path}`)]);
    expect(failed.status).toBe(502);
    expect(failed.body.cause).toBe('ECONNREFUSED');
    if (path !== '/http') expect(failed.body.error).toBe('fetch failed');
    else expect(failed.body.error).toBe(`connect ECONNREFUSED ${target}`);
    expect(healthy.body).toEqual({ status: 200, body: ITEMS });
    expect(callsOf(`r${path}`).map((call) => call.fault)).toEqual(['refused']);
    expect(callsOf(`ok${path}`).map((call) => call.fault)).toEqual([undefined]);
  });

  it.each(['/fetch', '/http', '/edge', '/foreign'])('%s: answered 500 with a body naming an internal host and a secret', async (path) => {
    const target = path === '/foreign' ? 'api.example.com:443' : backend();
    const [failed, healthy] = await Promise.all([load(path, `5${path}`, { fault: '500', backend: target }), load('/fetch', `5ok${path}`)]);
    expect(failed.body).toEqual({ status: 500, body: BACKEND_500.body });
    expect(BACKEND_500.body).toContain(BACKEND_500.internalHost);
    expect(BACKEND_500.body).toContain(BACKEND_500.secret);
    expect(healthy.body).toEqual({ status: 200, body: ITEMS });
  });

  it.each(['/fetch', '/http', '/edge', '/db'])('%s: left hanging until its limit, while a parallel request is answered', async (path) => {
    const target = path === '/db' ? `127.0.0.1:${portOf(db)}` : backend();
    const started = Date.now();
    const hung = load(path, `hg${path}`, { fault: 'hang', backend: target, limitMs: 1_500 });
    const healthy = await load(path, `hgok${path}`);
    expect(healthy.status).toBe(200);
    expect(Date.now() - started, 'the parallel request did not wait for the hung one').toBeLessThan(1_000);
    expect((await hung).status).toBe(502);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  });

  it("lets the app's own timeout end a hung fetch, as it would a backend that never answers", async () => {
    const started = Date.now();
    const hung = await load('/timeout', 'hg-timeout', { fault: 'hang', backend: backend() });
    expect(hung.body.error).toBe('The operation was aborted due to timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('lets a hung call go when its request ends', async () => {
    const gone = new AbortController();
    const hung = load('/fetch', 'hg-end', { fault: 'hang', backend: backend() }, gone.signal).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 300));
    gone.abort();
    expect(await hung).toBe('aborted');
    await expect.poll(() => said).toContain('settled /fetch fetch failed UND_ERR_SOCKET');
  });

  it('/db: refused as a database driver hears it; a database cannot answer 500, its connection goes through', async () => {
    const refused = await load('/db', 'dbr', { fault: 'refused', backend: `127.0.0.1:${portOf(db)}` });
    expect(refused.body).toEqual({ error: `connect ECONNREFUSED 127.0.0.1:${portOf(db)}`, cause: 'ECONNREFUSED' });
    const asked500 = await load('/db', 'db5', { fault: '500', backend: `127.0.0.1:${portOf(db)}` });
    expect(asked500.body).toEqual({ status: 200, body: 'hello from the database' });
    expect(callsOf('db5').map((call) => call.fault)).toEqual([undefined]);
  });
});
