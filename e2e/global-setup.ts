import { join } from 'node:path';
import { assertReachable } from '../harness/reachable';
import { startTarget } from '../harness/serve';
import { aimAt, givenTarget, isStarted } from '../harness/target';
import { unaccountedFor } from '../harness/accounting';
import { portFrom } from '../harness/settings';

const root = join(import.meta.dirname, '..');

/**
 * One build (skipped when current) and one production server for the whole run, unless the run
 * was given a target: a deployed app (--base-url) must answer now; a server `faultline run`
 * launched may still be starting while the tests load, and each worker waits for it.
 */
export default async function globalSetup() {
  const given = givenTarget();
  if (given) {
    if (!isStarted(given)) await assertReachable(given.url);
    return;
  }
  const { target, server } = await startTarget({
    mode: 'start',
    root,
    port: portFrom(process.env),
    logFile: join(root, '.faultline', `server-${process.pid}.log`),
    onBuildLine: (line) => console.log(line),
  });
  aimAt(process.env, target);
  // The end of the run: what no check claimed on this server fails it (`faultline run` does the same for its own).
  return async () => {
    try {
      const unaccounted = isStarted(target) ? await unaccountedFor(target.harness) : [];
      if (unaccounted.length > 0) throw new Error(`reports no check claims:\n${unaccounted.join('\n')}`);
    } finally {
      await server.stop();
    }
  };
}
