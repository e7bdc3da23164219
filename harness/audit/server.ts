import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorEvent } from '@sentry/core';
import { errorEventsIn } from '../../fixtures/ingest/envelope';
import { faultlineRoot } from '../root';
import { freePort, launchAppServer, type LaunchedAppServer } from '../app-server';
import { CannotRun } from '../failures';

/** The module preloaded into the audited app's server: it answers the SDK's envelopes and refuses every way out. */
const INTERCEPT = join(faultlineRoot, 'fixtures', 'server', 'audit-intercept.mjs');

/** One line of the intercept's log. */
type Logged = { at: number; kind: 'envelope'; runtime: 'node'; host: string; body: string } | { at: number; kind: 'blocked'; via: string; host: string };

/** A place in the server's output and its intercept's log, to read what came after it. */
export interface Mark {
  log: number;
  ingest: number;
}

export interface AuditedServer {
  url: string;
  logFile: string;
  mark(): Mark;
  /** What arrived since `mark`: the events of the envelopes the server forwarded (its own and, through a tunnel, the browser's), what it was refused, and its log. */
  since(mark: Mark): { events: ErrorEvent[]; blocked: string[]; log: string };
  stop(): Promise<void>;
}

/** `NODE_OPTIONS` with the intercept preloaded (after the app's own options, which it keeps). */
export function interceptOptions(ingestLog: string, env: NodeJS.ProcessEnv): string {
  const url = pathToFileURL(INTERCEPT);
  url.searchParams.set('log', ingestLog);
  return [env.NODE_OPTIONS, `--import=${url.href}`].filter(Boolean).join(' ');
}

function readLogged(file: string, from: number): Logged[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Logged);
}

/** `next start` of the workspace on loopback, every request out of it intercepted; rejects with one line naming the app server. */
export async function startAuditedServer(workspace: string, env: NodeJS.ProcessEnv): Promise<AuditedServer> {
  const logFile = join(workspace, '.faultline', 'server.log');
  const ingestLog = join(workspace, '.faultline', 'ingest.jsonl');
  writeFileSync(ingestLog, '');
  const port = await freePort();
  const server: LaunchedAppServer = launchAppServer({ root: workspace, port, logFile, env: { ...env, NODE_OPTIONS: interceptOptions(ingestLog, env) } });
  try {
    await server.ready;
  } catch (error) {
    const last = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-3).join(' | ') : '';
    throw new CannotRun('app server', `${(error as Error).message}${last ? `: ${last}` : ''}`);
  }
  const size = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').length : 0);
  return {
    url: server.url,
    logFile,
    mark: () => ({ log: size(logFile), ingest: size(ingestLog) }),
    since: (mark) => {
      const logged = readLogged(ingestLog, mark.ingest);
      return {
        events: logged.flatMap((line) => (line.kind === 'envelope' ? errorEventsIn(new Uint8Array(Buffer.from(line.body, 'base64'))) : [])),
        blocked: logged.flatMap((line) => (line.kind === 'blocked' ? [line.host] : [])),
        log: readFileSync(logFile, 'utf8').slice(mark.log),
      };
    },
    stop: () => server.stop(),
  };
}
