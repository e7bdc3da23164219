import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutTarget } from '../harness/target';
import { processesWith } from './processes';
import { runFaultline, startFaultline } from './run-cli';
import type { Matrix, MatrixColumn } from '../verdict/matrix';
import { expect, test } from '../worker/test';
import { ENV } from '../contract';

// One after another: they share the workspaces in .faultline/matrix. Each may install and build
// another next (one to two minutes apiece on 2 cores, more beside the other checks).
test.describe.configure({ mode: 'default', timeout: 600_000 });

async function matrix(args: string[], env: Record<string, string | undefined> = {}) {
  const out = mkdtempSync(join(tmpdir(), 'faultline-matrix-'));
  const result = await runFaultline(['matrix', ...args, '--out', out], { env: { ...withoutTarget(), ...env } });
  const written: Matrix | null = existsSync(join(out, 'matrix.json')) ? JSON.parse(readFileSync(join(out, 'matrix.json'), 'utf8')) : null;
  return { ...result, out, written };
}

const cell = (column: MatrixColumn | undefined, entry: string) => column?.cells.find((candidate) => candidate.entry === entry);

test("Next's own screen: 16.1 renders the classic sentence by itself, 16.5.0 another screen with the same digest", async () => {
  const { code, stdout, out, written } = await matrix(['--next', '16.1.7,16.5.0', '--fallback', 'builtin', '--scenario', 'server-page-throws', '--fresh']);
  expect(code, 'a cell differs from its pin: drift').toBe(1);
  const [old, current] = written!.columns;
  expect(old.cells.map((c) => [c.entry, c.matchesPin, c.observed?.screen.fallback])).toEqual([['server-page-throws', true, 'server']]);
  const redesigned = cell(current, 'server-page-throws')!;
  expect(redesigned.matchesPin).toBe(false);
  expect(redesigned.changed, 'behaves otherwise than on 16.1.7').toBe(true);
  expect(redesigned.observed?.screen).toMatchObject({ fallback: 'other', heading: 'This page couldn’t load', digestLine: null, status: 500 });
  // The digest moved to another line, and is still the one on the report and in the log.
  expect(redesigned.observed?.digests).toMatchObject({ agree: true, inLog: true });
  expect(redesigned.observed?.screen.lines).toContain(`ERROR ${redesigned.observed?.digests.screen}`);
  expect(stdout).toMatch(/^server-page-throws\s+✓\s+Δ ✗ fallback, heading/m);
  for (const file of ['matrix.md', 'matrix.html', `screens/16.5.0-builtin/server-page-throws.png`]) expect(existsSync(join(out, file)), file).toBe(true);
  expect(readFileSync(join(out, 'matrix.html'), 'utf8')).toContain('data:image/png;base64,');
});

test('the conformance run under Cache Components: every entry of the catalogue as pinned there on 16.5.0, the Edge and ISR entries not applicable, 15.5 no column', async () => {
  const { code, stdout, written } = await matrix(['--next', '15.5.29,16.5.0', '--configuration', 'cache-components', '--fresh']);
  expect(stdout).toContain('faultline: next 15.5.29 has no Cache Components (>=16.0.0-0): no such column');
  expect(written!.columns.map((c) => [c.next, c.configuration, c.error ?? null])).toEqual([['16.5.0', 'cache-components', null]]);
  const [cached] = written!.columns;
  expect(
    cached.cells
      .filter((c) => c.notApplicable)
      .map((c) => c.entry)
      .sort(),
  ).toEqual(['edge-page-throws', 'edge-route-handler-throws', 'isr-regeneration-throws']);
  expect(
    cached.cells.filter((c) => !c.matchesPin).map((c) => `${c.entry}: ${c.error ?? c.short}`),
    'every other entry as pinned under Cache Components',
  ).toEqual([]);
  expect(cached.cells.find((c) => c.entry === 'server-page-throws')?.observed?.screen).toMatchObject({ fallback: 'server', status: 200 });
  expect(stdout).toMatch(/^entry\s+16\.5\.0 \(Cache Components\)$/m);
  expect(code).toBe(0);
});

test('versions that cannot run get one line each and exit 2; the others are still observed', async () => {
  const { code, stderr, written } = await matrix(['--next', '14.2.0,16.5.99,16.5.0', '--scenario', 'healthy']);
  expect(stderr).toMatch(/^faultline: next 14\.2\.0: older than 15\.3\.0, the first version the app runs on/m);
  expect(stderr).toMatch(/^faultline: next 16\.5\.99: ETARGET: No matching version found for next@16\.5\.99/m);
  expect(code).toBe(2);
  expect(written!.columns.map((c) => [c.next, c.error === undefined, c.cells.length])).toEqual([
    ['14.2.0', false, 0],
    ['16.5.99', false, 0],
    ['16.5.0', true, 1],
  ]);
});

test('an unreachable registry names the version and the cause, exit 2', async () => {
  const cache = mkdtempSync(join(tmpdir(), 'faultline-npm-cache-'));
  const offline = { npm_config_registry: 'http://127.0.0.1:9/', npm_config_cache: cache, npm_config_fetch_retries: '0' };
  // A version no matrix of this checkout keeps a workspace of: npm must ask the registry for it.
  const { code, stderr } = await matrix(['--next', '16.0.1', '--scenario', 'healthy'], offline);
  expect(stderr).toMatch(/^faultline: next 16\.0\.1: ECONNREFUSED/m);
  expect(code).toBe(2);
});

/** A matrix of 16.5.0 started with a marker in its environment, once it runs the catalogue: a server and Playwright workers. */
async function matrixChecking() {
  const marker = `${ENV.testTag}=${randomUUID()}`;
  const [name, value] = marker.split('=');
  const out = mkdtempSync(join(tmpdir(), 'faultline-matrix-'));
  const { child, output, exited } = startFaultline(['matrix', '--next', '16.5.0', '--fresh', '--out', out], { env: { ...withoutTarget(), [name]: value } });
  const running = () =>
    processesWith(marker).some((p) => p.command.startsWith('next-server')) && processesWith(marker).some((p) => /playwright\/lib\/worker/.test(p.command));
  await expect.poll(running, { timeout: 120_000, message: 'the matrix runs the catalogue: a server and Playwright workers' }).toBe(true);
  const nothingLeft = () =>
    expect.poll(() => processesWith(marker).map((p) => p.command.slice(0, 80)), { timeout: 20_000, message: 'no process of the matrix is left' }).toEqual([]);
  return { child, out, exited, stderr: () => output.stderr, nothingLeft };
}

test('everything a matrix started ends with it, even when it is killed with SIGKILL', async () => {
  const { child, exited, nothingLeft } = await matrixChecking();
  child.kill('SIGKILL');
  await exited;
  await nothingLeft();
});

test('a matrix stopped with SIGTERM winds down what it started, says so in one line and exits 143', async () => {
  const { child, out, exited, stderr, nothingLeft } = await matrixChecking();
  child.kill('SIGTERM');
  expect(await exited).toBe(143);
  expect(stderr()).toMatch(/^faultline: stopped by SIGTERM during the checks of next 16\.5\.0; what it started was wound down$/m);
  expect(stderr().trim().split('\n'), 'one line, never a stack trace').toHaveLength(1);
  expect(existsSync(join(out, 'matrix.json')), 'no matrix of columns it never observed').toBe(false);
  await nothingLeft();
});
