import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { serverFirst, watchAborts, type Abort } from './abort';
import type { ServerExit } from './app-server';
import { ENV } from '../contract';
import { discard, startRunner, windDown, type Runner } from './runner';

/** What a command asks of Playwright's runner: its project, its workers, its shard and each test's limit (else the project's). */
export interface Checks {
  project: 'conformance' | 'audit';
  workers?: number;
  shard?: { current: number; total: number } | null;
  timeoutSeconds?: number;
}

/** `playwright test`'s arguments for `checks`: never a run that quietly checks one focused test, so a stray `.only` stops it. */
export function checksArgs({ project, workers, shard, timeoutSeconds }: Checks): string[] {
  const args = ['test', '--project', project, '--forbid-only'];
  if (workers) args.push('--workers', String(workers));
  if (shard) args.push('--shard', `${shard.current}/${shard.total}`);
  if (timeoutSeconds) args.push('--timeout', String(timeoutSeconds * 1000));
  return args;
}

/**
 * Playwright's runner checking one target, for `faultline run` and `faultline audit` alike: a part
 * that dies (a worker's browser, through the abort file; the target's server, by its exit) or a
 * signal winds the runner down, once, and the first cause is what the command says. Which target,
 * which project and which reporters are the caller's; how the checks are stopped is this one's.
 */
export class Checking {
  private runner: Runner | undefined;
  private cause: Abort | undefined;
  private readonly aborts: ReturnType<typeof watchAborts>;
  private readonly onSignal = () => this.runner && windDown(this.runner);
  // While the target's server starts, what the workers say waits for it: a server that never served is the cause.
  private readonly causes = serverFirst((cause) => this.abort(cause));

  /** `abortFile`: where the workers say a part died; `signal`: the command's stop. */
  constructor(
    readonly abortFile: string,
    private readonly signal?: AbortSignal,
  ) {
    mkdirSync(dirname(abortFile), { recursive: true });
    this.aborts = watchAborts(abortFile, this.causes.raise);
    signal?.addEventListener('abort', this.onSignal, { once: true });
  }

  /** The target's server is starting: until it serves, it is the part a failure is blamed on. */
  serverStarting(ready: Promise<void>): void {
    this.causes.starting(ready);
  }

  /**
   * Resolves once the starting server served or failed to: checks can end before its readiness is
   * known (they met its failure first), and `aborted` is only the whole story after this.
   */
  serverSettled(): Promise<void> {
    return this.causes.settled();
  }

  /** `playwright test ARGS`, its workers told where a part that dies is said. */
  start(root: string, args: readonly string[], env: NodeJS.ProcessEnv): Runner {
    this.runner = startRunner(root, args, { ...env, [ENV.abortFile]: this.abortFile });
    return this.runner;
  }

  /** Stops the checks for `cause`: the first one counts, and only while a runner checks (one discarded unseen tells nothing). */
  abort(cause: Abort): void {
    if (this.cause || !this.runner) return;
    this.cause = cause;
    windDown(this.runner);
  }

  /** Why the checks were stopped, if a part died. */
  get aborted(): Abort | undefined {
    return this.cause;
  }

  /** The target's server ending on its own stops the checks, `why` saying how. */
  watchServer(exited: Promise<ServerExit>, why: (exit: ServerExit) => Omit<Abort, 'at'>): void {
    void exited.then((exit) => {
      if (!exit.expected) this.abort({ ...why(exit), at: exit.at.toISOString() });
    });
  }

  /** Ends the runner unseen (its work no longer wanted), with every process of its group; what it said is forgotten. */
  async discard(): Promise<void> {
    const discarded = this.runner;
    this.runner = undefined;
    if (!discarded) return;
    await discard(discarded);
    this.aborts.rearm();
  }

  /** Stops watching and ends what is left of the runner. */
  async dispose(): Promise<void> {
    this.signal?.removeEventListener('abort', this.onSignal);
    this.aborts.stop();
    rmSync(this.abortFile, { force: true });
    await this.discard();
  }
}
