import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { completeLines, interceptOptions, readIngestLog } from '../harness/audited-app';

const root = join(import.meta.dirname, '..');

/** An envelope as every Sentry SDK sends it: a header line, an item header, the event. */
const envelope = (message: string) =>
  [
    JSON.stringify({ event_id: 'a'.repeat(32), dsn: 'https://public@o1.ingest.example.com/1' }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ event_id: 'a'.repeat(32), message, contexts: { runtime: { name: 'vercel-edge' } } }),
  ].join('\n');

/**
 * Runs `script` in a Node process with the audit's intercept preloaded, as an audited app's server
 * runs; returns what the intercept wrote down.
 */
async function intercepted(script: string): Promise<{ kind: string; runtime?: string; host: string; body?: string }[]> {
  const log = join(mkdtempSync(join(tmpdir(), 'faultline-intercept-')), 'ingest.jsonl');
  await promisify(execFile)(process.execPath, ['--input-type=commonjs', '-e', script], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: interceptOptions(log, {} as NodeJS.ProcessEnv) },
    // A send that never ends (a deadlock between a proxy and MSW) fails here, not at the test's limit.
    timeout: 15_000,
  });
  // Nothing written down: the intercept opens its log with its first line.
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The Edge runtime's own fetch, as `next start` gives it to an edge function: Next's bundled edge-runtime, which MSW does not see. */
const inEdgeRuntime = (code: string) => `
const { EdgeRuntime } = require('next/dist/compiled/edge-runtime');
const runtime = new EdgeRuntime();
runtime.evaluate(${JSON.stringify(code)}).then((said) => console.log(said), (error) => { console.error(error); process.exit(1); });
`;

describe("the audit's intercept: every runtime's sends read, nothing leaves the machine", { timeout: 30_000 }, () => {
  it("reads an envelope the Edge runtime sends to the DSN's host over HTTPS, and answers it", async () => {
    const body = envelope('edge-page-throws: db password hunter2');
    const logged = await intercepted(
      inEdgeRuntime(
        `fetch('https://o1.ingest.example.com/api/1/envelope/?sentry_key=public', { method: 'POST', body: ${JSON.stringify(body)} }).then((response) => response.status)`,
      ),
    );
    const envelopes = logged.filter((line) => line.kind === 'envelope');
    expect(envelopes.map((line) => [line.runtime, line.host])).toEqual([['edge', 'o1.ingest.example.com']]);
    expect(Buffer.from(envelopes[0].body!, 'base64').toString('utf8')).toBe(body);
    expect(
      logged.filter((line) => line.kind === 'opened').map((line) => line.host),
      'the send was counted when it started, to prove it landed',
    ).toEqual(['o1.ingest.example.com:443']);
  });

  it('reads one over plain HTTP too', async () => {
    const logged = await intercepted(
      inEdgeRuntime(
        `fetch('http://sentry.internal:9000/api/7/envelope/', { method: 'POST', body: ${JSON.stringify(envelope('x'))} }).then((response) => response.status)`,
      ),
    );
    expect(logged.filter((line) => line.kind === 'envelope').map((line) => [line.runtime, line.host])).toEqual([['edge', 'sentry.internal:9000']]);
  });

  it("reads an envelope the Edge runtime sends to a tunnel on this machine where nothing listens, counted opened then landed (sentry-next15-hybrid's localhost:3031)", async () => {
    const body = envelope('edge-route-handler-throws: db password hunter2');
    const logged = await intercepted(
      inEdgeRuntime(`fetch('http://localhost:3031/', { method: 'POST', body: ${JSON.stringify(body)} }).then((response) => response.status)`),
    );
    expect(logged.filter((line) => line.kind === 'envelope').map((line) => [line.runtime, line.host])).toEqual([['edge', 'localhost:3031']]);
    expect(logged.filter((line) => line.kind === 'opened').map((line) => line.host)).toEqual(['localhost:3031']);
  });

  it('lets what the Edge runtime asks of this machine that is no report go where it goes', async () => {
    const logged = await intercepted(inEdgeRuntime(`fetch('http://localhost:3031/users').then((response) => response.status, () => 'refused')`));
    expect(logged).toEqual([]);
  });

  it('lets a URL that goes nowhere (data:, blob:) be read as it is: never written down as a host the app tried to reach', async () => {
    const logged = await intercepted(
      `fetch('data:text/plain,hello').then((response) => response.text()).then((text) => { if (text !== 'hello') process.exit(1); })`,
    );
    expect(logged.filter((line) => line.kind === 'blocked')).toEqual([]);
  });

  it('refuses what the Edge runtime asks beyond the machine that is no envelope, and writes it down', async () => {
    const logged = await intercepted(inEdgeRuntime(`fetch('https://api.example.com/users').then((response) => response.status, () => 'refused')`));
    expect(logged.filter((line) => line.kind === 'blocked').map((line) => line.host)).toEqual(['api.example.com']);
    expect(logged.filter((line) => line.kind === 'envelope')).toEqual([]);
  });

  it("reads an envelope the app's tunnel route forwards: Next's rewrite proxy (httpxy) writes the body only once its socket connected", async () => {
    const body = envelope('client-effect-throws: boom');
    const logged = await intercepted(`
const http = require('node:http');
const { Readable } = require('node:stream');
const { ProxyServer } = require('next/dist/compiled/httpxy');
const server = http.createServer((req, res) => {
  const proxy = new ProxyServer({ target: new URL('https://o1.ingest.us.sentry.io/api/2/envelope/?hsts=0'), changeOrigin: true, ignorePath: true, proxyTimeout: 5000 });
  proxy.on('error', (error) => res.end(String(error)));
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk)).on('end', () => proxy.web(req, res, { buffer: Readable.from([Buffer.concat(chunks)]) }));
});
server.listen(0, '127.0.0.1', async () => {
  const answer = await fetch('http://127.0.0.1:' + server.address().port + '/monitoring', { method: 'POST', body: ${JSON.stringify(body)} });
  // The page gets the answer the DSN's host gave, through the proxy: anything else fails the script.
  const said = await answer.text();
  server.close();
  if (answer.status !== 200 || said !== '{}') process.exit(1);
});
`);
    const envelopes = logged.filter((line) => line.kind === 'envelope');
    expect(envelopes.map((line) => [line.runtime, line.host])).toEqual([['node', 'o1.ingest.us.sentry.io']]);
    expect(Buffer.from(envelopes[0].body!, 'base64').toString('utf8')).toBe(body);
  });

  it('reads a PostHog batch the server sends (gzip, as posthog-node sends it), and answers it; what is no report stays refused', async () => {
    const batch = JSON.stringify({ api_key: 'phc_x', batch: [{ event: '$exception', properties: { $exception_list: [{ type: 'Error', value: 'boom' }] } }] });
    const logged = await intercepted(
      `
const { gzipSync } = require('node:zlib');
(async () => {
  const sent = await fetch('https://us.i.posthog.com/batch/', ` +
        `{ method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(${JSON.stringify(batch)}) ` +
        `});
  if (sent.status !== 200) process.exit(1);
  await fetch('https://us.i.posthog.com/flags/?v=2', { method: ` +
        `'POST', body: '{"token":"phc_x","distinct_id":"a"}' }).catch(() => {});
})();
`,
    );
    const captures = logged.filter((line) => line.kind === 'capture');
    expect(captures.map((line) => [line.runtime, line.host])).toEqual([['node', 'us.i.posthog.com']]);
    expect(Buffer.from(captures[0].body!, 'base64').toString('utf8')).toBe(batch);
    expect(logged.filter((line) => line.kind === 'blocked').map((line) => line.host)).toEqual(['us.i.posthog.com']);
  });

  it('reads an OpenTelemetry trace export (OTLP/HTTP, protobuf) from Node.js and from the Edge runtime, answered as a collector answers it', async () => {
    const logged = await intercepted(`
${inEdgeRuntime(
  "fetch('https://otel-collector.example.com:4318/v1/traces', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((response) => response.status)",
)}
(async () => {
  const sent = await fetch('https://otel-collector.example.com:4318/v1/traces', { method: 'POST', headers: { 'content-type': 'application/x-protobuf' }, body: new Uint8Array([10, 0]) });
  if (sent.status !== 200 || (await sent.arrayBuffer()).byteLength !== 0) process.exit(1);
})();
`);
    const captures = logged.filter((line) => line.kind === 'capture') as { runtime: string; host: string; reporter?: string; contentType?: string }[];
    expect(captures.map(({ runtime, host, reporter, contentType }) => [runtime, host, reporter, contentType]).sort()).toEqual([
      ['edge', 'otel-collector.example.com:4318', 'OpenTelemetry', 'application/json'],
      ['node', 'otel-collector.example.com:4318', 'OpenTelemetry', 'application/x-protobuf'],
    ]);
  });

  it("reads the reports sent to this machine: @vercel/otel's default collector (localhost:4318), a DSN or a tunnel on loopback; the app's own loopback requests pass", async () => {
    const logged = await intercepted(`
const http = require('node:http');
const own = http.createServer((req, res) => res.end('own:' + req.url));
own.listen(0, '127.0.0.1', async () => {
  const port = own.address().port;
  const exported = await fetch('http://localhost:4318/v1/traces', { method: 'POST', headers: { 'content-type': 'application/x-protobuf' }, body: new Uint8Array([10, 0]) });
  const toDsn = await fetch('http://127.0.0.1:9000/api/4/envelope/', { method: 'POST', body: ${JSON.stringify(envelope('loopback dsn'))} });
  const toTunnel = await fetch('http://localhost:3031/', { method: 'POST', body: ${JSON.stringify(envelope('loopback tunnel'))} });
  const mine = await (await fetch('http://127.0.0.1:' + port + '/api/data', { method: 'POST', body: '{"a":1}' })).text();
  own.close();
  if (exported.status !== 200 || toDsn.status !== 200 || toTunnel.status !== 200 || mine !== 'own:/api/data') process.exit(1);
});
`);
    expect(logged.filter((line) => line.kind === 'capture').map((line) => [line.runtime, line.host])).toEqual([['node', 'localhost:4318']]);
    expect(logged.filter((line) => line.kind === 'envelope').map((line) => [line.runtime, line.host])).toEqual([
      ['node', '127.0.0.1:9000'],
      ['node', 'localhost:3031'],
    ]);
    expect(logged.filter((line) => line.kind === 'blocked')).toEqual([]);
  });

  it("reads an envelope the Node.js SDK sends through node:https (MSW), whatever the DSN's host", async () => {
    const logged = await intercepted(`
const request = require('node:https').request('https://o9.ingest.sentry.io/api/9/envelope/', { method: 'POST' }, (response) => console.log(response.statusCode));
request.end(${JSON.stringify(envelope('y'))});
`);
    expect(logged.filter((line) => line.kind === 'envelope').map((line) => [line.runtime, line.host])).toEqual([['node', 'o9.ingest.sentry.io']]);
  });

  it('refuses a raw connection beyond the machine (a database, say) and writes it down', async () => {
    const logged = await intercepted(`
const socket = require('node:net').connect({ host: 'db.example.com', port: 5432 });
socket.on('error', (error) => console.log(error.code));
`);
    expect(
      logged.map((line) => [line.kind, line.host]),
      'opened, then refused once it proved not to be HTTP',
    ).toEqual([
      ['opened', 'db.example.com:5432'],
      ['blocked', 'db.example.com:5432'],
    ]);
  });

  it("refuses an HTTP/2 connection beyond the machine (Arcjet's client, say) and writes it down: every send that started lands", async () => {
    const logged = await intercepted(`
const session = require('node:http2').connect('https://decide.example.com');
session.on('error', (error) => console.log(error.code));
const stream = session.request({ ':method': 'POST', ':path': '/decide' });
stream.on('error', () => {});
stream.end('{}');
`);
    expect(
      logged.map((line) => [line.kind, line.host]),
      'opened, then refused: no HTTP/1.1 request ever came on it',
    ).toEqual([
      ['opened', 'decide.example.com:443'],
      ['blocked', 'decide.example.com'],
    ]);
  });
});

describe("the intercept's log, read while it is written", () => {
  it('takes only the lines written whole: the one being appended is read next time', () => {
    const log = join(mkdtempSync(join(tmpdir(), 'faultline-ingest-')), 'ingest.jsonl');
    const whole = JSON.stringify({ at: 1, kind: 'opened', via: 'tls', host: 'o1.ingest.example.com:443' });
    writeFileSync(log, `${whole}\n{"at":2,"kind":"envelope","runtime":"edge","host":"o1.ingest.exa`);
    expect(readIngestLog(log, 0)).toEqual([JSON.parse(whole)]);
    expect(completeLines(readFileSync(log, 'utf8')), 'a mark stops before the half-written line').toBe(whole.length + 1);
  });
});
