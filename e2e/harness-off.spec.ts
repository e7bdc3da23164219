import { join } from 'node:path';
import { freePort, startAppServer } from '../harness/app-server';
import { readFileSync } from 'node:fs';
import { expect, skipUnlessStarted, test } from '../worker/test';
import { ENV } from '../contract';
import { entryUnderTest } from '../scenarios/active';

const root = join(import.meta.dirname, '..');

test('a plain `next start` (harness mode off, no DSN) loads nothing of MSW and exposes no reports', async ({ app }, testInfo) => {
  skipUnlessStarted(app);
  const { [ENV.harness]: _harness, SENTRY_DSN: _dsn, ...plainEnv } = process.env;
  const logFile = testInfo.outputPath('plain-server.log');
  const server = await startAppServer({ root, port: await freePort(), logFile, env: plainEnv });
  try {
    const reports = await fetch(`${server.url}/api/faultline/reports?test=any`);
    expect(reports.status).toBe(404);
    const failing = entryUnderTest('server-page-throws', root);
    const page = await fetch(`${server.url}${failing.path}`);
    expect(page.status).toBe(failing.expect.status);
  } finally {
    await server.stop();
  }
  const log = readFileSync(logFile, 'utf8');
  expect(log).toContain("digest: '");
  expect(log).not.toContain('[faultline] harness mode');
});

test('the harness server announces harness mode', async ({ app }) => {
  skipUnlessStarted(app);
  expect(readFileSync(app.serverLog, 'utf8')).toContain('[faultline] harness mode: MSW intercepts Sentry envelopes in the server');
});
