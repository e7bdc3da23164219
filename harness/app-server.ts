import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { lookup } from 'node:dns/promises';
import { dirname } from 'node:path';
import { nextBin } from './build';
import { ENV } from '../contract';
import { lastError } from './server-log';

/** Where a server faultline starts listens: this machine only, never another interface. */
const LOOPBACK_V4 = '127.0.0.1';

export interface AppServer {
  url: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * The first port the system picks by itself, for a listen on port 0 and for every outgoing
 * connection: Linux says it; elsewhere IANA's.
 */
function systemPortsFrom(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 2048) return low;
  } catch {
    // Not Linux.
  }
  return 49_152;
}

/** A port at random among the 16,384 below those the system picks by itself (above 1023: no privileges needed). */
export function pickPort(): number {
  const high = systemPortsFrom();
  const low = Math.max(1024, high - 16_384);
  return low + Math.floor(Math.random() * (high - low));
}

/** Why `port` cannot be listened on at `host` (Node's code), or undefined when it can; a loopback this machine does not have holds nothing. */
const listenProblem = (port: number, host: string) =>
  new Promise<string | undefined>((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT' ? undefined : (error.code ?? 'unknown error')),
    );
    server.listen({ port, host, ipv6Only: host === '::1' }, () => server.close(() => resolve(undefined)));
  });

/**
 * A port for a server faultline starts, free on both loopbacks, chosen outside the ports the system
 * picks by itself: between the choice and `next start` listening, a port the system had handed out
 * can go to anything listening on port 0 (the audit's intercept in that very server, a worker's
 * closed network, a build's workers) or to an outgoing connection.
 */
export async function freePort(pick: () => number = pickPort): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = pick();
    if ((await listenProblem(port, LOOPBACK_V4)) === undefined && (await listenProblem(port, '::1')) === undefined) return port;
  }
  throw new Error('no free port found in 100 tries below the ports the system picks by itself');
}

export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/** Why `port` cannot be listened on, in one line. */
export function portProblem(port: number, code: string): string {
  if (code === 'EADDRINUSE') return `Port ${port} is already in use; pick another with --port, or stop what listens there.`;
  if (code === 'EACCES') return `Port ${port} needs more privileges than this process has (EACCES: ports below 1024 need root); pick another with --port.`;
  return `Port ${port} cannot be listened on (${code}); pick another with --port.`;
}

export async function assertPortFree(port: number): Promise<void> {
  const problem = await listenProblem(port, LOOPBACK_V4);
  if (problem !== undefined) throw new PortInUseError(portProblem(port, problem));
}

/** A server process that ended before it served: its exit code, the first line of the error it printed last (Next's), its log. */
export class ExitedBeforeServing extends Error {
  override name = 'ExitedBeforeServing';
  constructor(
    readonly code: number,
    readonly logFile: string,
    readonly said = lastError(existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  ) {
    super(`The app server exited with code ${code} before serving${said ? ` (${said})` : ''}; see ${logFile}`);
  }
}

/** A server that did not answer within its limit: still starting, or hung. */
export class NotServing extends Error {
  override name = 'NotServing';
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
    readonly logFile: string,
  ) {
    super(`The app server did not answer ${url} within ${timeoutMs / 1000} s; see ${logFile}`);
  }
}

/**
 * When a server counts as serving. `healthy`: its page answers below 400 (a 5xx is a broken
 * server); `answers`: any HTTP answer at all (an audited app's home may need a database or a login,
 * or redirect: its entries' own reachability is judged per entry).
 */
export type Readiness = 'healthy' | 'answers';

/** Polls `url` until it serves (`readiness`); fails early on a 5xx where it must be healthy, or when `exited` reports that the server process ended. */
export async function waitUntilServing(
  url: string,
  {
    timeoutMs,
    logFile,
    exited = () => null,
    readiness = 'healthy',
  }: { timeoutMs: number; logFile: string; exited?: () => number | null; readiness?: Readiness },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = exited();
    if (code !== null) throw new ExitedBeforeServing(code, logFile);
    let status: number | undefined;
    try {
      // Given what is left of the limit: a home page may take seconds to answer (a layout that asks a service faultline refuses, retried), and a poll given up after a second never sees it answer.
      status = (await fetch(url, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())), redirect: readiness === 'answers' ? 'manual' : 'follow' }))
        .status;
    } catch {
      // Not listening yet: retry until the deadline.
    }
    if (status !== undefined && (status < 400 || readiness === 'answers')) return;
    // A starting server does not answer yet; one that answers its healthy page with a 5xx is broken.
    if (status !== undefined && status >= 500) throw new Error(`The app server answers ${url} with HTTP ${status}; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new NotServing(url, timeoutMs, logFile);
}

/**
 * The page a harness server must serve before it counts as ready: the home page, not any entry's
 * route, so an app whose `healthy` entry fails is a deviation to report, not a server that cannot start.
 */
export const READY_PATH = '/';

export interface StartOptions {
  root: string;
  port: number;
  logFile: string;
  env: NodeJS.ProcessEnv;
  dev?: boolean;
  readyTimeoutMs?: number;
  /** The name Next listens as (`--hostname`), a name of the IPv4 loopback; its address unless said otherwise. */
  hostname?: string;
  /** Where and how the server is known to serve: the home page, healthy, unless said otherwise. */
  ready?: { path: string; readiness: Readiness };
}

/** How a server process ended; `expected` when faultline stopped it. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  expected: boolean;
  at: Date;
}

/**
 * The one interface of a server faultline checks, whichever way it is served (`harness/serve.ts`:
 * the reference app started or in dev, a deployment; `harness/audited-app.ts`: an audited app).
 */
export interface TargetServer {
  url: string;
  /** Resolves once the server serves; rejects (after stopping it) when it exits or times out first. */
  ready: Promise<void>;
  /** Resolves when the server process ends, for whatever reason; never for a deployment, which faultline does not run. */
  exited: Promise<ServerExit>;
  stop(): Promise<void>;
}

/** A server faultline launched on this machine: its output is in `logFile`. */
export interface LaunchedAppServer extends AppServer, TargetServer {}

/**
 * Next listens on one address; browsers also load `http://[::1]:port` (the host checks do). This
 * relays IPv6 loopback to it, so the app is reachable on both loopbacks and on nothing else.
 */
function relayIpv6Loopback(port: number): Server {
  const relay = createServer((client) => {
    const upstream = connect(port, LOOPBACK_V4);
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end);
    upstream.on('error', end);
  });
  // No IPv6 on this machine: then nothing loads [::1] either.
  relay.on('error', () => relay.close());
  relay.listen({ port, host: '::1', ipv6Only: true });
  relay.unref();
  return relay;
}

/**
 * `localhost` where it names the IPv4 loopback only (else its address): the name a server is loaded
 * by. Next builds the URL a proxy sees from the name it listens as, and takes a rewrite to another
 * one for an external rewrite, which it proxies: an app whose proxy rewrites at the request's own URL
 * and redirects back (next-intl's `localePrefix: 'as-needed'`) then loops, served as 127.0.0.1.
 */
export async function loopbackName(): Promise<string> {
  const addresses = await lookup('localhost', { all: true }).catch(() => []);
  return addresses.length > 0 && addresses.every(({ address }) => address === LOOPBACK_V4) ? 'localhost' : LOOPBACK_V4;
}

/** The URL of a server faultline starts on `port`. */
export const appServerUrl = (port: number): string => `http://localhost:${port}`;

/** Spawns `next start` (or `next dev`) on loopback, its output written to `logFile`, without waiting for it. */
export function launchAppServer(options: StartOptions): LaunchedAppServer {
  const {
    root,
    port,
    logFile,
    env,
    dev = false,
    readyTimeoutMs = 60_000,
    hostname = LOOPBACK_V4,
    ready: serving = { path: READY_PATH, readiness: 'healthy' },
  } = options;
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'w');
  const { FORCE_COLOR: _color, ...uncoloured } = env;
  const child = spawn(process.execPath, [nextBin(root), dev ? 'dev' : 'start', '--port', String(port), '--hostname', hostname], {
    cwd: root,
    // Plain text: the log is parsed for digests (Playwright workers set FORCE_COLOR).
    env: { ...uncoloured, NO_COLOR: '1', NEXT_TELEMETRY_DISABLED: '1', [ENV.lifeline]: '1' },
    // stdin is the lifeline: held open here, closed by the system when this process dies.
    stdio: ['pipe', log, log],
  });
  closeSync(log);
  const relay = relayIpv6Loopback(port);
  let exitCode: number | null = null;
  let stopping = false;
  const exited = new Promise<ServerExit>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? -1;
      relay.close();
      resolve({ code, signal, expected: stopping, at: new Date() });
    }),
  );
  const url = appServerUrl(port);
  const stop = async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const ready = waitUntilServing(`${url}${serving.path}`, {
    timeoutMs: readyTimeoutMs,
    logFile,
    exited: () => exitCode,
    readiness: serving.readiness,
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, logFile, stop, ready, exited };
}

/** Starts `next start` (or `next dev`) and waits until it serves. */
export async function startAppServer(options: StartOptions): Promise<AppServer> {
  const { ready, url, logFile, stop } = launchAppServer(options);
  await ready;
  return { url, logFile, stop };
}
