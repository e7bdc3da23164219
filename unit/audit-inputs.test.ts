import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFaultline } from '../selftest/run-cli';
import { folderWith } from './folder-with';

const root = join(import.meta.dirname, '..');

const faultline = (args: string[], env: Record<string, string> = {}, cwd = root) => runFaultline(args, { cwd, env: { ...process.env, ...env } });

/** A folder holding `files` (path → content). */
const appWith = (files: Record<string, string>) => folderWith(files, 'faultline-audit-input-');

const manifest = JSON.stringify({ name: 'my-app', dependencies: { next: '16.4.5', react: '19.2.0' } });
const installed = (version: string) => ({ 'package.json': manifest, 'node_modules/next/package.json': JSON.stringify({ name: 'next', version }) });

describe.concurrent('faultline audit refuses what it cannot audit, in one line and exit 2', { timeout: 60_000 }, () => {
  it.each([
    ['no app folder', () => [], /^faultline: audit needs the folder of the app to audit: faultline audit \.\.\/my-app$/],
    ['two app folders', () => ['a', 'b'], /^faultline: audit takes one app folder \(got a b\)$/],
    ['a folder that does not exist', () => ['/nowhere/my-app'], /^faultline: the audited app: \/nowhere\/my-app does not exist$/],
    ['a file', () => [join(appWith({ 'package.json': manifest }), 'package.json')], /^faultline: the audited app: \S+package\.json is not a folder$/],
    ['no package.json', () => [appWith({ 'README.md': 'hi' })], /^faultline: the audited app: \S+ is not a Next\.js app: it has no package\.json$/],
    ['a package.json that is not JSON', () => [appWith({ 'package.json': '{ nope' })], /^faultline: the audited app: \S+\/package\.json is not JSON \(/],
    [
      'no next dependency',
      () => [appWith({ 'package.json': JSON.stringify({ dependencies: { react: '19' } }) })],
      /^faultline: the audited app: \S+ is not a Next\.js app: its package\.json does not depend on next$/,
    ],
    [
      'no node_modules',
      () => [appWith({ 'package.json': manifest, 'app/page.tsx': '' })],
      /^faultline: the audited app: \S+ has no node_modules: install its dependencies first \(npm install, pnpm install or yarn\)$/,
    ],
    [
      'a next too old',
      () => [appWith({ ...installed('14.2.3'), 'app/page.tsx': '' })],
      /^faultline: the audited app: \S+ uses next 14\.2\.3, outside what faultline audits \(15\.3 to 16\.x\)$/,
    ],
    [
      'neither router',
      () => [appWith(installed('16.4.5'))],
      /^faultline: the audited app: \S+ has no app\/ or pages\/ folder \(nor src\/app\/ or src\/pages\/\): no route of its own to place failures beside$/,
    ],
    [
      'a static export',
      () => [appWith({ ...installed('16.4.5'), 'src/app/page.tsx': '', 'next.config.mjs': "export default { output: 'export' };" })],
      /^faultline: the audited app: \S+ is a static export \(output: 'export'\): no server runs, so no server failure can be audited$/,
    ],
    [
      'an unknown scenario',
      () => ['--scenario', 'server-page-throw', '.'],
      /^faultline: Unknown scenario "server-page-throw"\. Did you mean: server-page-throws/,
    ],
    [
      'a --cookie without a value',
      () => ['--cookie', 'session', '.'],
      /^faultline: Bad --cookie "session=…": NAME=VALUE, with NAME a cookie name and VALUE without ";" or a line break$/,
    ],
    ['--next naming no version', () => ['--next', ' , ', '.'], /^faultline: --next names no version \(use e\.g\. --next 16\.1\.7,16\.4\.5\)$/],
    ['--upgrade-to a range', () => ['--upgrade-to', '^16', '.'], /^faultline: Bad --upgrade-to "\^16": not an exact version \(like 16\.1\.7\)$/],
    ['--upgrade-to a version before 15.3', () => ['--upgrade-to', '14.2.3', '.'], /^faultline: Bad --upgrade-to "14\.2\.3": older than 15\.3\.0/],
    [
      '--fresh without versions',
      () => ['--fresh', '.'],
      /^faultline: --fresh applies to an audit over versions \(--next or --upgrade-to\): a single audit always observes afresh$/,
    ],
  ])('%s', async (_why, args, message) => {
    const { code, stderr } = await faultline(['audit', ...args()]);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr.trim()).toMatch(message);
    expect(code).toBe(2);
  });

  it('says so when nothing of the selection can be placed in the app', async () => {
    // A real next (faultline's own, linked): Next resolves the app's config before anything is placed.
    const app = appWith({ 'package.json': manifest, 'app/page.tsx': '' });
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(join(root, 'node_modules', 'next'), join(app, 'node_modules', 'next'));
    const cache = mkdtempSync(join(tmpdir(), 'faultline-audit-cache-'));
    const { code, stderr } = await faultline(['audit', app, '--scenario', 'root-layout-throws', '--out', join(cache, 'out')], { XDG_CACHE_HOME: cache });
    expect(stderr.trim()).toBe(
      "faultline: nothing to audit: root-layout-throws is not applicable to this app (the root layout is the app's own: faultline does not replace it)",
    );
    expect(code).toBe(2);
  });

  it('never writes its report into the app it audits', async () => {
    const app = appWith({ ...installed('16.4.5'), 'app/page.tsx': '' });
    const { code, stderr } = await faultline(['audit', app, '--out', join(app, 'report')]);
    expect(stderr.trim()).toMatch(
      /^faultline: --out \S+ is inside the app to audit \(\S+\); pick another, or faultline-audit\/ at its top \(nothing was deleted\)$/,
    );
    expect(code).toBe(2);
  });

  it("names the team's config when the folder it sets is inside the app", async () => {
    const app = appWith({ ...installed('16.4.5'), 'app/page.tsx': '', 'faultline.config.json': '{ "out": "reports" }' });
    const { code, stderr } = await faultline(['audit', app]);
    expect(stderr.trim()).toMatch(
      /^faultline: out in faultline\.config\.json \(\S+\/reports\) is inside the app to audit \(\S+\); pick another, or faultline-audit\/ at its top \(nothing was deleted\)$/,
    );
    expect(code).toBe(2);
    // A config that sets no folder is not blamed for the default one, here in a folder of the app.
    writeFileSync(join(app, 'faultline.config.json'), '{ "checks": { "screen": "warn" } }');
    const below = await faultline(['audit', '..'], {}, join(app, 'app'));
    expect(below.stderr.trim()).toMatch(/^faultline: --out \S+\/app\/faultline-audit is inside the app to audit /);
  });
});
