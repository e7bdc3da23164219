import type { Page } from '@playwright/test';
import type { Scenario } from '../scenarios/schema';
import { digestOf, digestsInLog } from '../scenarios/golden';
import { thrownMessage } from '../scenarios/catalogue';
import { privacyProblems } from '../verdict/privacy';
import { expectedOf, textsToHide, type Leak, type Observation, type ReportSummary } from '../verdict/verdict';
import { TEST_MARKER_HEADER } from '../contract';
import type { SettledReports } from './reports';
import type { SessionCheck } from './session';
import { evaluateInPage } from './in-page';
import { documentHtmlInPage } from '../chromium/document';
import { epochNow, type CheckTrace } from './check-trace';
import { recordResponseBodies } from './response-bodies';
import { backgroundWorkShown } from './background-work';
import { digestParagraph, observeScreen, readFallback, triggerAndSettle, type Triggered } from './scenario-driver';

const DIRECT_LOAD_TIMEOUT_MS = 10_000;

/** Where the time went, from the trigger to the screen read and the reports settled (the bench's verdict time), and the settle alone. */
export type Timed = (trace: CheckTrace, settleMs: number) => void;

/**
 * What names an entry's failure on the server: the message its thrower throws (the checking side's
 * copy) and the values of the server reports it expects. A server event or delivery without request
 * data that carries one of them is this check's.
 */
export function messagesNaming(scenario: Scenario): string[] {
  const values = scenario.reports.filter((report) => report.runtime === 'server').map((report) => report.value);
  return [...new Set([thrownMessage(scenario.id), ...values.filter((value): value is string => typeof value === 'string')])];
}

/** A check's moments from its start (epoch ms): the probe's when it settled the page, else the trigger's end. */
function traceOf({ settled }: Triggered, reportsAt: SettledReports['settledAt'], started: number, triggerEnded: number, verdictAt: number): CheckTrace {
  const fromStart = (epochMs: number) => epochMs - started;
  const inPage = (ms: number | null) => (settled && ms !== null ? fromStart(settled.originMs + ms) : null);
  return {
    documentMs: settled ? fromStart(settled.originMs) : null,
    hydratedMs: inPage(settled?.hydratedMs ?? null),
    clickedMs: inPage(settled?.clickedMs ?? null),
    outcomeMs: settled ? fromStart(settled.originMs + settled.atMs) : fromStart(triggerEnded),
    noticedMs: fromStart(settled?.noticedAt ?? triggerEnded),
    browserReportsMs: fromStart(reportsAt.browser),
    serverReportsMs: reportsAt.server === null ? null : fromStart(reportsAt.server),
    verdictMs: fromStart(verdictAt),
  };
}

/**
 * Runs an entry's trigger in `page` (the app at `appUrl`) as `check` of a harnessed session, and
 * observes everything its verdict compares.
 */
export async function observeEntry(page: Page, scenario: Scenario, appUrl: string, check: SessionCheck, timed?: Timed): Promise<Observation> {
  // The server waits for the deliveries the entry expects before its reports are read: for a range,
  // the most it allows (5 s at most), so that a late one of a framework race is seen, not left over.
  const { deliveries } = expectedOf(scenario, appUrl);
  check.expects({ messages: messagesNaming(scenario), deliveries: typeof deliveries === 'number' ? deliveries : deliveries[1] });
  const responseBodies = recordResponseBodies(page);
  const started = epochNow();
  const triggered = await triggerAndSettle(page, scenario, appUrl);
  // Against a server that is not ours, its log says nothing: nothing to wait for.
  const background = check.serverLog ? await backgroundWorkShown(scenario, check.serverLog) : undefined;
  // The page has settled: reading the screen and flushing the reports can go on at once.
  const settling = epochNow();
  let settled = 0;
  const shownDigest = digestOf(triggered.screen?.digestLine ?? null);
  const [screen, reports] = await Promise.all([
    observeScreen(page, scenario, triggered),
    check
      .collect(triggered.flushedInPage ? { page, hadClient: triggered.flushedInPage } : undefined, shownDigest ? [shownDigest] : [])
      .finally(() => (settled = epochNow())),
  ]);
  timed?.(traceOf(triggered, reports.settledAt, started, settling, epochNow()), settled - settling);

  const { directLoad } = scenario.expect;
  let directLoadDigestLine: string | null = null;
  let directLoadReports: ReportSummary[] | null = null;
  if (directLoad) {
    const direct = await page.context().newPage();
    // A marker of its own: what the direct load makes the server send is claimed as its own, apart from the entry's reports.
    const directMarker = `${check.marker}.direct-load`;
    await direct.setExtraHTTPHeaders({ [TEST_MARKER_HEADER]: directMarker });
    try {
      await direct.goto(directLoad.path);
      await digestParagraph(direct)
        .waitFor({ timeout: DIRECT_LOAD_TIMEOUT_MS })
        .catch(() => {});
      // Read as every screen is read (one in-page reader), once it shows.
      directLoadDigestLine = (await readFallback(direct)).digestLine;
      directLoadReports = await check.claimMarker(directMarker);
    } finally {
      await direct.close();
    }
  }

  // What this trigger caused must not reach the browser: the messages it made the server report.
  const hide = textsToHide(
    scenario.reports,
    reports.rawServer.flatMap((event) => event.exception?.values?.map((value) => value.value ?? '') ?? []),
    reports.browser.flatMap((report) => report.value ?? []),
  );
  const documentHtml = await evaluateInPage(page, documentHtmlInPage, undefined);
  const bodies = [...(await responseBodies.stop()), ...(triggered.body ? [triggered.body.text] : [])];
  const leaks: Leak[] = [
    ...hide.inDocument.filter((text) => documentHtml.includes(text)).map((text) => ({ text, foundIn: 'the document' })),
    ...hide.inResponses.filter((text) => bodies.some((body) => body.includes(text))).map((text) => ({ text, foundIn: 'a response' })),
  ];

  return {
    screen,
    reports: [...(reports.server ?? []), ...reports.browser],
    serverReports: reports.server !== null,
    reportProblems: reports.problems,
    serverLogDigests: check.serverLog ? digestsInLog(check.serverLog()) : null,
    ...(directLoad ? { directLoadDigestLine, directLoadReports } : {}),
    privacy: privacyProblems([...reports.rawBrowser, ...reports.rawServer]),
    leaks,
    ...(triggered.triggerFailed === undefined ? {} : { triggerFailed: triggered.triggerFailed }),
    ...(triggered.documentCutOff === undefined ? {} : { documentCutOff: triggered.documentCutOff }),
    deliveries:
      reports.deliveries?.map(({ runtime, routeType, renderSource, claimedBy }) => ({ runtime, routeType, renderSource, attributedBy: claimedBy })) ?? null,
    ...(background ? { background } : {}),
  };
}
