import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { catalogue } from '../scenarios/catalogue';
import { CHROMIUM_ENV } from '../fixtures/harness/browser';
import { expect, test } from '../fixtures/test';

const root = join(import.meta.dirname, '..');

async function faultline(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(root, 'bin/faultline.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

test('list --json prints every catalogue entry', async () => {
  const { code, stdout } = await faultline(['list', '--json']);
  expect(code).toBe(0);
  const entries = JSON.parse(stdout);
  expect(entries.map((e: { id: string }) => e.id)).toEqual(catalogue.map((s) => s.id));
  expect(entries[0]).toMatchObject({ id: expect.any(String), title: expect.any(String), path: expect.any(String), expect: { fallback: expect.any(String), status: expect.any(Number) } });
});

for (const [why, args, env, message] of [
  ['an unknown scenario id', ['run', '--scenario', 'server-page-throw'], {}, /^faultline: Unknown scenario "server-page-throw"\. Did you mean: server-page-throws,/],
  ['an unreachable base URL', ['run', '--base-url', 'http://127.0.0.1:9'], {}, /^faultline: Cannot reach http:\/\/127\.0\.0\.1:9 /],
  ['a malformed URL', ['run', '--base-url', 'not a url'], {}, /^faultline: Not a valid URL: not a url$/],
  ['a bad shard spec', ['run', '--shard', '0/2'], {}, /^faultline: Bad shard "0\/2"/],
  ['a missing browser', ['run'], { [CHROMIUM_ENV]: '/nowhere/chromium' }, new RegExp(`^faultline: No Chromium found .*Set ${CHROMIUM_ENV} `)],
  ['an unknown command', ['frobnicate'], {}, /^faultline: Unknown command "frobnicate"/],
] as const) {
  test(`${why} gives one clear line and exit 2`, async () => {
    const { code, stderr } = await faultline([...args], env);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toMatch(message);
  });
}

test('run against a base URL reports the entry and writes the three report formats', async ({ app }) => {
  const out = mkdtempSync(join(tmpdir(), 'faultline-cli-'));
  const { code, stdout } = await faultline(['run', '--scenario', 'healthy', '--base-url', app.url, '--out', out]);
  expect(stdout).toMatch(/✓ healthy\s+no fallback, shows "Healthy page", HTTP 200/);
  expect(stdout).toMatch(/^1 passed, 0 failed, 0 skipped$/m);
  expect(code).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  expect(report.entries).toMatchObject([{ id: 'healthy', outcome: 'passed' }]);
  expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('name="healthy"');
  expect(readFileSync(join(out, 'html', 'index.html'), 'utf8')).toContain('<html');
});
