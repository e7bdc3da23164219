import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildFailure } from '../scenarios/build-failures';
import { BUILD_FAILURE_DIST_DIR, withConfiguration } from '../scenarios/configurations';
import type { BuildObservation } from '../verdict/build-failure';
import { spawnNextBuild } from './build';
import { ENV } from '../contract';
import { holdLock } from './lock';

/** A route built alone compiles in 3 to 22 s here; a build still going after this is stuck. */
const LIMIT_SECONDS = 300;

/**
 * Builds the reference app in `root` to check build-time entry `entry`: its configuration, its route
 * file taken in and built alone (`--debug-build-paths`), into a folder of its own while the app's
 * own build in `.next` keeps serving. One such build per app at a time (they share that folder);
 * what it printed is kept in `.faultline/build-failure-{id}.log`.
 */
export async function buildToFailure(root: string, entry: BuildFailure, env: NodeJS.ProcessEnv = process.env): Promise<BuildObservation & { log: string }> {
  const lock = await holdLock(join(root, '.faultline', 'build-failure.lock'));
  // Next points next-env.d.ts at the types of the folder it builds into: the app's own build's stay.
  const nextEnv = join(root, 'next-env.d.ts');
  const nextEnvBefore = existsSync(nextEnv) ? readFileSync(nextEnv, 'utf8') : null;
  try {
    rmSync(join(root, BUILD_FAILURE_DIST_DIR), { recursive: true, force: true });
    const observed = await spawnNextBuild(
      root,
      { ...withConfiguration(env, entry.configuration), [ENV.buildFailure]: entry.id, NEXT_TELEMETRY_DISABLED: '1' },
      { args: ['--debug-build-paths', entry.routeFile], limitSeconds: LIMIT_SECONDS },
    );
    const log = join(root, '.faultline', `build-failure-${entry.id}.log`);
    mkdirSync(join(root, '.faultline'), { recursive: true });
    writeFileSync(log, observed.output);
    return { ...observed, log };
  } finally {
    if (nextEnvBefore === null) rmSync(nextEnv, { force: true });
    else writeFileSync(nextEnv, nextEnvBefore);
    lock.release();
  }
}
