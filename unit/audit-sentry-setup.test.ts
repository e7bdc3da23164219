import { describe, expect, it } from 'vitest';
import { sentrySetup, sentryTunnel } from '../audit/app/sentry-setup';
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
      'Sentry.init turned off (enabled: false) on the server and in the browser',
      {
        'instrumentation.ts': INSTRUMENTATION,
        'sentry.server.config.ts': "import * as Sentry from '@sentry/nextjs';\nSentry.init({ dsn: 'https://k@o1.ingest.sentry.io/1', enabled: false });\n",
        'instrumentation-client.ts':
          "import * as Sentry from '@sentry/nextjs';\nSentry.init({\n  dsn: 'https://k@o1.ingest.sentry.io/1',\n  enabled: false,\n});\n",
      },
      'app',
      {
        server: 'sentry.server.config.ts:2: Sentry.init has enabled: false, so the SDK sends nothing',
        browser: 'instrumentation-client.ts:4: Sentry.init has enabled: false, so the SDK sends nothing',
      },
    ],
    [
      'Sentry.init only on Vercel',
      {
        'instrumentation.ts': INSTRUMENTATION,
        'sentry.server.config.ts':
          "import * as Sentry from '@sentry/nextjs';\nif (process.env.VERCEL) Sentry.init({ dsn: 'https://k@o1.ingest.sentry.io/1' });\n",
        'instrumentation-client.ts':
          "import * as Sentry from '@sentry/nextjs';\nSentry.init({ dsn: 'https://k@o1.ingest.sentry.io/1', enabled: process.env.NEXT_PUBLIC_VERCEL_ENV === 'production' });\n",
      },
      'app',
      {
        server: 'sentry.server.config.ts:2 sets Sentry up only where VERCEL is set (process.env.VERCEL), which it is not here: on Vercel it may report',
        browser:
          'instrumentation-client.ts:2 sets Sentry up only where NEXT_PUBLIC_VERCEL_ENV is set (process.env.NEXT_PUBLIC_VERCEL_ENV), which it is not here: on Vercel it may report',
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
    const setup = sentrySetup(appWith(files), appDir, '16.4.5');
    expect({ server: setup.server?.why ?? null, browser: setup.browser?.why ?? null }).toEqual(expected);
  });

  it("takes the legacy sentry.client.config.ts for the browser's setup on Next 15, whose `next build` is webpack's: Sentry's plugin loads it there", () => {
    // Observed on the corpus's sentry-pages-supabase (next 15.5.29): its browser reported through the init in that file alone.
    const legacy = { 'instrumentation.ts': INSTRUMENTATION, 'sentry.client.config.ts': CLIENT.replace("' });", "', enabled: false });") };
    expect(sentrySetup(appWith({ 'instrumentation.ts': INSTRUMENTATION, 'sentry.client.config.ts': CLIENT }), 'app', '15.5.29').browser).toBeNull();
    expect(sentrySetup(appWith(legacy), 'app', '15.5.29').browser?.why).toBe(
      'sentry.client.config.ts:2: Sentry.init has enabled: false, so the SDK sends nothing',
    );
  });

  it('gives each cause the change that fixes it', () => {
    const setup = sentrySetup(
      appWith({
        'instrumentation.ts': 'export async function register() {}\n',
        'instrumentation-client.ts':
          "import * as Sentry from '@sentry/nextjs';\nif (process.env.NEXT_PUBLIC_VERCEL_ENV) Sentry.init({ dsn: 'https://k@o1.ingest.sentry.io/1' });\n",
      }),
      'app',
      '16.4.5',
    );
    expect([setup.server?.fix, setup.browser?.fix]).toEqual([
      'export `onRequestError = Sentry.captureRequestError` from `instrumentation.ts`',
      'initialise Sentry wherever the app runs (`instrumentation-client.ts` without the `NEXT_PUBLIC_VERCEL_ENV` condition), or audit with `NEXT_PUBLIC_VERCEL_ENV` set as Vercel sets it',
    ]);
    const off = sentrySetup(
      appWith({
        'instrumentation.ts': INSTRUMENTATION,
        'sentry.server.config.ts': "import * as Sentry from '@sentry/nextjs';\nSentry.init({ enabled: false });\n",
      }),
      'app',
      '16.4.5',
    );
    expect(off.server?.fix).toBe('drop `enabled: false` from `Sentry.init` in `sentry.server.config.ts`');
  });
});

describe("where an app's Sentry.init takes its DSN from, when it reads a variable", () => {
  it('names the variable, the file and its line, on each side; a literal DSN or none is no variable', () => {
    const setup = sentrySetup(
      appWith({
        'instrumentation.ts': INSTRUMENTATION,
        'sentry.server.config.ts': "import * as Sentry from '@sentry/nextjs';\n\nSentry.init({\n  dsn: process.env.SENTRY_DSN,\n});\n",
        'instrumentation-client.ts': "import * as Sentry from '@sentry/nextjs';\nSentry.init({ dsn: process.env.NEXT_PUBLIC_SENTRY_DSN ?? '' });\n",
      }),
      'app',
      '16.4.5',
    );
    expect(setup.dsnFrom).toEqual({
      server: { variable: 'SENTRY_DSN', at: 'sentry.server.config.ts:4' },
      browser: { variable: 'NEXT_PUBLIC_SENTRY_DSN', at: 'instrumentation-client.ts:2' },
    });
    expect(sentrySetup(appWith({ 'instrumentation.ts': INSTRUMENTATION, 'instrumentation-client.ts': CLIENT }), 'app', '16.4.5').dsnFrom).toEqual({
      server: null,
      browser: null,
    });
  });
});

describe("the Sentry tunnel an app's browser reports go through, read from its files", () => {
  it.each([
    ['none', {}, null],
    [
      "tunnelRoute in withSentryConfig's options",
      { 'next.config.ts': "export default withSentryConfig(nextConfig, { tunnelRoute: '/monitoring' });\n" },
      { to: '/monitoring', via: 'tunnelRoute in next.config.ts' },
    ],
    [
      "tunnelRoute: true (a route Sentry's plugin names at build time)",
      { 'next.config.mjs': 'export default withSentryConfig(config, { tunnelRoute: true });\n' },
      { to: null, via: 'tunnelRoute in next.config.mjs' },
    ],
    [
      'a tunnel option to another origin',
      {
        'next.config.ts': 'export default nextConfig;\n',
        'instrumentation-client.ts': "Sentry.init({ dsn: 'https://k@o1.ingest.sentry.io/1', tunnel: 'http://localhost:3031/' });\n",
      },
      { to: 'http://localhost:3031/', via: 'tunnel in instrumentation-client.ts' },
    ],
  ])('%s', (_what, files, expected) => {
    expect(sentryTunnel(appWith(files as Record<string, string>), 'app', '16.4.5')).toEqual(expected);
  });

  it("takes the browser's own tunnel option over tunnelRoute, as the SDK does, from the file Next loads for it", () => {
    // The corpus's sentry-pages-supabase: tunnelRoute '/monitoring', and tunnel 'http://localhost:3031/' in its legacy client config (next 15.5, webpack).
    const files = {
      'next.config.js': "module.exports = withSentryConfig(module.exports, { tunnelRoute: '/monitoring' });\n",
      'sentry.client.config.ts': "Sentry.init({ dsn: 'https://k@o1.ingest.sentry.io/1', tunnel: 'http://localhost:3031/' });\n",
    };
    expect(sentryTunnel(appWith(files), 'app', '15.5.29')).toEqual({ to: 'http://localhost:3031/', via: 'tunnel in sentry.client.config.ts' });
    // Turbopack builds (16) never load that file: the route is the tunnel.
    expect(sentryTunnel(appWith(files), 'app', '16.4.5')).toEqual({ to: '/monitoring', via: 'tunnelRoute in next.config.js' });
  });
});
