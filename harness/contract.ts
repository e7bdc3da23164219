/**
 * What faultline's processes say to each other: every `FAULTLINE_*` environment variable, every
 * header and every harness endpoint, named here once. A leaf (it imports nothing), so that the app
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

const variable = (name: Variable['name'], setBy: SetBy, effect: string): Variable => ({ name, setBy, effect });

/** Every `FAULTLINE_*` variable, in the order of the docs table. */
export const VARIABLES = {
  chromium: variable('FAULTLINE_CHROMIUM', 'you', 'the Chromium binary to drive'),
  baseUrl: variable('FAULTLINE_BASE_URL', 'you', 'test this URL instead of starting a server (what `--base-url` sets)'),
  workers: variable('FAULTLINE_WORKERS', 'you', 'Playwright workers (default 2; a whole number from 1 to 16)'),
  port: variable('FAULTLINE_PORT', 'you', 'port for the server the Playwright global setup starts (`npm test`; `faultline run` takes `--port`)'),
  trace: variable('FAULTLINE_TRACE', 'you', 'keep a Playwright trace of every failed check (`1`)'),
  harness: variable('FAULTLINE_HARNESS', 'faultline', 'harness mode in the app server (`1`): MSW intercepts Sentry, the harness endpoints answer'),
  ingestFault: variable('FAULTLINE_INGEST_FAULT', 'you', 'harness mode: the ingest fails every envelope (`500`, `429`, `stall`, `reset`)'),
  storeEvents: variable('FAULTLINE_STORE_EVENTS', 'you', 'harness mode: how many events the server store keeps (default 2,000)'),
  catalogue: variable('FAULTLINE_CATALOGUE', 'you', 'a JSON catalogue to check instead of the built-in one (what `--catalogue` sets)'),
  scenarios: variable('FAULTLINE_SCENARIOS', 'faultline', 'the catalogue entries a run checks, comma-separated (what `--scenario` sets)'),
  nextVersion: variable('FAULTLINE_NEXT_VERSION', 'faultline', 'the `next` version whose expectations a run checks'),
  selection: variable('FAULTLINE_SELECTION', 'faultline', 'the selection every shard of a run shares, checked by `merge`'),
  harnessSecret: variable('FAULTLINE_HARNESS_SECRET', 'faultline', 'on a harness server: the secret its endpoints ask for'),
  targetSecret: variable('FAULTLINE_TARGET_SECRET', 'faultline', 'for the workers: the secret of the server they test'),
  serverLog: variable('FAULTLINE_SERVER_LOG', 'faultline', 'for the workers: the log file of the server they test'),
  lifeline: variable('FAULTLINE_LIFELINE', 'faultline', 'on the servers and the Playwright runner faultline starts: they end when their stdin ends'),
  runLifeline: variable('FAULTLINE_RUN_LIFELINE', 'faultline', 'on the `faultline run` a matrix starts: it ends with the matrix'),
  abortFile: variable('FAULTLINE_ABORT_FILE', 'faultline', 'where a worker says that a part of the run (its browser) broke'),
  reporter: variable('FAULTLINE_REPORTER', 'faultline', "the Playwright reporters of a run or a merge (JSON)"),
  outputDir: variable('FAULTLINE_OUTPUT_DIR', 'faultline', "Playwright's artifacts folder of a run"),
  screenshots: variable('FAULTLINE_SCREENSHOTS', 'faultline', 'set by `faultline matrix`: where the catalogue spec writes a screenshot of each error screen'),
  bench: variable('FAULTLINE_BENCH', 'faultline', 'set by `npm run bench`: the bench project samples floors and bare limits'),
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
