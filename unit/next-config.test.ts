import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredApp, type InspectedApp } from '../audit/app/inspect';
import { resolveNextConfig } from '../audit/app/next-config';
import { describeFailure } from '../cli/failure';

const root = join(import.meta.dirname, '..');

/** An app folder with `config` as its next.config.mjs and faultline's own next linked in. */
function appWithConfig(config: string, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-next-config-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(root, 'node_modules', 'next'), join(dir, 'node_modules', 'next'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "my-app" }\n');
  writeFileSync(join(dir, 'next.config.mjs'), config);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** The environment an audit gives the app: no test runner's NODE_ENV. */
const { NODE_ENV: _testing, ...withoutNodeEnv } = process.env;
const appEnv = withoutNodeEnv as NodeJS.ProcessEnv;

const inspected = (dir: string): InspectedApp => ({
  root: dir,
  name: 'my-app',
  appDir: 'app',
  appRouter: true,
  layoutlessAppDir: false,
  pagesDir: null,
  next: '16.4.5',
  sentry: false,
  typescript: false,
  ownProxy: null,
  packageManager: 'npm',
  configFile: 'next.config.mjs',
  otherReporters: [],
  browserReporters: [],
  sentrySetup: null,
  monorepo: null,
});

describe("an audited app's next.config, as Next resolves it", { timeout: 30_000 }, () => {
  it('reads what no regular expression over its text could: values from variables, the env files, a config function', async () => {
    const dir = appWithConfig(
      [
        "const base = ['/do', 'cs'].join('');",
        'export default async () => ({ basePath: base, distDir: process.env.BUILD_DIR, trailingSlash: true, experimental: { authInterrupts: true } });',
        '',
      ].join('\n'),
      { '.env.production': 'BUILD_DIR=build\n' },
    );
    expect(await resolveNextConfig(dir, appEnv, 'next.config.mjs')).toEqual({
      distDir: 'build',
      basePath: '/docs',
      output: null,
      trailingSlash: true,
      authInterrupts: true,
      cacheComponents: false,
      partialPrefetching: false,
      pageExtensions: ['tsx', 'ts', 'jsx', 'js'],
    });
  });

  it('refuses a static export however it is written (a template literal)', async () => {
    const dir = appWithConfig('export default { output: `export` };\n');
    const config = await resolveNextConfig(dir, appEnv, 'next.config.mjs');
    expect(() => configuredApp(inspected(dir), config)).toThrow(/is a static export \(output: 'export'\): no server runs/);
  });

  it("names a config that throws as the app's, in one line", async () => {
    const dir = appWithConfig(
      "if (!process.env.DATABASE_URL) throw new Error('Invalid environment variables: DATABASE_URL is required');\nexport default {};\n",
    );
    const error = await resolveNextConfig(dir, appEnv, 'next.config.mjs').catch((caught: unknown) => caught);
    expect(describeFailure(error).line).toBe(
      'the audited app: its next.config.mjs failed when Next loaded it for a build: Invalid environment variables: ' +
        "DATABASE_URL is required (it loads with faultline's environment and the app's .env files, as next build would: " +
        'what it needs goes in one of them)',
    );
  });
});
