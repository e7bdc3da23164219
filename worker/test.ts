import { join } from 'node:path';
import { expect } from '@playwright/test';
import { workerTest } from './base-test';
import { reportAbort } from '../harness/abort';
import { READY_PATH, waitUntilServing } from '../harness/app-server';
import { ENV } from '../contract';
import { startTarget } from '../harness/serve';
import { faultlineRoot } from '../harness/root';
import { isStarted, type AppTarget, type StartedTarget } from '../harness/target';
import { REMOTE_SKIP_REASON } from '../verdict/verdict';
import type { IngestFault } from '../ingest/faults';
import type { IngestState } from '../app-server/store';
import { undoConditions } from './page-conditions';
import { flushBrowserSdk, NO_REPORT_PROBLEMS, withoutClientProblem, type FlushedInPage, type SettledReports } from './reports';
import { HarnessedSession, type SessionCheck } from './session';
import { distDirOf } from '../scenarios/configurations';

export interface Reports {
  /** The value of the marker header that attributes this test's server events to it. */
  marker: string;
  /**
   * Flushes both SDKs and returns every error event this test's requests caused, and what could
   * not be read (its `problems`). Server events are null against a --base-url target.
   */
  collect(flushed?: FlushedInPage): Promise<SettledReports>;
  /** `collect()`, failing the test on any problem. */
  settle(): Promise<SettledReports>;
}

/** What reached the ingest during this test, without flushing: for checks where the ingest fails. */
export interface IngestProbe {
  /** Error events and envelopes (sessions too) that reached the browser ingest, and error envelopes held open. */
  browser(): { arrived: number; envelopes: number; stalled: number };
  /** Null against a --base-url target. */
  server(): Promise<IngestState | null>;
  /** Makes the browser SDK send what it holds (it answers at once when an ingest fault holds it back). */
  flushBrowser(): Promise<void>;
}

interface SessionWorkerFixtures {
  /** Makes both ingests fail every report this way; the worker then gets a server of its own. */
  ingestFault: IngestFault | undefined;
  session: HarnessedSession;
}

/**
 * The reference app's target in a worker: its `app` (a server of its own under an ingest fault)
 * and its harnessed session: its browser with the ingest, one context and one page reset between
 * tests. A fresh context per test costs more than the page load it measures (a cold
 * renderer parses every chunk again), which would put the catalogue far above its time budget;
 * each test still starts with a navigation.
 */
export const sessionTest = workerTest.extend<{}, SessionWorkerFixtures>({
  ingestFault: [undefined, { scope: 'worker', option: true }],
  app: [
    async ({ app: shared, ingestFault }, use) => {
      if (!ingestFault || !isStarted(shared)) {
        // `faultline run` starts its server while Playwright loads the tests: it may not serve yet.
        // The CLI gives up first (60 s) and says why; this is the fallback.
        if (isStarted(shared)) await waitUntilServing(`${shared.url}${READY_PATH}`, { timeoutMs: 90_000, logFile: shared.serverLog });
        return use(shared);
      }
      // A faulty ingest changes server-wide SDK state (a 429 silences it): never the shared server.
      const { target, server } = await startTarget({
        mode: 'start',
        root: faultlineRoot,
        logFile: join(faultlineRoot, '.faultline', `server-${process.pid}-ingest-${ingestFault}.log`),
        env: { ...process.env, [ENV.ingestFault]: ingestFault },
      });
      await use(target);
      await server.stop();
    },
    { scope: 'worker', timeout: 100_000 },
  ],
  // Every envelope the worker's browser sends is answered by the harness's ingest: no report leaves the machine.
  session: [
    async ({ browser, app, ingestFault, ingestCode }, use, workerInfo) => {
      const worker = `worker ${workerInfo.workerIndex}`;
      let session: HarnessedSession;
      try {
        // A server faultline started runs the reference app's build here: its reports resolve through its maps.
        const build = isStarted(app) ? { root: faultlineRoot, distDir: distDirOf(process.env) } : undefined;
        session = await HarnessedSession.open(browser, app, { fault: ingestFault, ingestCode, build });
      } catch (error) {
        // A worker that cannot start checks nothing: the run stops naming the part that failed, never as deviations.
        const why = String((error as Error).message ?? error).split('\n')[0];
        reportAbort(
          browser.isConnected()
            ? `the target: ${worker} could not load ${app.url}${READY_PATH} (${why})`
            : `Chromium (the browser of ${worker}) died while the worker started (${why})`,
        );
        throw error;
      }
      // A browser that dies under a run is not a deviation of the app: `faultline run` stops and says so.
      session.watchBrowser(() => reportAbort(`Chromium (the browser of ${worker}) died during the run`));
      await use(session);
      await session.close();
    },
    { scope: 'worker' },
  ],
});

interface CheckFixtures {
  /** This test's check in the worker's session: its marker, reports and server log slice. */
  check: SessionCheck;
  /** The app server's output written during this test; undefined against a --base-url target. */
  serverLog: { text(): string } | undefined;
  reports: Reports;
  ingest: IngestProbe;
}

export const test = sessionTest.extend<CheckFixtures>({
  baseURL: async ({ app }, use) => use(app.url),
  context: async ({ session }, use) => {
    await use(session.context);
    // Extra headers need no reset: the next test's check replaces them all.
    await session.context.clearCookies();
  },
  page: async ({ session }, use) => {
    // A test may have closed it.
    const page = await session.openPage();
    await use(page);
    // Stalled reports fail now, while their document is still there to take the answer.
    session.stalls.releaseAll();
    // What the harness set on the page (page-conditions.ts). A test that routes or emulates with
    // Playwright's own calls does so in a page of its own, closed here.
    await undoConditions(page);
    for (const extra of session.context.pages()) if (extra !== page) await extra.close();
  },
  check: [
    async ({ session }, use, testInfo) => {
      const check = await session.begin(testInfo.testId);
      await use(check);
      // A test that never looked at its reports still owns them: claimed here, so that nothing it caused is left unaccounted for.
      await check.release();
    },
    { auto: true },
  ],
  serverLog: async ({ check }, use) => use(check.serverLog ? { text: check.serverLog } : undefined),
  reports: async ({ check }, use) => {
    await use({
      marker: check.marker,
      collect: check.collect,
      async settle() {
        const settled = await check.collect();
        expect(settled.problems, NO_REPORT_PROBLEMS).toEqual([]);
        return settled;
      },
    });
  },
  ingest: async ({ check, context }, use) => {
    await use({
      flushBrowser: async () => {
        const withoutClient = await flushBrowserSdk(context);
        expect(withoutClient.map(withoutClientProblem), NO_REPORT_PROBLEMS).toEqual([]);
      },
      browser: check.browserIngest,
      server: check.serverIngest,
    });
  },
});

/** Skips a check that needs what only a server faultline started has (its log, its reports): not there against --base-url. */
export function skipUnlessStarted(app: AppTarget): asserts app is StartedTarget {
  test.skip(!isStarted(app), REMOTE_SKIP_REASON);
}

export { expect };
