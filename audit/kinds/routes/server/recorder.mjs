/**
 * Preloaded into an audited app's server after the audit's intercept (`node --import`, its URL
 * from `recorderImport` in audit/kinds/routes/protocol.ts): every outbound call a request's server side
 * makes is written down under the page load that request belongs to, and the one fault that
 * request ordered is applied to its calls alone, so that several browsers load routes side by side.
 *
 * - The request: entered at the server's `request` event (AsyncLocalStorage), when it carries the
 *   load header; its fault header names a backend and how to fail it.
 * - Node.js `fetch` (below Next's own patched fetch and its cache: what leaves) and `node:http(s)`
 *   (axios, SDKs): their stack read where the app called, then answered, failed or let through by
 *   the intercept's MSW handler, which asks this module first (`Symbol.for('faultline.recorder')`).
 * - The Edge runtime's `fetch` (Next's sandbox, its own undici): through undici's global
 *   dispatcher, which Node's fetch shares; what Node's own hooks already saw passes by.
 * - A connection no HTTP client of those made (a database driver's `net.connect`/`tls.connect`):
 *   one backend per host and port; it can be refused or left hanging, it cannot answer 500.
 * - Not backends: the app's own server (any port this process listens on: its origin, the
 *   intercept's and this module's servers), and the reports the Edge runtime sends.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

const params = new URL(import.meta.url).searchParams;
const need = (name) => {
  const value = params.get(name);
  if (!value) throw new Error(`recorder: no ${name} in its URL`);
  return value;
};
/** `RECORDER_PARAMS` of audit/kinds/routes/protocol.ts, spelled as it spells them. */
const LOG = need('log');
const LOAD_HEADER = need('load');
const FAULT_HEADER = need('fault');
const BODY_500 = need('body');
const TYPE_500 = need('type');
const ENVELOPE_PATH = new RegExp(need('envelope'));
/** What the Edge runtime's reporters send besides Sentry's envelopes: OpenTelemetry's traces, PostHog's captures. */
const REPORT_PATH = /\/v1\/traces\/?$|^\/(batch|capture|e|i\/v0\/e)\/?$/;
const FAULTS = new Set(['refused', '500', 'hang']);

const write = (line) => appendFileSync(LOG, `${JSON.stringify({ at: Date.now(), kind: 'call', ...line })}\n`);

/** The incoming request being served: `{ load, request, order, ended }`. */
const serving = new AsyncLocalStorage();
/** A call under way in one of the HTTP hooks: `{ via, stack }`; the hooks below it let it pass. */
const calling = new AsyncLocalStorage();

// The app's own origin and faultline's servers: every port this process listens on.
const ownPorts = new Set();
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function recordedListen(...args) {
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') ownPorts.add(address.port);
  });
  return listen.apply(this, args);
};
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\]|0\.0\.0\.0|::ffff:127\.0\.0\.1)$/;
const isOwn = (host, port) => LOOPBACK.test(host) && ownPorts.has(Number(port));

function orderOf(value) {
  const [fault, backend, limit] = String(value ?? '')
    .trim()
    .split(/\s+/);
  return FAULTS.has(fault) && backend ? { fault, backend, limitMs: /^\d+$/.test(limit ?? '') ? Number(limit) : undefined } : null;
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function servedEmit(event, request, response) {
  if (event !== 'request') return emit.apply(this, arguments);
  const load = request.headers[LOAD_HEADER];
  if (typeof load !== 'string' || !load) return emit.apply(this, arguments);
  const ended = new Promise((resolve) => response.once('close', resolve));
  const store = { load, request: request.url, order: orderOf(request.headers[FAULT_HEADER]), ended };
  return serving.run(store, () => emit.apply(this, arguments));
};

/** Frames of faultline's hooks, MSW's, Next's own and Node's: never where the app called. */
const NOT_THE_APP =
  /(^node:|\(node:|audit\/kinds\/routes\/server\/recorder\.mjs|app-server\/audit-intercept\.mjs|@mswjs|\/msw\/|\/next\/dist\/|\/node_modules\/next\/)/;
const FRAME = /^at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/** The stack where this is called, as frames, without the hooks' own and the framework's. */
function stackHere() {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const lines = new Error().stack.split('\n').slice(1);
  Error.stackTraceLimit = limit;
  const frames = [];
  for (const line of lines) {
    const text = line.trim();
    if (NOT_THE_APP.test(text)) continue;
    const match = FRAME.exec(text);
    if (!match) continue;
    frames.push({ ...(match[1] && { fn: match[1] }), file: match[2], line: Number(match[3]), column: Number(match[4]) });
    if (frames.length === 12) break;
  }
  return frames;
}

/** Where a call goes, when it is a backend of the request being served: null for none (no load, the app's own server). */
function backendCall(host, port) {
  const store = serving.getStore();
  if (!store || isOwn(host, port)) return null;
  const backend = `${host.toLowerCase()}:${port}`;
  const order = store.order?.backend === backend ? store.order : null;
  return { store, backend, fault: order?.fault, limitMs: order?.limitMs };
}

/** Resolves when a hung call is let go: its request ended, or the entry's limit passed. */
function released(store, limitMs) {
  return Promise.race([store.ended, ...(limitMs ? [new Promise((resolve) => setTimeout(resolve, limitMs).unref())] : [])]);
}

/** A refused connection, as Node reports it (`connect ECONNREFUSED host:port`). */
function refusedError(host, port) {
  const error = new Error(`connect ECONNREFUSED ${host}:${port}`);
  // Its stack as a refused connect's is: what the server prints of it is what it would print.
  error.stack = `Error: ${error.message}\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16)`;
  return Object.assign(error, { errno: -111, code: 'ECONNREFUSED', syscall: 'connect', address: host, port: Number(port) });
}

/** The stack where the app called `fetch`, taken above Next's own patched fetch, whose awaits hide it from what is below. */
const calledFrom = new AsyncLocalStorage();

// Node.js fetch: what leaves, below Next's patched fetch and its cache; the rest in the intercept's handler.
const fetchBelow = globalThis.fetch;
function recordedFetch(input, init) {
  const mark = { via: 'fetch', stack: [...stackHere(), ...(calledFrom.getStore() ?? [])] };
  return calling.run(mark, () => fetchBelow(input, init));
}

/** Whatever later takes `globalThis.fetch` (Next's patched fetch) is wrapped once more, to read the app's call site. */
const ABOVE = Symbol('faultline.fetchAbove');
function above(patched) {
  if (typeof patched !== 'function' || patched === recordedFetch || patched[ABOVE]) return patched;
  const wrapped = function fetch(input, init) {
    return calledFrom.run(stackHere(), () => patched.call(this, input, init));
  };
  // Next's own marks (`__nextPatched`, `_nextOriginalFetch`) stay readable on what it set.
  for (const key of Object.keys(patched)) wrapped[key] = patched[key];
  wrapped[ABOVE] = true;
  return wrapped;
}
let currentFetch = recordedFetch;
Object.defineProperty(globalThis, 'fetch', {
  configurable: true,
  enumerable: true,
  get: () => currentFetch,
  set: (value) => {
    currentFetch = above(value);
  },
});

// node:http(s): its stack here; the request is written later (`end`), in the same call.
for (const module of [http, https]) {
  for (const name of ['request', 'get']) {
    const below = module[name];
    module[name] = function recordedRequest(...args) {
      const mark = { via: 'http', stack: stackHere() };
      const outgoing = calling.run(mark, () => below.apply(this, args));
      for (const method of ['write', 'end']) {
        const own = outgoing[method];
        outgoing[method] = function inCall(...written) {
          return calling.run(mark, () => own.apply(this, written));
        };
      }
      return outgoing;
    };
  }
}

/**
 * The intercept's MSW handler asks this first, for every request out of the Node.js runtime that
 * is not to the app's own server and is no report: undefined lets it go on as it would; a Response
 * answers it (500); 'passthrough' lets it go to the network, where the hooks below refuse its
 * connection or leave it hanging, as the client itself then hears it (undici's `fetch failed`, a
 * socket's `ECONNREFUSED`, its own timeouts and aborts).
 */
async function outbound(request) {
  const url = new URL(request.url);
  // A reporter's send (an envelope to a DSN or a tunnel, a trace export, a capture) is no backend of the route's.
  if (ENVELOPE_PATH.test(url.pathname) || REPORT_PATH.test(url.pathname)) return undefined;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const call = backendCall(url.hostname.replace(/^\[|\]$/g, ''), port);
  if (!call) return undefined;
  const mark = calling.getStore();
  write({
    load: call.store.load,
    request: call.store.request,
    runtime: 'node',
    via: mark?.via ?? 'http',
    backend: call.backend,
    protocol: url.protocol.replace(':', ''),
    method: request.method,
    path: url.pathname,
    stack: mark?.stack ?? [],
    ...(call.fault && { fault: call.fault }),
  });
  if (call.fault === '500') return new Response(BODY_500, { status: 500, headers: { 'content-type': TYPE_500 } });
  if (!call.fault || !mark) return undefined;
  mark.failed = call;
  return 'passthrough';
}
Object.defineProperty(globalThis, Symbol.for('faultline.recorder'), { value: { outbound }, enumerable: false });

/**
 * undici's global dispatcher, which the Edge runtime's fetch (Next's sandbox) and Node's own share:
 * what Node's hooks above already saw passes by. A fault is answered as undici's handlers are.
 */
function dispatcherOf(below) {
  return {
    __proto__: below,
    dispatch(options, handler) {
      const mark = calling.getStore();
      if (mark?.failed) return (answer(mark.failed, handler, new URL(String(options.origin)).hostname, mark.failed.backend.split(':').pop()), true);
      if (mark) return below.dispatch(options, handler);
      const origin = new URL(String(options.origin));
      const port = origin.port || (origin.protocol === 'https:' ? '443' : '80');
      const call = backendCall(origin.hostname.replace(/^\[|\]$/g, ''), port);
      const path = String(options.path ?? '/').split('?')[0];
      const pass = () => calling.run({ via: 'undici', stack: [] }, () => below.dispatch(options, handler));
      if (!call || (options.method === 'POST' && (ENVELOPE_PATH.test(path) || REPORT_PATH.test(path)))) return pass();
      const stack = stackHere();
      write({
        load: call.store.load,
        request: call.store.request,
        runtime: new Error().stack.includes('edge-runtime') ? 'edge' : 'node',
        via: 'undici',
        backend: call.backend,
        protocol: origin.protocol.replace(':', ''),
        method: options.method,
        path,
        stack,
        ...(call.fault && { fault: call.fault }),
      });
      if (!call.fault) return pass();
      answer(call, handler, origin.hostname, port);
      return true;
    },
  };
}

/** A fault, as undici's handler hears a connection refused, a 500, or nothing until it is let go (or aborted). */
function answer(call, handler, host, port) {
  let done = false;
  const fail = (error) => {
    if (done) return;
    done = true;
    handler.onError?.(error);
  };
  if (call.fault === 'refused') return queueMicrotask(() => fail(refusedError(host, port)));
  handler.onConnect?.(fail);
  if (call.fault === 'hang')
    return void released(call.store, call.limitMs).then(() => fail(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })));
  const body = Buffer.from(BODY_500);
  const headers = ['content-type', TYPE_500, 'content-length', String(body.length)].map((value) => Buffer.from(value));
  queueMicrotask(() => {
    if (done) return;
    handler.onHeaders?.(500, headers, () => {}, 'Internal Server Error');
    handler.onData?.(body);
    done = true;
    handler.onComplete?.([]);
  });
}

const DISPATCHER = Symbol.for('undici.globalDispatcher.1');
// Node's undici sets its dispatcher when it first loads: a fetch of nothing loads it.
await fetchBelow('data:,').catch(() => {});
if (globalThis[DISPATCHER]) globalThis[DISPATCHER] = dispatcherOf(globalThis[DISPATCHER]);

/** A connection of the request's that no HTTP hook saw: a database's, one backend per host and port. */
function socketCall(host, port, protocol) {
  const mark = calling.getStore();
  if (mark?.failed) return mark.failed;
  if (mark || port === undefined) return null;
  const call = backendCall(host, port);
  if (!call) return null;
  write({
    load: call.store.load,
    request: call.store.request,
    runtime: 'node',
    via: 'socket',
    backend: call.backend,
    protocol,
    stack: stackHere(),
    ...(call.fault && call.fault !== '500' && { fault: call.fault }),
  });
  return call.fault === '500' ? { ...call, fault: undefined } : call;
}

/** Refused: the socket errors as a refused connect does; hang: it never connects, and is destroyed when let go. */
function failSocket(socket, call, host, port) {
  if (call.fault === 'refused') process.nextTick(() => socket.destroy(refusedError(host, port)));
  else void released(call.store, call.limitMs).then(() => socket.destroy(Object.assign(new Error(`connect ETIMEDOUT ${host}:${port}`), { code: 'ETIMEDOUT' })));
  return socket;
}

const connectTls = tls.connect;
tls.connect = function recordedTls(...args) {
  const options = typeof args[0] === 'object' && args[0] !== null ? args[0] : { port: args[0], host: typeof args[1] === 'string' ? args[1] : undefined };
  const host = options.host ?? 'localhost';
  const call = options.socket ? null : socketCall(host, options.port ?? 443, 'tls');
  if (!call?.fault) return calling.run({ via: 'socket', stack: [] }, () => connectTls.apply(this, args));
  return failSocket(new tls.TLSSocket(new net.Socket()), call, host, options.port ?? 443);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function recordedConnect(...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  if (options.path) return connect.apply(this, args);
  const host = options.host ?? 'localhost';
  const call = socketCall(host, options.port, 'tcp');
  if (!call?.fault) return connect.apply(this, args);
  this.connecting = true;
  return failSocket(this, call, host, options.port);
};
