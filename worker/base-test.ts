import { test as base } from '@playwright/test';
import { appTarget, type AppTarget } from '../harness/target';
import { loadIngestCode, type IngestCode } from './browser-ingest';

/**
 * The one pattern of every target's worker fixtures, a run's and an audit's alike: `app`, the
 * target the process that chose it wrote into the environment (`harness/serve.ts`), read one way
 * (`appTarget`); and `session`, that target's `Session` (worker/session.ts), which each target's
 * fixtures give over this one (`test.ts`: the reference app's, `audited-test.ts`: an audited
 * app's). Both share the browser ingest's code (msw, `@sentry/core`), loading first thing in the
 * worker, since it takes longer than launching Chromium and loading a first page, done meanwhile.
 */
export const workerTest = base.extend<{}, { ingestCode: Promise<IngestCode>; app: AppTarget }>({
  ingestCode: [async ({}, use) => use(loadIngestCode()), { scope: 'worker', auto: true }],
  app: [async ({}, use) => use(appTarget()), { scope: 'worker' }],
});
