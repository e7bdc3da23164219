import { ENV } from './contract';

/**
 * How the Playwright workers learn which app they test: its URL, and for a server faultline started
 * its log and the secret of its harness endpoints. The global setup (or the CLI) fills these in;
 * everything else reads them through `appTarget()`.
 */
export const TARGET_VARIABLES = [ENV.baseUrl, ENV.serverLog, ENV.targetSecret] as const;

/** `env` without an enclosing run's target: a run started with it starts (and tests) an app of its own. */
export function withoutTarget(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = { ...env };
  for (const name of TARGET_VARIABLES) delete own[name];
  return own;
}

/** A harness server's endpoints, and what they ask of a request. */
export interface HarnessEndpoints {
  url: string;
  secret: string;
}

export interface AppTarget {
  url: string;
  /** The server's output file, only when faultline started the server itself. */
  serverLog?: string;
  /** The server's harness endpoints, only when faultline started it (null against --base-url). */
  harness: HarnessEndpoints | null;
  /** Server-side checks need the server's log and reports: only a local server has them. */
  local: boolean;
}

export function appTarget(env: NodeJS.ProcessEnv = process.env): AppTarget {
  const url = env[ENV.baseUrl];
  if (!url) throw new Error(`${ENV.baseUrl} is not set: the global setup did not run.`);
  const serverLog = env[ENV.serverLog] || undefined;
  const secret = env[ENV.targetSecret];
  if (serverLog && !secret) throw new Error(`${ENV.targetSecret} is not set for the server faultline started.`);
  return { url, serverLog, harness: serverLog && secret ? { url, secret } : null, local: serverLog !== undefined };
}

/** A server faultline started: its log and its harness endpoints are the checks'. */
export function targetOf(server: { url: string; logFile: string; secret: string }): AppTarget {
  return { url: server.url, serverLog: server.logFile, harness: { url: server.url, secret: server.secret }, local: true };
}

/** An app faultline did not start (`--base-url`): only what a browser sees. */
export function remoteTarget(url: string): AppTarget {
  return { url, harness: null, local: false };
}
