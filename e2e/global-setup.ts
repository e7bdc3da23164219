import { join } from 'node:path';
import { startHarnessApp } from '../fixtures/harness/harness-app';
import { assertReachable } from '../fixtures/harness/reachable';
import { appTarget, TARGET_ENV } from '../fixtures/harness/target';

const root = join(import.meta.dirname, '..');

/**
 * One build (skipped when current) and one production server for the whole run, unless the run
 * was given a target: a deployed app (--base-url) must answer now; a server `faultline run`
 * launched may still be starting while the tests load, and each worker waits for it.
 */
export default async function globalSetup() {
  if (process.env[TARGET_ENV.baseUrl]) {
    const target = appTarget();
    if (!target.local) await assertReachable(target.url);
    return;
  }
  const server = await startHarnessApp({
    root,
    port: Number(process.env.FAULTLINE_PORT) || undefined,
    logFile: join(root, '.faultline', `server-${process.pid}.log`),
    onBuildLine: (line) => console.log(line),
  });
  process.env[TARGET_ENV.baseUrl] = server.url;
  process.env[TARGET_ENV.serverLog] = server.logFile;
  process.env[TARGET_ENV.secret] = server.secret;
  return () => server.stop();
}
