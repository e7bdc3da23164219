import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectApp } from '../harness/audit/app';
import { auditWorkspacesOf } from '../harness/audit/workspace';
import { expect, test } from '../fixtures/worker/test';
import { auditApp, tree } from './faultline-cli';
import { generateApp } from './generate';

/**
 * `faultline audit` on the shapes real App Router apps have (issue #41), each generated here from
 * registry packages: audited end to end, or refused in one true line that blames the right party.
 */
test.describe.configure({ mode: 'default', timeout: 600_000 });

const apps = join(tmpdir(), `faultline-app-shapes-${process.pid}`);
/** Next 16's model: `cacheComponents: true`, which refuses route segment config. */
const cached = join(apps, 'cache-components-app');

test.beforeAll(async () => {
  await generateApp(cached, { sentry: false });
  const config = join(cached, 'next.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('/* config options here */', 'cacheComponents: true,'));
});

test.afterAll(() => {
  for (const app of [cached]) for (const dir of auditWorkspacesOf(inspectApp(app))) rmSync(dir, { recursive: true, force: true });
  rmSync(apps, { recursive: true, force: true });
});

test('a cacheComponents app: what faultline placed does not build there, and the line says it is faultline’s, naming its file (exit 2)', async () => {
  const before = tree(cached);
  const { code, stderr, report } = await auditApp(cached, ['--scenario', 'server-page-throws']);
  const lines = stderr
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'));
  expect(lines).toEqual([
    expect.stringMatching(
      /^faultline: the placed failures: what faultline placed in the app does not build there, which is faultline's to fix, not the app's: .*\.\/app\/faultline-audit\/[\w-]+\/(page|route)\.jsx?:\d+:\d+ .*cacheComponents.*; its log: \S+build\.log$/,
    ),
  ]);
  expect([code, report]).toEqual([2, null]);
  expect(tree(cached), "the app's files, byte for byte").toEqual(before);
});
