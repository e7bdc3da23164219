import type { ErrorEvent } from '@sentry/core';
import { isOpaque } from '../lanes';
import { AUDIT_SEGMENT } from '../../../../contract';
import { besideOtherKinds, type PlacedEntry } from '../entry';
import { NotSettled } from '../../../../harness/audited-app';
import { until } from '../../../../harness/until';
import { backgroundWorkShown } from '../../../../worker/background-work';
import { eventKey, type AuditReport } from '../../../../verdict/audit-reporting';
import type { AuditObservation, Undelivered } from '../judge';
import { atMostHandedOver, deliveriesAbout, digestsAbout, digestsOfOpaque, isAbout } from './claims';
import { claimedFrom, type AuditCheck, type AuditedSession } from '../../../../worker/audited-session';
import { driveEntry, type DrivenEntry, type TunnelSend } from './drive';
import { isOutcome, NotJudged } from '../../../../worker/audited-check';

/**
 * How long a server failure may take to show in the server log after its page settled: Next
 * prints the error (with its digest) once its stack is source-mapped, which under load comes after
 * the response (seen with four pages at once).
 */
const LOG_TIMEOUT_MS = 5_000;

export interface EntryObserved {
  /** What was observed; its screen's `path` is where its route answered (where the app's redirects moved it, under a locale). */
  observation: AuditObservation;
  screenshot: Buffer | null;
  /** Where its time went, in ms. */
  ms: Record<string, number>;
  /** The server's reports it claimed: what the run's end does not count as nobody's. */
  claimed: ErrorEvent[];
  /** Closes the entry's browser context, keeping its trace or not. */
  finish(keepTrace: boolean): Promise<void>;
}

/**
 * One placed entry observed: the browser's side (its page driven, settled, its SDK flushed), then
 * the server's once what the entry set off there showed (work after the response in the log, a
 * server failure's digest in the log) and its SDKs were settled. The server's reports and log are
 * claimed by content (`others`: every other placed entry, for a thrown value whose error names
 * nothing), so entries may run side by side.
 */
export async function observeAuditEntry(
  audit: AuditedSession,
  check: AuditCheck,
  placed: PlacedEntry,
  others: readonly string[],
  tracePath: string | null = null,
): Promise<EntryObserved> {
  const started = performance.now();
  const seen = await driveEntry(audit, check, placed.scenario, placed.url, tracePath);
  const browserMs = performance.now() - started;
  try {
    return { ...(await observeServerSide(audit, check, placed, others, seen, started, browserMs)), finish: seen.finish };
  } catch (error) {
    await seen.finish(isOutcome(error));
    throw error;
  }
}

/** Where the page's error events sent to the app's tunnel route stopped, those that never came out of its server as a forward; null when all arrived. */
function undelivered(sends: readonly TunnelSend[], arrived: ReadonlySet<string>, proxyCovering: (path: string) => string | null): Undelivered | null {
  const lost = sends
    .map((send) => ({ ...send, events: send.events.filter((event) => !arrived.has(eventKey(event))) }))
    .filter(({ events }) => events.length > 0);
  if (lost.length === 0) return null;
  const [{ url, status, location }] = lost;
  const route = new URL(url).pathname;
  return {
    route,
    status,
    location: location === null ? null : new URL(location, url).pathname,
    proxy: proxyCovering(route),
    events: lost.reduce((count, { events }) => count + events.length, 0),
  };
}

/** The server's side of an entry whose browser side was observed (`seen`), and the observation whole. */
async function observeServerSide(
  audit: AuditedSession,
  { mark }: AuditCheck,
  placed: PlacedEntry,
  others: readonly string[],
  seen: DrivenEntry,
  started: number,
  browserMs: number,
): Promise<Omit<EntryObserved, 'finish'>> {
  const { server } = audit;
  const { countsDeliveries } = audit.plan;
  const { scenario } = placed;
  const ids = [scenario.id, ...placed.reaches];
  // Beside other entries, the log holds theirs too: only the digests of the errors about this one (a thrown value's name nothing: those about no other).
  const logDigests = () => [
    ...new Set(isOpaque(placed) ? digestsOfOpaque(server.logSince(mark), others, AUDIT_SEGMENT) : digestsAbout(server.logSince(mark), ids, AUDIT_SEGMENT)),
  ];
  // Work after the response that never showed leaves its reports unknown: the entry is not judged.
  const shows = `${scenario.id}:`;
  const background = await backgroundWorkShown(scenario, () => server.logSince(mark), { shows });
  if (background?.missing) throw new NotJudged(`its work after the response: ${background.missing} (no "${shows}")`);
  // A server failure Next shows with a digest prints it in the log too: read once it is there (its absence is judged, after the wait).
  if (scenario.expect.digest) await until(() => logDigests().length > 0, LOG_TIMEOUT_MS);
  // The server's reports are claimed by what they are about (its route, or a thrower's message), not by when they
  // came; a thrown value's, which names nothing, by being about no other entry (none runs beside it that names nothing
  // too), as its digests are.
  const claims = (event: ErrorEvent) => isAbout(event, ids, AUDIT_SEGMENT) || (isOpaque(placed) && !isAbout(event, others, AUDIT_SEGMENT));
  // A send of the server's that never lands leaves this entry's reports unknown: it is not judged. Each error Next handed to the
  // app's hook is a positive signal that a background reporter (PostHog's) sends one: awaited, by what it is about.
  const serverClient = await audit
    .settleFor(mark, { count: (log) => deliveriesAbout(log, ids, AUDIT_SEGMENT), counts: ({ event }) => claims(event) })
    .catch((error: unknown) => {
      throw error instanceof NotSettled ? new NotJudged(error.message) : error;
    });
  const ms = { browser: Math.round(browserMs), server: Math.round(performance.now() - started - browserMs), ...seen.ms };
  const serverSide = server.since(mark);
  const { own, forwarded } = claimedFrom(
    serverSide.reports,
    claims,
    seen.tunnelled.flatMap(({ events }) => events),
  );
  // Beside the app's routes, whose background reports may name nothing too, a thrown value's are held to its hand-overs.
  const handOvers = countsDeliveries && besideOtherKinds(audit.plan) ? deliveriesAbout(serverSide.log, ids, AUDIT_SEGMENT) : null;
  const claimed = [...atMostHandedOver(own, handOvers), ...forwarded];
  const reports: AuditReport[] = [...claimed, ...seen.events.map((event) => ({ runtime: 'browser' as const, event }))];
  const observation: AuditObservation = {
    id: scenario.id,
    screen: { status: seen.status, path: seen.reachedAt, lines: seen.lines, linesBefore: seen.linesBefore },
    serverLogDigests: logDigests(),
    reports,
    refused: { server: serverSide.blocked, browser: seen.refused },
    responses: seen.responses,
    document: seen.document,
    clients: { server: serverClient, browser: seen.client },
    delivered: countsDeliveries ? deliveriesAbout(serverSide.log, ids, AUDIT_SEGMENT) : null,
    undelivered: undelivered(seen.tunnelled, new Set(forwarded.map(({ event }) => eventKey(event))), (path) => audit.proxyCovering(path)),
  };
  return { observation, screenshot: seen.screenshot, ms, claimed: claimed.map(({ event }) => event) };
}
