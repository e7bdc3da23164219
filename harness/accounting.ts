import { HARNESS_ENDPOINTS, HARNESS_SECRET_HEADER } from '../contract';
import { CannotRun } from './failures';
import type { HarnessEndpoints } from './target';
import type { Unclaimed } from '../app-server/store';

/**
 * The end of a run on a server faultline started: every report either SDK sent and every delivery
 * of Next's that no check claimed, after flushing the server SDK. Each is a line of the run's
 * verdict: a report nobody accounts for is a failure, never background noise.
 */
export async function unaccountedFor(server: HarnessEndpoints): Promise<string[]> {
  const response = await fetch(`${server.url}${HARNESS_ENDPOINTS.unclaimed}`, {
    headers: { [HARNESS_SECRET_HEADER]: server.secret },
    signal: AbortSignal.timeout(10_000),
  }).catch((error: Error) => {
    throw new CannotRun('app server', `could not be asked what no check claimed (${error.message})`);
  });
  if (!response.ok) throw new CannotRun('app server', `answered HTTP ${response.status} when asked what no check claimed`);
  const { items, evicted } = (await response.json()) as { items: Unclaimed[]; evicted: number };
  const lines = items.map(unaccountedLine);
  if (evicted > 0) lines.push(`${evicted} report${evicted > 1 ? 's' : ''} no check had claimed were dropped to keep the store bounded`);
  return lines;
}

/** One unclaimed report or delivery, as the run names it. */
export function unaccountedLine({ kind, what, runtime, marker, at }: Unclaimed): string {
  const from = marker ? `, from the requests of check ${marker.replace(/\.[0-9a-f-]{36}$/, '')}` : ', with no request data';
  return `${kind === 'report' ? `a ${runtime} report` : "Next's delivery"} no check claims: ${what} (at ${at.slice(11, 23)}${from})`;
}
