import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { assertPortFree, freePort, launchAppServer, type LaunchedAppServer } from './app-server';
import { ensureBuild, type BuildResult } from './build';
import { ENV, HARNESS_DSN } from './contract';

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
  const secret = randomBytes(24).toString('hex');
  const env = { ...harnessEnv(options.env), [ENV.harnessSecret]: secret };
  if (options.port !== undefined) await assertPortFree(options.port);
  const build = dev ? null : await ensureBuild(root, env, { log: options.onBuildLine, signal: options.signal });
  const port = options.port ?? (await freePort());
  const logFile = options.logFile ?? join(root, '.faultline', `server-${process.pid}-${port}.log`);
  const server = launchAppServer({ root, port, logFile, env, dev, readyTimeoutMs: dev ? 180_000 : 60_000 });
  return { ...server, build, secret };
}

/** Builds the app unless current (not for dev), then starts it in harness mode and waits until it serves. */
export async function startHarnessApp(options: HarnessAppOptions): Promise<HarnessApp> {
  const app = await launchHarnessApp(options);
  await app.ready;
  return app;
}
