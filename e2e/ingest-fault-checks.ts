import { FAULT_IN_WORDS, type IngestFault } from '../ingest/faults';
import { READY_PATH } from '../harness/app-server';
import { fetchServerEvents, onlyMarker } from '../worker/reports';
import { runScenario } from '../worker/scenario-driver';
import { entryUnderTest } from '../scenarios/active';
import { faultlineRoot } from '../harness/root';
import { describeDifference, expectedOf, screenDifferences } from '../verdict/verdict';
import { expect, skipUnlessStarted, test } from '../worker/test';

/** One entry per way a failure reaches Sentry: server render, Server Action, route handler, browser render, handler. */
const INGEST_FAULT_SUBSET = ['server-page-throws', 'action-form-throws', 'route-handler-throws', 'client-effect-throws', 'client-event-handler-throws'];

const SERVING_TIMEOUT_MS = 5_000;

/**
 * The checks of one ingest fault over the subset. Each fault has a spec file of its own: the
 * fault is a worker option (each gets its own server), which Playwright only sets per file.
 */
export function ingestFaultChecks(fault: IngestFault): void {
  test.use({ ingestFault: fault });
  test.describe(`when the ingest ${FAULT_IN_WORDS[fault]}`, () => {
    for (const id of INGEST_FAULT_SUBSET) {
      const scenario = entryUnderTest(id, faultlineRoot);
      const reportsFrom = new Set(scenario.reports.map((report) => report.runtime));

      test(`${id}: the user sees the same, and neither page nor server waits for the ingest`, async ({ page, app, ingest, reports }) => {
        skipUnlessStarted(app);
        const screen = await runScenario(page, scenario, app.url);
        expect(screenDifferences(expectedOf(scenario, app.url).screen, screen).map(describeDifference), 'what the user saw (expected vs observed)').toEqual([]);

        // A 429 on any envelope (the session sent at page load, say) silences an SDK until
        // Retry-After; envelopes already in flight still arrive. So under a 429 a report may be
        // held back, but an SDK that ignored Retry-After would send every later one.
        if (reportsFrom.has('browser')) {
          if (fault === '429') {
            await expect.poll(() => ingest.browser().envelopes, { message: 'the browser SDK sent an envelope' }).toBeGreaterThan(0);
            await ingest.flushBrowser();
            expect(ingest.browser().arrived, 'the browser report arrived at most once').toBeLessThanOrEqual(1);
          } else {
            await expect.poll(() => ingest.browser().arrived, { message: 'the browser SDK sent its report' }).toBe(1);
          }
          if (fault === 'stall') expect(ingest.browser().stalled, 'the screen was complete while the report was still pending').toBe(1);
        }
        if (reportsFrom.has('server')) {
          const server = async () => (await ingest.server())!;
          if (fault === '429') {
            await expect.poll(async () => (await server()).envelopesTotal, { message: 'the server SDK sent an envelope' }).toBeGreaterThan(0);
            // Flushes the server SDK: whatever it would still send has arrived after this.
            await fetchServerEvents(app.harness, onlyMarker(reports.marker));
            expect((await server()).arrivedTotal, 'after its first 429 this server sent at most the report already in flight').toBeLessThanOrEqual(1);
          } else {
            await expect.poll(async () => (await server()).arrived, { message: 'the server SDK sent its report' }).toBe(1);
          }
          if (fault === 'stall') expect((await server()).stalled, 'the document arrived while the report was still pending').toBe(1);
        }

        const next = await page.request.get(READY_PATH, { timeout: SERVING_TIMEOUT_MS });
        expect(next.status(), 'the server keeps serving').toBe(200);
      });
    }
  });
}
