import { test as base } from '@playwright/test';
import { loadIngestCode, type IngestCode } from './browser-ingest';

/**
 * What every worker's checks share, a run's and an audit's alike: the browser ingest's code (msw,
 * `@sentry/core`), loading first thing in the worker, since it takes longer than launching Chromium
 * and loading a first page, done meanwhile. The run's session (`test.ts`) and the audit's
 * (`audit/test.ts`) are siblings over it: neither inherits the other's target.
 */
export const workerTest = base.extend<{}, { ingestCode: Promise<IngestCode> }>({
  ingestCode: [async ({}, use) => use(loadIngestCode()), { scope: 'worker', auto: true }],
});
