import { join } from 'node:path';
import { startHarnessApp } from '../harness/harness-app';
import { assertReachable } from '../harness/reachable';
import { appTarget } from '../harness/target';
import { unaccountedFor } from '../harness/accounting';
import { ENV } from '../harness/contract';
import { portFrom } from '../harness/settings';

const root = join(import.meta.dirname, '..');

/**
 * One build (skipped when current) and one production server for the whole run, unless the run
 * was given a target: a deployed app (--base-url) must answer now; a server `faultline run`
 * launched may still be starting while the tests load, and each worker waits for it.
 */
export default async function globalSetup() {
  if (process.env[ENV.baseUrl]) {
    const target = appTarget();
    if (!target.local) await assertReachable(target.url);
    return;
  }
  const server = await startHarnessApp({
    root,
    port: portFrom(process.env),
    logFile: join(root, '.faultline', `server-${process.pid}.log`),
    onBuildLine: (line) => console.log(line),
  });
  process.env[ENV.baseUrl] = server.url;
  process.env[ENV.serverLog] = server.logFile;
  process.env[ENV.targetSecret] = server.secret;
  // The end of the run: what no check claimed on this server fails it (`faultline run` does the same for its own).
  return async () => {
    try {
      const unaccounted = await unaccountedFor(server);
      if (unaccounted.length > 0) throw new Error(`reports no check claims:\n${unaccounted.join('\n')}`);
    } finally {
      await server.stop();
    }
  };
}
