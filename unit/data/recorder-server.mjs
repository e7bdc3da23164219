/**
 * A server as an audited app's is, for unit/routes-recorder.test.ts: each path calls the backend
 * at `API` (or `DB_PORT`, a database's plain TCP) one way, and answers what came back, or the error
 * it met. Run with the intercept and the recorder preloaded, as `next start` is in an audit.
 */
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { EdgeRuntime } = require('next/dist/compiled/edge-runtime');
const edge = new EdgeRuntime();
const api = process.env.API;

/**
 * As Next patches fetch when it starts (its cache, its dedupe, its tracing): a wrapper that calls
 * the fetch it found later, through promise callbacks, so that no stack below it shows the caller.
 */
const found = globalThis.fetch;
globalThis.fetch = function cachingFetch(input, init) {
  return new Promise((resolve, reject) => setImmediate(() => found(input, init).then(resolve, reject)));
};

const read = (response) =>
  new Promise((resolve) => {
    let text = '';
    response.on('data', (chunk) => (text += chunk));
    response.on('end', () => resolve([response.statusCode, text]));
  });

const calls = {
  '/fetch': async () => {
    const response = await fetch(`${api}/items`);
    return [response.status, await response.text()];
  },
  '/timeout': async () => {
    const response = await fetch(`${api}/items`, { signal: AbortSignal.timeout(200) });
    return [response.status, await response.text()];
  },
  '/foreign': async () => {
    const response = await fetch('https://api.example.com/v1/items');
    return [response.status, await response.text()];
  },
  '/http': () => new Promise((resolve, reject) => http.get(`${api}/items`, (response) => resolve(read(response))).on('error', reject)),
  '/db': () =>
    new Promise((resolve, reject) => {
      const socket = net.connect(Number(process.env.DB_PORT), '127.0.0.1');
      socket.once('data', (chunk) => {
        resolve([200, String(chunk)]);
        socket.end();
      });
      socket.once('error', reject);
    }),
  '/edge': () => edge.evaluate(`fetch(${JSON.stringify(`${api}/items`)}).then(async (response) => [response.status, await response.text()])`),
};

http
  .createServer(async (request, response) => {
    const path = new URL(request.url, 'http://app.invalid').pathname;
    try {
      const [status, body] = await calls[path]();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status, body }));
    } catch (error) {
      console.log(`settled ${path} ${error.message} ${error.cause?.code ?? error.code}`);
      response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message, cause: error.cause?.code ?? error.code }));
    }
  })
  .listen(0, '127.0.0.1', function listening() {
    console.log(`listening ${this.address().port}`);
  });
