import { describe, expect, it } from 'vitest';
import { otherReporters } from '../audit/app/error-reporters';
import { appFindings, unseenReporting } from '../verdict/audit-reporting';
import { folderWith } from './folder-with';

/** A folder holding `files` (path → content). */
const appWith = (files: Record<string, string>) => folderWith(files, 'faultline-reporters-');

describe('reporters other than Sentry: where errors go that faultline cannot read', () => {
  it.each([
    [
      'PostHog’s onRequestError',
      { 'instrumentation.ts': "export { onRequestError } from '@posthog/next';\n" },
      'app',
      [{ name: 'PostHog', via: 'instrumentation.ts imports @posthog/next' }],
    ],
    [
      'OpenTelemetry, under src/',
      { 'src/instrumentation.ts': "import { registerOTel } from '@vercel/otel';\nexport function register() { registerOTel({ serviceName: 'shop' }); }\n" },
      'src/app',
      [{ name: 'OpenTelemetry', via: 'src/instrumentation.ts imports @vercel/otel' }],
    ],
    [
      "posthog-node called from the app's own onRequestError, through a module of its own",
      {
        'instrumentation.ts':
          "export async function onRequestError(error: unknown) {\n  const { posthog } = await import('./lib/posthog-server');\n  posthog().captureException(error);\n}\n",
        'lib/posthog-server.ts': "import { PostHog } from 'posthog-node';\nexport const posthog = () => new PostHog(process.env.POSTHOG_KEY!);\n",
      },
      'app',
      [{ name: 'PostHog', via: 'instrumentation.ts imports posthog-node (through lib/posthog-server.ts)' }],
    ],
    [
      'a logger of its own',
      { 'instrumentation.ts': "import { log } from './lib/log';\nexport async function onRequestError(error: unknown) { log(error); }\n" },
      'app',
      [{ name: 'its own onRequestError', via: 'instrumentation.ts exports onRequestError' }],
    ],
    [
      'Sentry alone',
      { 'instrumentation.ts': "import * as Sentry from '@sentry/nextjs';\nexport const onRequestError = Sentry.captureRequestError;\n" },
      'app',
      [],
    ],
    [
      'an instrumentation where Next does not read it (src/ beside app/)',
      { 'src/instrumentation.ts': "export { onRequestError } from '@posthog/next';\n" },
      'app',
      [],
    ],
    ['none', {}, 'app', []],
  ])('%s', (_what, files, appDir, expected) => {
    expect(otherReporters(appWith(files), appDir)).toEqual(expected);
  });

  it('an app without Sentry that hands its errors to PostHog is not told that nothing reports them: what faultline cannot see is said', () => {
    const context = { sentry: false, otherReporters: ['PostHog (instrumentation.ts imports @posthog/next)'] };
    expect(appFindings(context, [])).toEqual([]);
    expect(unseenReporting(context)).toEqual([
      'errors are handed to PostHog (instrumentation.ts imports @posthog/next), which faultline does not read: whether they arrive there is not judged',
    ]);
    expect(appFindings({ sentry: false }, []).map((finding) => finding.what)).toEqual([
      'nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone',
    ]);
  });
});
