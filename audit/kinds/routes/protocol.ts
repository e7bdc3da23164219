import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

/**
 * What a Playwright worker and the recorder preloaded into the audited app's server
 * (`server/recorder.mjs`) say to each other, per incoming request: which page load a
 * request belongs to, and which backend to fail for it, how. Named here once; the recorder is plain
 * ESM and gets every value as a search parameter of its `--import` URL (`recorderImport`).
 */

/** The headers a worker puts on every request of one page load to the app's own origin (never elsewhere: a custom header makes a cross-origin request preflighted). */
export const ROUTE_HEADERS = {
  /** The page load's id: every outbound call its server side makes is written down under it. */
  load: 'x-faultline-load',
  /** The fault for this request alone (`faultHeader`): none, the backends as the machine has them. */
  fault: 'x-faultline-fault',
} as const;

/** How a backend is failed: its connection refused, a 500 answer, or no answer until the entry's limit. */
export const BACKEND_FAULTS = ['refused', '500', 'hang'] as const;
export type BackendFault = (typeof BACKEND_FAULTS)[number];

/** One fault for one request: `backend` is `host:port` as a call names it (`backendOf`). */
export interface FaultOrder {
  fault: BackendFault;
  backend: string;
  /** For `hang`: the longest it holds (the entry's limit); it is released sooner when the request ends. */
  limitMs?: number;
}

/**
 * How long a hung backend holds a route's call: long enough that a page's own timeout or loading
 * state shows (a user who waits this long has seen what the app does), short beside an entry's
 * limit, since every backend of every route hangs once.
 */
export const ROUTE_HANG_MS = 8_000;

export const faultHeader = ({ fault, backend, limitMs }: FaultOrder): string => [fault, backend, ...(limitMs ? [String(limitMs)] : [])].join(' ');

/** A fault header read back; null for anything else (a request with no fault, or one faultline did not write). */
export function parseFaultHeader(value: string | null | undefined): FaultOrder | null {
  const [fault, backend, limit, ...rest] = (value ?? '').trim().split(/\s+/);
  if (rest.length > 0 || !backend || !(BACKEND_FAULTS as readonly string[]).includes(fault)) return null;
  if (limit !== undefined && !/^\d+$/.test(limit)) return null;
  return { fault: fault as BackendFault, backend, ...(limit !== undefined && { limitMs: Number(limit) }) };
}

/**
 * What a backend failed with `500` answers: a body an API's error could carry, naming an internal
 * host and a secret, so that the judge can look for either on the screen, in the document and in
 * what the route answered (`no leak`). Neither string is anything an app would write itself.
 */
export const BACKEND_500 = {
  internalHost: 'db-primary.internal.faultline.test',
  secret: 'fl_backend_secret_5e9c2a',
  contentType: 'application/json',
  get body(): string {
    return JSON.stringify({
      error: 'Internal Server Error',
      detail: `upstream ${this.internalHost}:5432 refused the query (token ${this.secret})`,
    });
  },
};

/** The search parameters of the recorder's `--import` URL: what it needs of this module, since it cannot import it. */
export const RECORDER_PARAMS = {
  log: 'log',
  loadHeader: 'load',
  faultHeader: 'fault',
  body500: 'body',
  contentType500: 'type',
  /** Sentry's envelope path (the contract's `SENTRY_ENVELOPE.path`): what the Edge runtime sends there is a report, not a backend. */
  envelopePath: 'envelope',
} as const;

/** The recorder's module, beside this one. */
export const RECORDER_MODULE = join(import.meta.dirname, 'server', 'recorder.mjs');

/** The `--import=` option that preloads the recorder, writing to `log`; it goes after the intercept's, so that its hooks see each call first. */
export function recorderImport(log: string, envelopePath: RegExp): string {
  const url = pathToFileURL(RECORDER_MODULE);
  const set = (name: keyof typeof RECORDER_PARAMS, value: string) => url.searchParams.set(RECORDER_PARAMS[name], value);
  set('log', log);
  set('loadHeader', ROUTE_HEADERS.load);
  set('faultHeader', ROUTE_HEADERS.fault);
  set('body500', BACKEND_500.body);
  set('contentType500', BACKEND_500.contentType);
  set('envelopePath', envelopePath.source);
  return `--import=${url.href}`;
}

/** Where in the app's code a call was made: one frame of its stack, as V8 printed it. */
export interface Frame {
  /** The function's name as the stack names it (`async Dashboard`), when it has one. */
  fn?: string;
  /** The file as the server loaded it: a chunk of the build, until a source map says where it came from. */
  file: string;
  line: number;
  column: number;
}

/**
 * One outbound call of the audited server, written down by the recorder (one JSON line each):
 * the page load whose request caused it, the backend (`host:port`; a connection that is not HTTP
 * counts as one backend per host and port), what was asked, and the fault the request ordered for
 * it, if any.
 */
export interface RecordedCall {
  at: number;
  kind: 'call';
  load: string;
  /** The incoming request's path and query (a page, its RSC payload, a Server Action's POST). */
  request: string;
  runtime: 'node' | 'edge';
  /** Which hook saw it: Node's `fetch`, `node:http(s)`, undici's dispatcher (the Edge runtime's fetch), a socket that is no HTTP client's. */
  via: 'fetch' | 'http' | 'undici' | 'socket';
  backend: string;
  protocol: 'http' | 'https' | 'tcp' | 'tls';
  method?: string;
  path?: string;
  /** The call's stack, framework and faultline frames left out, nearest first. */
  stack: Frame[];
  fault?: BackendFault;
}

/** `host:port` of a URL, the port always said: the name a backend is known and failed by. */
export function backendOf(url: URL | string): string {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  const port = parsed.port || (parsed.protocol === 'https:' || parsed.protocol === 'wss:' ? '443' : '80');
  return `${parsed.hostname.toLowerCase()}:${port}`;
}
