import { describe, expect, it } from 'vitest';
import { browserReporters, otherReporters } from '../audit/app/error-reporters';
import { auditEntry } from '../audit/kinds/placed/judge';
import { catalogue } from '../scenarios/catalogue';
import { auditedServerFailure } from './observations';
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

  // ts-eslint-strict-next15 (PostHog's own example, posthog-js only): npm run corpus said "nothing in the app reports errors" and no server failure never reported (issue #84).
  it('an app whose only reporter runs in the browser (posthog-js): not "nothing reports", its server failures never reported, its browser failures not judged', () => {
    const manifest = { dependencies: { next: '15.5.29', 'posthog-js': '^1.280.0' } };
    const capturing = appWith({ 'src/app/posthog.tsx': 'posthog.init(key, { api_host: host, capture_exceptions: { capture_unhandled_errors: true } })\n' });
    expect(browserReporters(capturing, manifest, [])).toEqual([{ name: 'PostHog', via: 'src/app/posthog.tsx turns on its error capture' }]);
    // Set up without its error capture (a PostHog demo of the corpus), it reports no error: the app still reports nothing.
    expect(browserReporters(appWith({ 'src/components/provider.tsx': 'posthog.init(key, { api_host: host })\n' }), manifest, [])).toEqual([]);
    // Where PostHog also takes the server's errors, the browser's SDK is no second reporter of its own.
    expect(browserReporters(capturing, manifest, [{ name: 'PostHog', via: 'instrumentation.ts imports posthog-node' }])).toEqual([]);
    const context = { sentry: false, browserReporters: ['PostHog (src/app/posthog.tsx turns on its error capture)'] };
    expect(appFindings(context, [])).toEqual([]);
    expect(unseenReporting(context)).toEqual([
      'errors in the browser may go to PostHog (src/app/posthog.tsx turns on its error capture), which faultline does not read: whether they arrive there is not judged',
    ]);
    const entry = (id: string) => catalogue.find((scenario) => scenario.id === id)!;
    const server = auditEntry(entry('server-page-throws'), auditedServerFailure({ delivered: 1 }), context);
    expect(server.checks['reported once']).toBe('finding');
    expect(server.findings.filter(({ check }) => check === 'reported once')).toEqual([
      expect.objectContaining({ what: 'a server failure is never reported: nothing on the server reports errors (PostHog only in the browser)' }),
    ]);
    const client = auditEntry(entry('client-effect-throws'), auditedServerFailure({ id: 'client-effect-throws', status: 200 }), context);
    expect(client.checks['reported once']).toBe('the browser is not read for PostHog');
  });
});
