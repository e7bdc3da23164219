import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { appServerUrl, assertPortFree, freePort, launchAppServer, type LaunchedAppServer } from './app-server';
import { ensureBuild, hasBuild, type BuildResult } from './build';
import { ENV, HARNESS_DSN } from '../contract';
import { distDirOf } from '../scenarios/configurations';

/** The environment of a harness-mode app: MSW intercepts, and the browser bundle reports to the harness host. */
export function harnessEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...env,
    NEXT_TELEMETRY_DISABLED: '1',
    [ENV.harness]: '1',
    // Inlined into the browser bundle at build time.
    NEXT_PUBLIC_SENTRY_DSN: env.NEXT_PUBLIC_SENTRY_DSN || HARNESS_DSN,
  };
}

export interface HarnessAppOptions {
  root: string;
  /** A fixed port (it must be free); a free one otherwise. */
  port?: number;
  /** `next dev` instead of a production build. */
  dev?: boolean;
  logFile?: string;
  env?: NodeJS.ProcessEnv;
  onBuildLine?: (line: string) => void;
  /** Stops the build under way (Ctrl-C before the server started). */
  signal?: AbortSignal;
  /** Where it will serve, chosen beforehand (`planHarnessApp`): others can be told before it starts. */
  plan?: HarnessPlan;
  /** Called (and awaited) once the build there is was found not current, before anything builds. */
  onStale?: () => Promise<void>;
}

/** Where a harness app will serve and what it will ask, known before its build is even checked. */
export interface HarnessPlan {
  port: number;
  url: string;
  logFile: string;
  secret: string;
}

/** Chooses a harness app's port (checking a fixed one is free), log file and secret. */
export async function planHarnessApp({ root, port: fixed, logFile }: Pick<HarnessAppOptions, 'root' | 'port' | 'logFile'>): Promise<HarnessPlan> {
  if (fixed !== undefined) await assertPortFree(fixed);
  const port = fixed ?? (await freePort());
  return {
    port,
    url: appServerUrl(port),
    logFile: logFile ?? join(root, '.faultline', `server-${process.pid}-${port}.log`),
    secret: randomBytes(24).toString('hex'),
  };
}

export interface HarnessApp extends LaunchedAppServer {
  build: BuildResult | null;
  /** What the harness endpoints ask of a request: only this process (and those it hands it to) has it. */
  secret: string;
}

/**
 * Builds the app unless current (not for dev), then spawns it in harness mode; `ready` tells when
 * it serves. The caller can start other work (a browser, Playwright) meanwhile.
 */
export async function launchHarnessApp(options: HarnessAppOptions): Promise<HarnessApp> {
  const { root, dev = false } = options;
  const { port, logFile, secret } = options.plan ?? (await planHarnessApp(options));
  const env = { ...harnessEnv(options.env), [ENV.harnessSecret]: secret };
  const start = () => launchAppServer({ root, port, logFile, env, dev, readyTimeoutMs: dev ? 180_000 : 60_000 });
  if (dev) return { ...start(), build: null, secret };
  // Each configuration's build is its own folder: the one the environment asks for is checked and served.
  const distDir = distDirOf(env);
  const { server, build } = await serveWhileVerifying(
    hasBuild(root, distDir),
    start,
    ({ onStale }) => ensureBuild(root, env, { log: options.onBuildLine, signal: options.signal, onStale, distDir }),
    async () => options.onStale?.(),
  );
  return { ...server, build, secret };
}

/**
 * Starts the server on the build there is while `ensure` verifies it (hashing the sources and the
 * outputs takes about half a second, which `next start` can spend booting), and keeps it only when
 * that build was current at the first look. Found stale, what checks the early server (`onStale`:
 * the caller's runner) is ended, then the server is stopped, before anything waits or builds, and a
 * new one starts on the build `ensure` leaves: a server never
 * answers a check from a build that was not verified (the caller gets it only once `ensure` ended).
 * `speculate` false: no build to serve yet.
 */
export async function serveWhileVerifying<S extends { ready: Promise<void>; stop(): Promise<void> }>(
  speculate: boolean,
  start: () => S,
  ensure: (hooks: { onStale: () => Promise<void> }) => Promise<BuildResult>,
  onStale: () => Promise<void> = async () => {},
): Promise<{ server: S; build: BuildResult }> {
  let early: S | null = speculate ? start() : null;
  const stale = async () => {
    // What checks the early server ends first: a check that met it going away would blame the target.
    await onStale();
    await discard();
  };
  const discard = async () => {
    if (!early) return;
    const stopped = early;
    early = null;
    // Its readiness fails once it is stopped before serving: expected, not the run's failure.
    stopped.ready.catch(() => {});
    await stopped.stop();
  };
  let build: BuildResult;
  try {
    build = await ensure({ onStale: stale });
  } catch (error) {
    await discard();
    throw error;
  }
  return { server: early ?? start(), build };
}

/** Builds the app unless current (not for dev), then starts it in harness mode and waits until it serves. */
export async function startHarnessApp(options: HarnessAppOptions): Promise<HarnessApp> {
  const app = await launchHarnessApp(options);
  await app.ready;
  return app;
}
