import { join } from 'node:path';
import { startHarnessApp } from '../fixtures/harness/harness-app';
import { assertReachable } from '../fixtures/harness/reachable';
import { TARGET_ENV } from '../fixtures/harness/target';

const root = join(import.meta.dirname, '..');

/** One build (skipped when current) and one production server for the whole run. */
export default async function globalSetup() {
  const given = process.env[TARGET_ENV.baseUrl];
  if (given) {
    await assertReachable(given);
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
  return () => server.stop();
}
