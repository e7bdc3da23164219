import type { CheckTrace } from '../worker/check-trace';
import type { BareTrace } from './worker/annotations';
import { median } from '../harness/stats';

/**
 * What a check spends beyond its bare limit, part by part (they add up to verdict minus bare):
 * - `beforeDocument`: from the check's start to its first document (arming the probe, the navigation command);
 * - `click`: the round trip from "hydrated" to the real click, less the bare page's own click;
 * - `page`: the rest of the way to the outcome, less the bare page's (what the page did slower with the harness on);
 * - `notice`: from the frame that showed the outcome to the worker knowing it;
 * - `reports`: from then to the verdict (the screen read, both SDKs flushed, the server's reports
 *   fetched), less the time the bare sample's own reports took to arrive after its outcome.
 */
/** The most any entry's verdict may take over its bare limit (issue #16's target), and the line docs/performance.md sorts entries by. */
export const RATIO_LIMIT = 1.5;

export const EXCESS_PARTS = ['beforeDocument', 'click', 'page', 'notice', 'reports'] as const;
export type Excess = Record<(typeof EXCESS_PARTS)[number], number>;

const clickRoundTrip = (trace: { hydratedMs: number | null; clickedMs: number | null }) =>
  trace.hydratedMs !== null && trace.clickedMs !== null ? trace.clickedMs - trace.hydratedMs : 0;

/** The bare limit: the later of the bare page's outcome and the arrival of its last expected report at the loopback DSN. */
export const bareLimitOf = (bare: BareTrace): number => Math.max(bare.outcomeMs, bare.reportsMs ?? 0);

export function excessOf(check: CheckTrace, bare: BareTrace): Excess {
  const beforeDocument = check.documentMs ?? 0;
  const checkClick = clickRoundTrip(check);
  const bareClick = clickRoundTrip(bare);
  return {
    beforeDocument,
    click: checkClick - bareClick,
    page: check.outcomeMs - beforeDocument - checkClick - (bare.outcomeMs - bareClick),
    notice: check.noticedMs - check.outcomeMs,
    reports: check.verdictMs - check.noticedMs - (bareLimitOf(bare) - bare.outcomeMs),
  };
}

/** Each part's median over rounds (so the parts need not add up exactly). */
export function medianExcess(rounds: readonly Excess[]): Excess {
  return Object.fromEntries(EXCESS_PARTS.map((part) => [part, median(rounds.map((round) => round[part]))])) as Excess;
}

/** Of the `reports` part: how long after the notice each SDK's reports were in (server null: not ours); the later one held the verdict. */
export function reportWaits(check: CheckTrace): { browser: number; server: number | null } {
  return { browser: check.browserReportsMs - check.noticedMs, server: check.serverReportsMs === null ? null : check.serverReportsMs - check.noticedMs };
}

/**
 * The ratio an entry would keep if the harness added nothing to its page or its click: its bare
 * limit plus the parts any harness driving Chromium from another process pays (arming the probe
 * and the navigation command, the notice's trip) and the proof of both SDKs' reports beyond the
 * bare sample's own wait for them. With `withReports` false, the ratio of issue #16: the bare
 * page's outcome alone, without the reports on either side. A negative part (the harness page
 * happened to be faster) counts as nothing.
 */
export function fixedPartsRatio(bare: { outcomeMs: number; limitMs: number }, excess: Excess, { withReports = true } = {}): number {
  const base = withReports ? bare.limitMs : bare.outcomeMs;
  const fixed = [excess.beforeDocument, excess.notice, ...(withReports ? [excess.reports] : [])];
  return (base + fixed.reduce((sum, ms) => sum + Math.max(0, ms), 0)) / base;
}
