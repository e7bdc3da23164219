import { startFaultline } from './run-cli';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceReport } from '../verdict/report';
import { withoutTarget } from '../harness/target';
import { processesWith } from './processes';
import { expect, test } from '../worker/test';
import { ENV } from '../contract';

test.describe.configure({ timeout: 120_000 });

/** A whole conformance run with a server of its own, tagged so that its processes can be found. */
function startRun() {
  const marker = `${ENV.testTag}=${randomUUID()}`;
  const out = mkdtempSync(join(tmpdir(), 'faultline-faults-'));
  const [name, value] = marker.split('=');
  const { child: run, output, exited } = startFaultline(['run', '--out', out], { env: { ...withoutTarget(), [name]: value } });
  const checking = () => expect.poll(() => output.stdout, { timeout: 90_000, message: 'the run checks its first entry' }).toMatch(/^[✓✗] /m);
  return { run, marker, out, output, exited, checking };
}

const report = (out: string): ConformanceReport => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));

/**
 * The checks counted as deviations that ended after `killed`: none may be. (One that ended before
 * was judged while every part lived; the list names it, with why, should one ever fail there.)
 */
const failedSince = ({ entries }: ConformanceReport, killed: number) =>
  entries
    .filter((entry) => entry.outcome === 'failed' && Date.parse(entry.startedAt) + entry.durationMs >= killed)
    .map((entry) => `${entry.id}: ${entry.reasons.join('; ')}`);

test('a server that dies mid-run stops the run in seconds with exit 2, its cause and its log, and no deviation', async () => {
  const { marker, out, output, exited, checking } = startRun();
  await checking();
  const [server] = processesWith(marker).filter((p) => p.command.startsWith('next-server'));
  expect(server, 'the run has a server').toBeDefined();
  const killed = Date.now();
  process.kill(server.pid, 'SIGKILL');
  expect(await exited).toBe(2);
  expect(Date.now() - killed, 'noticed within seconds').toBeLessThan(15_000);
  expect(output.stderr).toMatch(/^faultline: the app server died during the run \(killed by SIGKILL\); its log: \S+\.log; its last lines:$/m);
  const result = report(out);
  expect(failedSince(result, killed), 'a dead server is no deviation of the app').toEqual([]);
  expect(result.run.errors[0]).toMatch(/^the app server died during the run/);
});

test('a browser that dies mid-run stops the run with exit 2 naming it, and no deviation', async () => {
  const { marker, out, output, exited, checking } = startRun();
  await checking();
  const browsers = () => processesWith(marker).filter((p) => /chrom/i.test(p.command.split(' ')[0]) && !p.command.includes('--type='));
  await expect.poll(() => browsers().length, { message: 'the run has a browser' }).toBeGreaterThan(0);
  const killed = Date.now();
  process.kill(browsers()[0].pid, 'SIGKILL');
  expect(await exited).toBe(2);
  expect(output.stderr).toMatch(/^faultline: Chromium \(the browser of worker \d+\) died during the run$/m);
  expect(failedSince(report(out), killed), 'a dead browser is no deviation of the app').toEqual([]);
});

test('everything a run started ends with it, even when it is killed with SIGKILL', async () => {
  const { run, marker, exited, checking } = startRun();
  await checking();
  expect(processesWith(marker).length, 'the run has a runner, workers, browsers and a server').toBeGreaterThan(3);
  run.kill('SIGKILL');
  await exited;
  await expect.poll(() => processesWith(marker).map((p) => p.command.slice(0, 80)), { timeout: 20_000, message: 'no process of the run is left' }).toEqual([]);
});
