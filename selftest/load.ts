/**
 * Nothing lost under load: at most 500 requests, at most 50 at once, on loopback, to failing
 * server routes of a harness-mode production server. Exit 0 when every request has exactly one
 * error event (matched by its marker) and the server still answers; 1 otherwise.
 * With --record the figures go to bench/load-results.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { READY_PATH } from '../harness/app-server';
import { startHarnessApp, type HarnessApp } from '../harness/harness-app';
import { type IngestState } from '../app-server/store';
import { fetchIngestState, fetchServerEvents, onlyMarker } from '../worker/reports';
import { median, percentile } from '../harness/stats';
import { ENV, TEST_MARKER_HEADER } from '../contract';

const root = join(import.meta.dirname, '..');
const REQUESTS = 500;
const CONCURRENCY = 50;
/** Sentry's transport holds at most this many requests in flight (its promise buffer) and drops the rest. */
const SENTRY_BUFFER = 64;
const FAILING_ROUTES = ['/scenarios/server-page-throws', '/scenarios/async-component-rejects', '/scenarios/throws-string', '/scenarios/route-handler-throws'];

interface Batch {
  markers: string[];
  statuses: number[];
  latenciesMs: number[];
  wallMs: number;
}

/** Sends `count` requests, never more than `concurrency` at once, each with its own marker. */
async function fire(app: HarnessApp, prefix: string, count = REQUESTS, concurrency = CONCURRENCY): Promise<Batch> {
  const batch: Batch = { markers: [], statuses: [], latenciesMs: [], wallMs: 0 };
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const marker = `${prefix}.${i}`;
      const sent = performance.now();
      const response = await fetch(`${app.url}${FAILING_ROUTES[i % FAILING_ROUTES.length]}`, { headers: { [TEST_MARKER_HEADER]: marker } });
      await response.arrayBuffer();
      batch.markers[i] = marker;
      batch.statuses[i] = response.status;
      batch.latenciesMs[i] = performance.now() - sent;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  batch.wallMs = performance.now() - started;
  return batch;
}

function state(app: HarnessApp): Promise<IngestState> {
  return fetchIngestState(app, onlyMarker('load'));
}

async function stillServing(app: HarnessApp): Promise<boolean> {
  const response = await fetch(`${app.url}${READY_PATH}`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  return response?.status === 200;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function eventsPerMarker(app: HarnessApp, markers: string[]): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < markers.length; i += 25) {
    const slice = markers.slice(i, i + 25);
    counts.push(...(await Promise.all(slice.map(async (marker) => (await fetchServerEvents(app, onlyMarker(marker))).events.length))));
  }
  return counts;
}

async function withApp<T>(env: NodeJS.ProcessEnv, body: (app: HarnessApp) => Promise<T>): Promise<T> {
  // Lets the harness endpoint collect garbage before it reads memory (see ingestState); the SDK's Dedupe off, so that what is measured is the ingest.
  const withGc = { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, '--expose-gc'].filter(Boolean).join(' '), [ENV.sdkDedupe]: '0' };
  const app = await startHarnessApp({ root, env: withGc, logFile: join(root, '.faultline', `load-${process.pid}-${env[ENV.ingestFault] ?? 'ok'}.log`) });
  try {
    return await body(app);
  } finally {
    await app.stop();
  }
}

const problems: string[] = [];
const check = (ok: boolean, problem: string) => ok || problems.push(problem);

const healthyIngest = await withApp({ ...process.env, [ENV.ingestFault]: '' }, async (app) => {
  const batch = await fire(app, 'load');
  const counts = await eventsPerMarker(app, batch.markers);
  const total = (await state(app)).arrivedTotal;
  const serving = await stillServing(app);
  check(
    batch.statuses.every((status) => status === 500),
    `statuses other than 500: ${[...new Set(batch.statuses)].join(', ')}`,
  );
  check(
    counts.every((n) => n === 1),
    `requests without exactly one event: ${counts.filter((n) => n !== 1).length} (${[...new Set(counts)].join(', ')} events)`,
  );
  check(total === REQUESTS, `events captured in all: ${total}, expected ${REQUESTS}`);
  check(serving, 'the server stopped answering after the load');
  return {
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    wallMs: Math.round(batch.wallMs),
    requestsPerSecond: Math.round(REQUESTS / (batch.wallMs / 1000)),
    latencyMs: { median: Math.round(median(batch.latenciesMs)), p95: Math.round(percentile(batch.latenciesMs, 95)) },
    matchedOneToOne: counts.filter((n) => n === 1).length,
    eventsCaptured: total,
    stillServing: serving,
  };
});

/**
 * Memory is judged on the heap a full collection leaves (the server runs with --expose-gc). RSS is
 * shown, not judged: it holds what the allocator has not handed back yet, and moved 462 → 380 → 472 MB
 * over three identical batches in one run here (and by 82 MB over one batch on CI, without a collection).
 */
function memoryRead(states: IngestState[]): void {
  check(
    states.every((s) => s.memory.collected),
    'the server read its memory without a collection first (was it started without --expose-gc?)',
  );
}

// The store's own bound is kept small in both memory runs, so what grows past it is something else.
const BOUND = 300;

const stalledIngest = await withApp({ ...process.env, [ENV.ingestFault]: 'stall', [ENV.storeEvents]: String(BOUND) }, async (app) => {
  await fire(app, 'warmup', 50);
  const before = await state(app);
  const first = await fire(app, 'stall1');
  const afterFirst = await state(app);
  const second = await fire(app, 'stall2');
  const afterSecond = await state(app);
  const serving = await stillServing(app);
  memoryRead([before, afterFirst, afterSecond]);
  check(afterSecond.stalledTotal <= SENTRY_BUFFER, `held ingest requests grew past the SDK buffer: ${afterSecond.stalledTotal} > ${SENTRY_BUFFER}`);
  // Not judged, shown: while envelopes are held, every failing request stays reachable (the SDK's
  // per-request flush waits on the held envelopes, in that request's async context; see docs/performance.md).
  const retainedKbPerRequest = Math.round((afterSecond.memory.heapUsed - afterFirst.memory.heapUsed) / 1024 / second.markers.length);
  check(serving, 'the server stopped answering with a stalled ingest');
  check(
    [...first.statuses, ...second.statuses].every((status) => status === 500),
    'a failing route answered other than 500 with a stalled ingest',
  );
  return {
    requests: 2 * REQUESTS,
    concurrency: CONCURRENCY,
    heldRequests: afterSecond.stalledTotal,
    retainedKbPerRequest,
    heapMbAfterCollection: {
      before: mb(before.memory.heapUsed),
      afterFirstBatch: mb(afterFirst.memory.heapUsed),
      afterSecondBatch: mb(afterSecond.memory.heapUsed),
    },
    rssMb: { before: mb(before.memory.rss), afterFirstBatch: mb(afterFirst.memory.rss), afterSecondBatch: mb(afterSecond.memory.rss) },
    latencyMs: { median: Math.round(median(second.latenciesMs)), p95: Math.round(percentile(second.latenciesMs, 95)) },
    stillServing: serving,
  };
});

// A server left running: batch after batch of failing requests, each with a marker of its own.
const ROUNDS = 5;
const boundedStore = await withApp({ ...process.env, [ENV.ingestFault]: '', [ENV.storeEvents]: String(BOUND) }, async (app) => {
  const after: IngestState[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await fire(app, `bound${round}`);
    // Flushes the server SDK, so every event of the batch is in the store when it is measured.
    await fetchServerEvents(app, onlyMarker('none'));
    after.push(await state(app));
  }
  memoryRead(after);
  const last = after[ROUNDS - 1];
  const full = after[1];
  check(last.kept === BOUND, `the store keeps ${last.kept} events, not its bound of ${BOUND}`);
  check(last.evicted === last.arrivedTotal - BOUND, `evicted ${last.evicted} of ${last.arrivedTotal} events; expected ${last.arrivedTotal - BOUND}`);
  // From the second batch on the store is full: what the server keeps must stay flat.
  const heapGrowthMb = mb(last.memory.heapUsed - full.memory.heapUsed);
  check(heapGrowthMb < 10, `the server kept ${heapGrowthMb} MB more heap over batches 3 to ${ROUNDS} although the store is full and bounded`);
  return {
    bound: BOUND,
    requests: ROUNDS * REQUESTS,
    arrived: last.arrivedTotal,
    kept: last.kept,
    evicted: last.evicted,
    heapMbAfterEachBatch: after.map((s) => mb(s.memory.heapUsed)),
    rssMbAfterEachBatch: after.map((s) => mb(s.memory.rss)),
  };
});

const results = { measuredAt: new Date().toISOString(), healthyIngest, stalledIngest, boundedStore, problems };
console.log(JSON.stringify(results, null, 2));
if (process.argv.includes('--record')) writeFileSync(join(import.meta.dirname, '..', 'bench', 'load-results.json'), `${JSON.stringify(results, null, 2)}\n`);
if (problems.length > 0) {
  console.error(`load: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(
    `load: ${REQUESTS} requests, ${CONCURRENCY} at once: every one reported exactly once; held requests stay within ${SENTRY_BUFFER} ` +
      `with a stalled ingest; the event store stays at ${BOUND} events over ${ROUNDS * REQUESTS} requests (heap after ` +
      `collection ${boundedStore.heapMbAfterEachBatch.join(' → ')} MB, RSS ${boundedStore.rssMbAfterEachBatch.join(' → ')} ` +
      `MB)`,
  );
}
