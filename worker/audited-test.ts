import { reportAbort } from '../harness/abort';
import { auditPlanOf } from '../harness/audited-app';
import { workerTest } from './base-test';
import { AuditedSession } from './audited-session';

/**
 * An audited app's target in a worker: its `session`, one `AuditedSession` on the app server the
 * CLI started, with the plan the target carries. A browser that dies is no entry of the app's left
 * unjudged: the audit stops, naming it. A sibling of the run's session over the worker's shared
 * fixtures (`base-test.ts`: the target, the browser ingest's code loading while the browser
 * launches).
 */
export const auditTest = workerTest.extend<{}, { session: AuditedSession }>({
  session: [
    async ({ browser, app, ingestCode }, use) => {
      const session = await AuditedSession.open(browser, auditPlanOf(app), ingestCode);
      session.watchBrowser(() => reportAbort(`Chromium ended during the audit (${session.current}: the browser closed)`, { part: 'browser' }));
      await use(session);
      await session.close();
    },
    // Its limit is the server's start limit and the browser's launch: a worker's fixture never gives up before the CLI does.
    { scope: 'worker', timeout: 0 },
  ],
});
