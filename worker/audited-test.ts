import { reportAbort } from '../harness/abort';
import { readAuditPlan } from '../harness/audit-plan';
import { workerTest } from './base-test';
import { AuditedSession } from './audited-session';

/**
 * The audited target, a worker's: one `AuditedSession` on the app server the CLI started, with the
 * plan it wrote. A browser that dies is no entry of the app's left unjudged: the audit stops,
 * naming it. A sibling of the run's session over the worker's shared fixtures: the browser
 * ingest's code loads while the browser launches, as in a run.
 */
export const auditTest = workerTest.extend<{}, { audit: AuditedSession }>({
  audit: [
    async ({ browser, ingestCode }, use) => {
      const session = await AuditedSession.open(browser, readAuditPlan(), ingestCode);
      session.watchBrowser(() => reportAbort(`Chromium ended during the audit (${session.current}: the browser closed)`, { part: 'browser' }));
      await use(session);
      await session.close();
    },
    // Its limit is the server's start limit and the browser's launch: a worker's fixture never gives up before the CLI does.
    { scope: 'worker', timeout: 0 },
  ],
});
