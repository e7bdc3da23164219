import { describe, expect, it } from 'vitest';
import { sentrySetup } from '../harness/audit/sentry-setup';
import { folderWith } from './folder-with';

/** A folder holding `files` (path → content). */
const appWith = (files: Record<string, string>) => folderWith(files, 'faultline-sentry-setup-');

const INSTRUMENTATION = "import * as Sentry from '@sentry/nextjs';\nexport const onRequestError = Sentry.captureRequestError;\n";
const CLIENT = "import * as Sentry from '@sentry/nextjs';\nSentry.init({ dsn: 'https://k@o1.ingest.sentry.io/1' });\n";

describe("why an app's Sentry reports cannot come, from the files Next loads", () => {
  it.each([
    ['the guide’s setup', { 'instrumentation.ts': INSTRUMENTATION, 'instrumentation-client.ts': CLIENT }, 'app', { server: null, browser: null }],
    [
      'src/app with its files in src/',
      { 'src/instrumentation.ts': INSTRUMENTATION, 'src/instrumentation-client.ts': CLIENT },
      'src/app',
      { server: null, browser: null },
    ],
    [
      'its files in src/ beside app/ (Next 16.4 still loads them, seen)',
      { 'src/instrumentation.ts': INSTRUMENTATION, 'src/instrumentation-client.ts': CLIENT },
      'app',
      { server: null, browser: null },
    ],
    [
      'no onRequestError, the browser only in the legacy config',
      { 'instrumentation.ts': 'export async function register() {}\n', 'sentry.client.config.ts': CLIENT },
      'app',
      {
        server: 'instrumentation.ts exports no onRequestError, so Next hands Sentry no server error',
        browser: "the browser's Sentry.init is only in sentry.client.config.ts, which Next's Turbopack builds never load: Next loads instrumentation-client.ts",
      },
    ],
    [
      'neither file',
      {},
      'src/app',
      {
        server: 'the app has no src/instrumentation.ts, so nothing reports a server error to Sentry',
        browser: 'the app has no src/instrumentation-client.ts, so nothing initialises Sentry in the browser',
      },
    ],
  ])('%s', (_what, files, appDir, expected) => {
    expect(sentrySetup(appWith(files), appDir)).toEqual(expected);
  });
});
