import type { ErrorEvent } from '@sentry/core';
import { ENV, TEST_MARKER_HEADER } from '../contract';
import { markerOf } from '../ingest/marker';
import { StalledRequests, type IngestFault } from '../ingest/faults';

/**
 * Runs inside the app server in harness mode: every error event either SDK sent, and every call
 * Next made to the app's `onRequestError`, kept until a check claims it. Every one of them is
 * claimed by exactly one check: by the marker its request carried, or, when it carries none (a
 * regeneration, work after the response, an app that scrubs its reports), by what it carries (the
 * message that names the check's entry, the digest the check's screen showed). What no check
 * claims is listed at the end of the run (`unclaimed`), and fails it.
 */

/**
 * A harness server left running keeps at most this many events, none older than this: a check reads
 * its events within seconds of causing them, so the oldest ones are only memory.
 */
const DEFAULT_MAX_EVENTS = 2_000;
const MAX_AGE_MS = 10 * 60_000;
const MAX_MALFORMED = 100;

/** How a check came to own an event or a delivery. */
export type ClaimedBy = 'marker' | 'message' | 'digest';

/** What a check claims beside its marker: the texts that name its entry, the digests its screen showed. */
export interface ClaimTexts {
  messages: string[];
  digests: string[];
}

/**
 * Waits until the check owns `count` of Next's deliveries (or `limitMs` passed): the positive signal
 * that the server's part of the failure ran. An Edge delivery is counted once its report was sent.
 */
export async function deliveriesOwned(marker: string, claim: ClaimTexts, count: number, limitMs = 5_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  const owned = () => serverStore().deliveries.filter((stored) => owns(stored, marker, claim, deliveryTexts, deliveryDigest)).length;
  while (owned() < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

interface Claimable {
  id: number;
  at: number;
  /** The marker of the request it came from, if it carries one. */
  marker: string | null;
  claim: { marker: string; by: ClaimedBy } | null;
}

interface StoredEvent extends Claimable {
  event: ErrorEvent;
}

/** One call of Next to the app's `onRequestError`, counted outside the SDK (`deliveries.ts`). */
export interface Delivery {
  runtime: 'nodejs' | 'edge';
  routeType: string | null;
  renderSource: string | null;
  routePath: string | null;
  /** The error's message and digest, as Next passed it. */
  message: string;
  digest: string | null;
}

interface StoredDelivery extends Claimable {
  delivery: Delivery;
}

// Shared through globalThis: instrumentation and route handlers are separate bundles in Next.
const key = Symbol.for('faultline.serverReports');
type Store = {
  events: StoredEvent[];
  deliveries: StoredDelivery[];
  nextId: number;
  /** Error events that ever arrived, and how many of them were dropped to keep the store bounded. */
  arrived: number;
  evicted: number;
  /** Of those dropped, the ones no check had claimed: the accounting says so rather than losing them. */
  evictedUnclaimed: number;
  /** Envelopes of any kind that reached the ingest (sessions too): a 429 on any of them silences the SDK. */
  envelopes: number;
  malformed: { problem: string; body: string }[];
  fault: IngestFault | undefined;
  stalls: StalledRequests;
  maxEvents: number;
};
const global = globalThis as unknown as Record<symbol, Store | undefined>;

export function serverStore(): Store {
  return (global[key] ??= {
    events: [],
    deliveries: [],
    nextId: 1,
    arrived: 0,
    evicted: 0,
    evictedUnclaimed: 0,
    envelopes: 0,
    malformed: [],
    fault: undefined,
    stalls: new StalledRequests(),
    maxEvents: Number(process.env[ENV.storeEvents]) || DEFAULT_MAX_EVENTS,
  });
}

/** Drops the oldest of `list` beyond the count or the age, counting the unclaimed ones among them. */
function bound<T extends Claimable>(list: T[], store: Store, now: number, count: (dropped: T[]) => void): void {
  const tooOld = list.findIndex(({ at }) => now - at <= MAX_AGE_MS);
  const drop = Math.max(tooOld === -1 ? list.length : tooOld, list.length - store.maxEvents);
  if (drop <= 0) return;
  const dropped = list.splice(0, drop);
  count(dropped);
  store.evictedUnclaimed += dropped.filter(({ claim }) => claim === null).length;
}

/** Keeps what one envelope brought, then drops the oldest events beyond the count or the age. */
export function storeEnvelope(events: readonly ErrorEvent[], now = Date.now()): void {
  const store = serverStore();
  store.envelopes++;
  store.arrived += events.length;
  store.events.push(...events.map((event) => ({ id: store.nextId++, event, at: now, marker: markerOf(event) ?? null, claim: null })));
  bound(store.events, store, now, (dropped) => (store.evicted += dropped.length));
}

export function storeMalformed(problem: string, body: string): void {
  const { malformed } = serverStore();
  malformed.push({ problem, body });
  if (malformed.length > MAX_MALFORMED) malformed.shift();
}

/** Keeps one of Next's calls to the app's `onRequestError`, with the marker of its request if it has one. */
export function storeDelivery(delivery: Delivery, marker: string | null, now = Date.now()): void {
  const store = serverStore();
  store.deliveries.push({ id: store.nextId++, delivery, at: now, marker, claim: null });
  bound(store.deliveries, store, now, () => {});
}

/** Every text of an event a claim by message may find: its exceptions' values and types, and its message. */
function textsOf(event: ErrorEvent): string[] {
  return [...(event.exception?.values ?? []).flatMap((value) => [value.value ?? '', value.type ?? '']), typeof event.message === 'string' ? event.message : ''];
}

const digestOf = (event: ErrorEvent) => (typeof event.tags?.digest === 'string' ? event.tags.digest : null);

/** How `marker`'s check would claim `item`: by its marker, or, when it carries none, by a text that names its entry. */
function claimOf<T extends Claimable>(
  item: T,
  marker: string,
  { messages, digests }: ClaimTexts,
  texts: (item: T) => string[],
  digest: (item: T) => string | null,
): ClaimedBy | null {
  if (item.marker === marker) return 'marker';
  if (item.marker !== null) return null;
  if (messages.some((message) => message !== '' && texts(item).some((text) => text.includes(message)))) return 'message';
  if (digests.some((shown) => shown === digest(item))) return 'digest';
  return null;
}

/** Whether `marker`'s check owns `item`, or would claim it now. */
function owns<T extends Claimable>(item: T, marker: string, claim: ClaimTexts, texts: (item: T) => string[], digest: (item: T) => string | null): boolean {
  return item.claim === null ? claimOf(item, marker, claim, texts, digest) !== null : item.claim.marker === marker;
}

/** Claims for `marker` what is its own and still unclaimed; returns everything it owns. */
function claimAll<T extends Claimable>(list: T[], marker: string, claim: ClaimTexts, texts: (item: T) => string[], digest: (item: T) => string | null): T[] {
  for (const item of list) {
    const by = item.claim === null ? claimOf(item, marker, claim, texts, digest) : null;
    if (by) item.claim = { marker, by };
  }
  return list.filter((item) => item.claim?.marker === marker);
}

const eventTexts = ({ event }: StoredEvent) => textsOf(event);
const eventDigest = ({ event }: StoredEvent) => digestOf(event);
const deliveryTexts = ({ delivery }: StoredDelivery) => [delivery.message];
const deliveryDigest = ({ delivery }: StoredDelivery) => delivery.digest;

/**
 * What the server sent for the check marked `marker`: every error event and delivery it claims
 * (now, or earlier), with how; and the envelopes that did not parse and either carry that marker or
 * no test's marker at all (garbage nobody can be sure is someone else's fails every check that asks
 * after it arrived).
 */
export function claimFor(marker: string, claim: ClaimTexts = { messages: [], digests: [] }) {
  const store = serverStore();
  const events = claimAll(store.events, marker, claim, eventTexts, eventDigest);
  const deliveries = claimAll(store.deliveries, marker, claim, deliveryTexts, deliveryDigest);
  const malformed = store.malformed.filter(({ body }) => body.includes(marker) || !body.includes(TEST_MARKER_HEADER)).map(({ problem }) => problem);
  return {
    events: events.map(({ event, claim }) => ({ event, claimedBy: claim!.by })),
    deliveries: deliveries.map(({ delivery, claim }) => ({ ...delivery, claimedBy: claim!.by })),
    malformed,
  };
}

export type ServerReports = ReturnType<typeof claimFor>;

/** An event or a delivery no check claimed, as the end of a run names it. */
export interface Unclaimed {
  kind: 'report' | 'delivery';
  /** `Error: message` for a report; the route type and message for a delivery. */
  what: string;
  runtime: string;
  /** The marker of the check whose request it came from, when it carries one (a check that never looked). */
  marker: string | null;
  at: string;
}

/** Everything no check claimed: what the end of a run fails on. */
export function unclaimed(): { items: Unclaimed[]; evicted: number } {
  const store = serverStore();
  const exception = (event: ErrorEvent) => event.exception?.values?.at(-1);
  const events = store.events
    .filter(({ claim }) => claim === null)
    .map(({ event, marker, at }): Unclaimed => {
      const thrown = exception(event);
      const runtime = (event.contexts?.runtime as { name?: string } | undefined)?.name ?? 'server';
      return {
        kind: 'report',
        what: `${thrown?.type ?? '(no type)'}: ${thrown?.value ?? event.message ?? ''}`,
        runtime,
        marker,
        at: new Date(at).toISOString(),
      };
    });
  const deliveries = store.deliveries
    .filter(({ claim }) => claim === null)
    .map(({ delivery, marker, at }): Unclaimed => ({
      kind: 'delivery',
      what: `onRequestError (${delivery.routeType ?? 'unknown route type'}): ${delivery.message}`,
      runtime: delivery.runtime,
      marker,
      at: new Date(at).toISOString(),
    }));
  return { items: [...events, ...deliveries].sort((a, b) => a.at.localeCompare(b.at)), evicted: store.evictedUnclaimed };
}

/** What the harness endpoint tells a test about the ingest, without flushing anything or claiming. */
export function ingestState(marker: string, claim: ClaimTexts = { messages: [], digests: [] }) {
  const store = serverStore();
  // The load test starts the server with --expose-gc: memory read after a full collection is what
  // the process keeps, not what the collector has not got round to yet (without one, the figure varies by 80 MB on a CI runner).
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const { rss, heapUsed } = process.memoryUsage();
  return {
    fault: store.fault ?? null,
    arrived: store.events.filter((stored) => owns(stored, marker, claim, eventTexts, eventDigest)).length,
    arrivedTotal: store.arrived,
    kept: store.events.length,
    evicted: store.evicted,
    envelopesTotal: store.envelopes,
    /** Next's calls to the app's onRequestError its check owns (or would claim). */
    deliveries: store.deliveries.filter((stored) => owns(stored, marker, claim, deliveryTexts, deliveryDigest)).length,
    stalled: store.stalls.openFor(marker),
    stalledTotal: store.stalls.total,
    memory: { rss, heapUsed, collected: collect !== undefined },
  };
}

export type IngestState = ReturnType<typeof ingestState>;
