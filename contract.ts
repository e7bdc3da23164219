/**
 * What faultline's processes say to each other: every `FAULTLINE_*` environment variable, every
 * header and every harness endpoint, Sentry's envelope path and the audit's protocol with an audited
 * app's server, named here once. A leaf (it imports nothing), so that the app
 * server, the Playwright workers, the CLI and the bench can all read it without importing each
 * other; `unit/contract.test.ts` fails on a `FAULTLINE_*` name written anywhere else, and on a
 * docs table that differs from this one.
 */

/** Who sets a variable: you (to change what faultline does), or faultline for the processes it starts. */
export type SetBy = 'you' | 'faultline';

interface Variable {
  name: `FAULTLINE_${string}`;
  setBy: SetBy;
  /** What it does, in the words of the docs table. */
  effect: string;
}

/**
 * How many browsers check entries side by side when nothing says: a run's two; an audit's three,
 * since its pages spend part of their time waiting on a server it does not hold in harness mode.
 */
export const DEFAULT_WORKERS = { run: 2, audit: 3 } as const;

/**
 * The folders each command writes its outputs to when `--out` says nothing, named once: the
 * defaults of its options, what a copy of an app leaves out, what an audit asks a team's
 * `.gitignore` to leave out.
 */
export const OUT_FOLDERS = { run: 'faultline-report', matrix: 'faultline-matrix', audit: 'faultline-audit' } as const;

const variable = (name: Variable['name'], setBy: SetBy, effect: string): Variable => ({ name, setBy, effect });

/** Every `FAULTLINE_*` variable, in the order of the docs table. */
export const VARIABLES = {
  chromium: variable('FAULTLINE_CHROMIUM', 'you', 'the Chromium binary to drive'),
  baseUrl: variable('FAULTLINE_BASE_URL', 'you', 'test this URL instead of starting a server (what `--base-url` sets)'),
  workers: variable('FAULTLINE_WORKERS', 'you', `Playwright workers (default ${DEFAULT_WORKERS.run}; a whole number from 1 to 16)`),
  port: variable('FAULTLINE_PORT', 'you', 'port for the server the Playwright global setup starts (`npm test`; `faultline run` takes `--port`)'),
  trace: variable('FAULTLINE_TRACE', 'you', 'keep a Playwright trace of every failed check (`1`)'),
  cacheComponents: variable(
    'FAULTLINE_CACHE_COMPONENTS',
    'you',
    'the reference app built, served and checked under Cache Components (`1`; what `--cache-components` sets)',
  ),
  buildFailure: variable(
    'FAULTLINE_BUILD_FAILURE',
    'faultline',
    'for the build that checks a build-time entry: its id (its route file taken in, its own output folder)',
  ),
  harness: variable('FAULTLINE_HARNESS', 'faultline', 'harness mode in the app server (`1`): MSW intercepts Sentry, the harness endpoints answer'),
  ingestFault: variable('FAULTLINE_INGEST_FAULT', 'you', 'harness mode: the ingest fails every envelope (`500`, `429`, `stall`, `reset`)'),
  storeEvents: variable('FAULTLINE_STORE_EVENTS', 'you', 'harness mode: how many events the server store keeps (default 2,000)'),
  sdkDedupe: variable(
    'FAULTLINE_SDK_DEDUPE',
    'faultline',
    "harness mode: `0` turns the server SDK's Dedupe off (the load test, whose identical failures at once Dedupe would drop)",
  ),
  catalogue: variable('FAULTLINE_CATALOGUE', 'you', 'a JSON catalogue to check instead of the built-in one (what `--catalogue` sets)'),
  scenarios: variable('FAULTLINE_SCENARIOS', 'faultline', 'the catalogue entries a run checks, comma-separated (what `--scenario` sets)'),
  nextVersion: variable('FAULTLINE_NEXT_VERSION', 'faultline', 'the `next` version whose expectations a run checks'),
  selection: variable('FAULTLINE_SELECTION', 'faultline', 'the selection every shard of a run shares, checked by `merge`'),
  harnessSecret: variable('FAULTLINE_HARNESS_SECRET', 'faultline', 'on a harness server: the secret its endpoints ask for'),
  targetSecret: variable('FAULTLINE_TARGET_SECRET', 'faultline', 'for the workers: the secret of the server they test'),
  serverLog: variable('FAULTLINE_SERVER_LOG', 'faultline', 'for the workers: the log file of the server they test'),
  lifeline: variable('FAULTLINE_LIFELINE', 'faultline', 'on the servers and the Playwright runner faultline starts: they end when their stdin ends'),
  abortFile: variable('FAULTLINE_ABORT_FILE', 'faultline', 'where a worker says that a part of the run (its browser) broke'),
  events: variable(
    'FAULTLINE_EVENTS',
    'faultline',
    "set by the matrices on the runs they observe: where the run's reporter appends its progress as JSON lines",
  ),
  auditPlan: variable(
    'FAULTLINE_AUDIT_PLAN',
    'faultline',
    'for the workers of `faultline audit`: the audited app, its server and its placed entries (a JSON file)',
  ),
  reporter: variable('FAULTLINE_REPORTER', 'faultline', 'the Playwright reporters of a run or a merge (JSON)'),
  outputDir: variable('FAULTLINE_OUTPUT_DIR', 'faultline', "Playwright's artifacts folder of a run"),
  screenshots: variable('FAULTLINE_SCREENSHOTS', 'faultline', 'set by `faultline matrix`: where the catalogue spec writes a screenshot of each error screen'),
  bench: variable('FAULTLINE_BENCH', 'faultline', 'set by `npm run bench`: the bench project samples floors and bare limits'),
  timings: variable(
    'FAULTLINE_TIMINGS',
    'faultline',
    'set by `npm run bench:tests`: where every `next build` and install of the run appends its time as JSON lines',
  ),
  testApps: variable('FAULTLINE_TEST_APPS', 'faultline', "set by faultline's own tests: the folder where the apps they audit are generated, once per run"),
  testTag: variable('FAULTLINE_TEST_TAG', 'faultline', "set by faultline's own tests on what they start: how they find every process a run left"),
} as const satisfies Record<string, Variable>;

/** Each variable's name, by its key: `process.env[ENV.chromium]`. */
export const ENV = Object.fromEntries(Object.entries(VARIABLES).map(([key, { name }]) => [key, name])) as {
  readonly [K in keyof typeof VARIABLES]: (typeof VARIABLES)[K]['name'];
};

/** Where reports go in harness mode; nothing answers at this host but the harness's ingest. */
export const HARNESS_DSN = 'https://faultline@ingest.faultline.test/1';

/** The header Playwright adds to every request of a check; the server copies it into its events. */
export const TEST_MARKER_HEADER = 'x-faultline-test';
/** The header that carries a harness server's secret. */
export const HARNESS_SECRET_HEADER = 'x-faultline-harness';

/** The harness endpoints of an app server in harness mode (404 without its secret). */
export const HARNESS_ENDPOINTS = {
  /** Flushes the server SDK, then the events a check's marker caused (GET `?test=`). */
  reports: '/api/faultline/reports',
  /** What reached the ingest for a marker, and what is held open, without flushing (GET `?test=`). */
  ingest: '/api/faultline/ingest',
  /** Where the Edge runtime's SDK sends its envelopes (POST). */
  edgeIngest: '/api/faultline/edge-ingest',
  /** Where the Edge runtime counts Next's calls to the app's onRequestError (POST). */
  deliveries: '/api/faultline/deliveries',
  /** Flushes the server SDK, then what no check claimed: the end of a run (GET). */
  unclaimed: '/api/faultline/unclaimed',
} as const;

// Sentry's envelope endpoint

/** The path every Sentry SDK posts its envelopes to, its project left open: `/api/{project}/envelope/`. */
const envelopePath = (project: string) => `/api/${project}/envelope/`;

/**
 * Where a Sentry SDK sends, in the forms each matcher needs, all derived from `envelopePath`. A DSN's
 * project id is numeric, and the audit takes only that for an envelope (`path`: an audited app's
 * own `/api/{word}/envelope/` route is not Sentry's). The harness's ingest, which only
 * `HARNESS_DSN` reaches, is wider on purpose: any one segment as the project (`msw`; `anyProject`,
 * the same on a pathname, so that the body reader skips what it answered), and `cdp` wider still,
 * since a glob has no one-segment wildcard: what it pauses that no matcher takes goes on unchanged.
 * `unit/sentry-envelope.test.ts` pins each form.
 */
export const SENTRY_ENVELOPE = {
  /** A URL's whole pathname, as a DSN gives it (project id numeric, trailing slash optional): how the audit tells an envelope from any other request. */
  path: new RegExp(`^${envelopePath('\\d+')}?$`),
  /** In a pathname, any one segment as the project (anything before or after): what `msw` answers, so the response-body reader skips it (the browser keeps no body of what CDP answered). */
  anyProject: new RegExp(envelopePath('[^/]+')),
  /** CDP Fetch's `urlPattern`, a glob over the whole URL (`*`: any characters, `/` too): pauses at least every request `msw` answers, on any host, with any query. */
  cdp: `*${envelopePath('*')}*`,
  /** MSW's path (path-to-regexp): any origin and prefix, `:projectId` one segment, the trailing slash required, the query ignored. */
  msw: `*${envelopePath(':projectId')}`,
  /** The envelope path of one project: where a DSN's SDK sends (and where an envelope a tunnel carries is meant for). */
  pathOf: envelopePath,
  /** Where a DSN's SDK sends, without the auth it adds as a query: `{protocol}://{key}@{host}{path}/{project}` to `{protocol}://{host}{path}/api/{project}/envelope/`; null for no DSN. */
  urlOf: envelopeUrlOf,
} as const;

function envelopeUrlOf(dsn: string): string | null {
  if (!URL.canParse(dsn)) return null;
  const url = new URL(dsn);
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  return project ? `${url.protocol}//${url.host}${segments.map((segment) => `/${segment}`).join('')}${envelopePath(project)}` : null;
}

// The audit's protocol with the audited app's server

/** The one route segment `faultline audit` reserves in an audited app: the placed entries live under it, and a report or digest naming it is the audit's. */
export const AUDIT_SEGMENT = 'faultline-audit';
/** The audit's own route under `AUDIT_SEGMENT`, beside the entries: flushes the app's server SDK (its positive signal that all it captured was sent). */
export const FLUSH_ROUTE = 'flush';

/**
 * How the audited app's wrapped `onRequestError` says, in the server log, that Next handed it an
 * error: this prefix, then `{ path, routeType }` as JSON (no `digest: '…'` in it, which the log's
 * readers take for an error's digest).
 */
export const AUDIT_DELIVERY_PREFIX = 'faultline-delivered ';

/**
 * Whether the app kept a request for a placed route within the reserved segment when it redirected
 * it (`to`: a Location header): to another placed route, or to one under a prefix of its own (a
 * locale's: `/faultline-audit/x` to `/en/faultline-audit/x`, where the entries are placed when the
 * app's root layout is under that segment). What answers there must still be the placed route.
 */
export const keepsToAuditSegment = (to: string): boolean => new URL(to, 'http://app.invalid').pathname.includes(`/${AUDIT_SEGMENT}/`);

/**
 * The search parameters of the intercept's `--import` URL (app-server/audit-intercept.mjs):
 * plain ESM preloaded into the audited app's server, it cannot import this file, so what it needs
 * of it arrives here (the `.mjs` spells these two names: `unit/sentry-envelope.test.ts` checks them).
 */
export const AUDIT_INTERCEPT_PARAMS = {
  /** The file it appends its log to, one `AuditInterceptRecord` a line. */
  log: 'log',
  /** `SENTRY_ENVELOPE.path`'s source: what it reads as an envelope. */
  envelopePath: 'envelope',
} as const;

/** The reporters other than Sentry whose sends the intercept reads: PostHog's captures, OpenTelemetry's trace exports (OTLP/HTTP). */
export type ReadReporter = 'PostHog' | 'OpenTelemetry';

/**
 * One line of the intercept's JSON-lines log: an envelope read (from the Node.js SDK through MSW,
 * or from the Edge runtime on a connection turned round or at its sandbox's fetch, its body base64), a
 * connection out of the machine opened (the Edge runtime's, or any other) or an Edge send to this
 * machine read at its fetch (`fetch`), a request or connection refused.
 */
export type AuditInterceptRecord =
  | { at: number; kind: 'envelope'; runtime: 'node' | 'edge'; host: string; body: string }
  | { at: number; kind: 'capture'; reporter: ReadReporter; runtime: 'node' | 'edge'; host: string; contentType?: string; body: string }
  | { at: number; kind: 'opened'; via: 'tls' | 'socket' | 'fetch'; host: string }
  | { at: number; kind: 'blocked'; via: 'http' | 'edge' | 'socket' | 'tls'; host: string };
