import type { ChildProcess } from 'node:child_process';
import { ENV } from '../contract';
import { endGroup, spawnInGroup } from './process-group';
import { playwrightCli } from './root';

/** How long a runner told to stop may take to wind down before it is ended by force (twice: SIGTERM, then SIGKILL to its group). */
const WIND_DOWN_MS = 10_000;

/** Playwright's runner as faultline starts it, for `faultline run` and `faultline audit` alike. */
export interface Runner {
  child: ChildProcess;
  /** Its exit code (null: ended by a signal). */
  finished: Promise<number | null>;
}

/**
 * `playwright test ARGS` in `root` (faultline's tree, or a matrix workspace's copy of it), with the
 * Playwright that tree resolves: in a process group of its own (a runner discarded
 * unseen ends with its workers, even ones still loading), its stdin the lifeline (it ends with the
 * faultline process that started it, even a SIGKILLed one: see playwright.config.ts), its output
 * piped. An enclosing Playwright run's worker variables (faultline's own tests run faultline) are
 * not this runner's.
 */
export function startRunner(root: string, args: readonly string[], env: NodeJS.ProcessEnv): Runner {
  const { TEST_WORKER_INDEX: _worker, TEST_PARALLEL_INDEX: _parallel, ...own } = env;
  const child = spawnInGroup(process.execPath, [playwrightCli(root), ...args], {
    cwd: root,
    env: { ...own, [ENV.lifeline]: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const finished = new Promise<number | null>((done, fail) => {
    child.on('error', fail);
    child.on('close', done);
  });
  return { child, finished };
}

/**
 * Stops a runner because a part of what it tests died: SIGINT first (Playwright stops its workers
 * and still writes its reports; SIGTERM ends it without them), then by force if it does not wind
 * down: a runner still starting may not handle SIGINT, and a run whose part died stops fast.
 */
export function windDown(runner: Runner): void {
  const { child } = runner;
  // A runner that already ended (a cause known after its checks) has nothing to wind down.
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT');
  const escalate = [setTimeout(() => child.kill('SIGTERM'), WIND_DOWN_MS), setTimeout(() => endGroup(child, 'SIGKILL'), 2 * WIND_DOWN_MS)];
  for (const timer of escalate) timer.unref();
  child.once('close', () => escalate.forEach(clearTimeout));
}

/** Ends a runner whose work is no longer wanted, with every process of its group. */
export async function discard(runner: Runner): Promise<void> {
  endGroup(runner.child, 'SIGKILL');
  await runner.finished.catch(() => {});
}
