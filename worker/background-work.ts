import { thrownMessage } from '../scenarios/entries/shared';
import type { Scenario } from '../scenarios/schema';
import type { Observation } from '../verdict/verdict';
import { until } from '../harness/until';

/** How long a failure after the response may take to show in the server log. */
export const BACKGROUND_TIMEOUT_MS = 10_000;

/**
 * A failure after the response (an ISR regeneration, an `after()` callback) is proven only once the
 * server showed the work ran: its thrower's message in the server log (the checking side's copy;
 * an audit asks only for its start, which names the entry, since an app's logger may mask the
 * rest). Awaited on that signal, with a limit; what never came is said, for each target to judge: a run's
 * verdict fails on it, an audit leaves the entry unjudged. Undefined for an entry whose failure
 * comes with the response.
 */
export async function backgroundWorkShown(
  scenario: Scenario,
  logSince: () => string,
  { shows = thrownMessage(scenario.id), timeoutMs = BACKGROUND_TIMEOUT_MS }: { shows?: string; timeoutMs?: number } = {},
): Promise<Observation['background']> {
  if (!scenario.afterResponse) return undefined;
  const awaited = `the server ran the work after the response: its log shows "${shows}"`;
  const shown = await until(() => logSince().includes(shows), timeoutMs, 50);
  return { awaited, missing: shown ? null : `the log never showed it within ${timeoutMs / 1000} s` };
}
