import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorEvent } from '@sentry/core';
import { errorEventsIn } from '../../fixtures/ingest/envelope';
import type { AuditReport } from '../../verdict/audit';
import { faultlineRoot } from '../root';
import { freePort, launchAppServer, type LaunchedAppServer } from '../app-server';
import { CannotRun } from '../failures';

/** The module preloaded into the audited app's server: it answers the SDK's envelopes and refuses every way out. */
const INTERCEPT = join(faultlineRoot, 'fixtures', 'server', 'audit-intercept.mjs');

/**
 * One line of the intercept's log: an envelope read (from the Node.js SDK through MSW, or from the
 * Edge runtime on a connection turned round), a connection out of the machine opened (the Edge
 * runtime's, or any other), a request or connection refused.
 */
type Logged =
  | { at: number; kind: 'envelope'; runtime: 'node' | 'edge'; host: string; body: string }
  | { at: number; kind: 'opened'; via: 'tls' | 'socket'; host: string }
  | { at: number; kind: 'blocked'; via: 'http' | 'edge' | 'socket'; host: string };

/** A place in the server's output and its intercept's log, to read what came after it. */
export interface Mark {
  log: number;
  ingest: number;
}

export interface AuditedServer {
  url: string;
  logFile: string;
  mark(): Mark;
  /** What arrived since `mark`: the reports in the envelopes the server sent (its own in either runtime and, through a tunnel, the browser's), what it was refused, and its log. */
  since(mark: Mark): { reports: AuditReport[]; blocked: string[]; log: string };
  /** The server's log since `mark`, alone: what a wait on the log polls. */
  logSince(mark: Mark): string;
  /** Connections out of the machine that opened and have not yet landed (as an envelope read or a request refused): the Edge runtime's sends under way. */
  inFlight(): number;
  /** Whether `next start` ended by itself (not stopped by faultline): what it served since is no observation of the app. */
  ended(): boolean;
  stop(): Promise<void>;
}

/** `NODE_OPTIONS` with the intercept preloaded (after the app's own options, which it keeps). */
export function interceptOptions(ingestLog: string, env: NodeJS.ProcessEnv): string {
  const url = pathToFileURL(INTERCEPT);
  url.searchParams.set('log', ingestLog);
  return [env.NODE_OPTIONS, `--import=${url.href}`].filter(Boolean).join(' ');
}

/**
 * The runtime that sent an event: what the Edge runtime sent is its own (its SDK says `platform:
 * 'javascript'` as the browser's does); what reached the Node.js side is the server's, or the
 * browser's forwarded by the app's tunnel route.
 */
const runtimeOf = (event: ErrorEvent, via: 'node' | 'edge'): AuditReport['runtime'] => (via === 'edge' ? 'edge' : event.platform === 'javascript' ? 'browser' : 'node');

/** How much of a log is whole lines: the intercept may be appending one while it is read. */
export const completeLines = (text: string) => text.lastIndexOf('\n') + 1;

/** The intercept's log from `from` on, its whole lines only (the one being written is read next time). */
export function readIngestLog(file: string, from: number): Logged[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(from, completeLines(text))
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
  let ended = false;
  void server.exited.then(({ expected }) => (ended = !expected));
  const size = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').length : 0);
  const logSince = (mark: Mark) => readFileSync(logFile, 'utf8').slice(mark.log);
  return {
    url: server.url,
    logFile,
    mark: () => ({ log: size(logFile), ingest: existsSync(ingestLog) ? completeLines(readFileSync(ingestLog, 'utf8')) : 0 }),
    since: (mark) => {
      const logged = readIngestLog(ingestLog, mark.ingest);
      return {
        reports: logged.flatMap((line) => (line.kind === 'envelope' ? errorEventsIn(new Uint8Array(Buffer.from(line.body, 'base64'))).map((event) => ({ runtime: runtimeOf(event, line.runtime), event })) : [])),
        blocked: logged.flatMap((line) => (line.kind === 'blocked' ? [line.host] : [])),
        log: logSince(mark),
      };
    },
    logSince,
    inFlight: () => {
      const logged = readIngestLog(ingestLog, 0);
      const opened = logged.filter((line) => line.kind === 'opened').length;
      const landed = logged.filter((line) => (line.kind === 'envelope' && line.runtime === 'edge') || (line.kind === 'blocked' && line.via !== 'http')).length;
      return opened - landed;
    },
    ended: () => ended,
    stop: () => server.stop(),
  };
}
