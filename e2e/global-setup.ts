import { join } from 'node:path';
import { ensureBuild } from '../fixtures/harness/build';
import { freePort, startAppServer } from '../fixtures/harness/app-server';
import { assertReachable } from '../fixtures/harness/reachable';
import { TARGET_ENV } from '../fixtures/harness/target';
import { HARNESS_DSN, HARNESS_ENV } from '../app/_sentry/harness-dsn';

const root = join(import.meta.dirname, '..');

/** One build (skipped when current) and one production server for the whole run. */
export default async function globalSetup() {
  const given = process.env[TARGET_ENV.baseUrl];
  if (given) {
    await assertReachable(given);
    return;
  }
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    [HARNESS_ENV]: '1',
    // Inlined into the browser bundle at build time: the browser SDK reports to the harness host.
    NEXT_PUBLIC_SENTRY_DSN: process.env.NEXT_PUBLIC_SENTRY_DSN || HARNESS_DSN,
  };
  await ensureBuild(root, env, (line) => console.log(line));
  const server = await startAppServer({
    root,
    port: Number(process.env.FAULTLINE_PORT) || (await freePort()),
    logFile: join(root, '.faultline', `server-${process.pid}.log`),
    env,
  });
  process.env[TARGET_ENV.baseUrl] = server.url;
  process.env[TARGET_ENV.serverLog] = server.logFile;
  return () => server.stop();
}
