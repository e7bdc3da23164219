import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorEvent } from '@sentry/core';
import { errorEventsIn } from '../ingest/envelope';
import { otlpExceptions } from '../ingest/otlp';
import { postHogExceptions } from '../ingest/posthog';
import type { AuditReport, SentrySetup } from '../verdict/audit-reporting';
import type { AppTarget } from './target';
import { AUDIT_INTERCEPT_PARAMS, keepsToAuditSegment, SENTRY_ENVELOPE, type AuditInterceptRecord } from '../contract';
import { faultlineRoot } from './root';
import { appServerUrl, ExitedBeforeServing, freePort, launchAppServer, loopbackName, NotServing, type LaunchedAppServer } from './app-server';
import { CannotRun } from './failures';
import { withinLimit } from './limits';
import { completeLines } from './events';
import { until } from './until';
import { ServerLog } from './server-log';
import { NoAnswer, requestOnItsOwnConnection } from './own-connection';

export { completeLines };

/** The module preloaded into the audited app's server: it answers the SDK's envelopes and refuses every way out. */
const INTERCEPT = join(faultlineRoot, 'app-server', 'audit-intercept.mjs');

/** One line of the intercept's log (its format is the contract's). */
type Logged = AuditInterceptRecord;

/** A place in the server's output and its intercept's log, to read what came after it. */
export interface Mark {
  log: number;
  ingest: number;
}

/** An audited server as any process reads it through its files: the process that started it, or a worker. */
export interface AuditedServerReader extends AuditedServerFiles {
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

/** An audited app's server as the audit launched it: a server under test like any other (`TargetServer`), read through its files. */
export interface AuditedServer extends AuditedServerReader, LaunchedAppServer {}

/** `NODE_OPTIONS` with the intercept preloaded (after the app's own options, which it keeps), the contract's values it needs in its URL. */
export function interceptOptions(ingestLog: string, env: NodeJS.ProcessEnv): string {
  const url = pathToFileURL(INTERCEPT);
  url.searchParams.set(AUDIT_INTERCEPT_PARAMS.log, ingestLog);
  url.searchParams.set(AUDIT_INTERCEPT_PARAMS.envelopePath, SENTRY_ENVELOPE.path.source);
  return [env.NODE_OPTIONS, `--import=${url.href}`].filter(Boolean).join(' ');
}

/**
 * The runtime that sent an event: what the Edge runtime sent is its own (its SDK says `platform:
 * 'javascript'` as the browser's does); what reached the Node.js side is the server's, or the
 * browser's forwarded by the app's tunnel route.
 */
const runtimeOf = (event: ErrorEvent, via: 'node' | 'edge'): AuditReport['runtime'] =>
  via === 'edge' ? 'edge' : event.platform === 'javascript' ? 'browser' : 'node';

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

/** Where an audited server's output goes: what a process that did not start it (a Playwright worker) reads it from. */
export interface AuditedServerFiles {
  url: string;
  logFile: string;
  ingestLog: string;
}

/** An audited server read through its files, by the process that started it or by a worker. */
export function auditedServerAt(
  { url, logFile, ingestLog }: AuditedServerFiles,
  process: Pick<AuditedServerReader, 'ended' | 'stop'> = { ended: () => false, stop: async () => {} },
): AuditedServerReader {
  // The server's output is read as a run reads its own: one reader, a mark its size in bytes.
  const log = new ServerLog(logFile);
  const logSince = (mark: Mark) => log.since(mark.log);
  return {
    url,
    logFile,
    ingestLog,
    mark: () => ({ log: log.mark(), ingest: existsSync(ingestLog) ? completeLines(readFileSync(ingestLog, 'utf8')) : 0 }),
    since: (mark) => {
      const logged = readIngestLog(ingestLog, mark.ingest);
      const bodyOf = (line: { body: string }) => new Uint8Array(Buffer.from(line.body, 'base64'));
      // A span's trace may end in a later export than the span: OpenTelemetry's exports are read together.
      const traced = logged.flatMap((line) => (line.kind === 'capture' && line.reporter === 'OpenTelemetry' ? [line] : []));
      const spans = otlpExceptions(traced.map((line) => ({ body: bodyOf(line), contentType: line.contentType ?? '' })));
      return {
        reports: [
          ...logged.flatMap((line): AuditReport[] => {
            if (line.kind === 'envelope') return errorEventsIn(bodyOf(line)).map((event) => ({ runtime: runtimeOf(event, line.runtime), event }));
            if (line.kind === 'capture' && line.reporter === 'PostHog')
              return postHogExceptions(bodyOf(line)).map((event) => ({ runtime: line.runtime, reporter: line.reporter, event }));
            return [];
          }),
          ...spans.map(({ from, event }): AuditReport => ({ runtime: traced[from].runtime, reporter: 'OpenTelemetry', event })),
        ],
        blocked: logged.flatMap((line) => (line.kind === 'blocked' ? [line.host] : [])),
        log: logSince(mark),
      };
    },
    logSince,
    inFlight: () => {
      const logged = readIngestLog(ingestLog, 0);
      const opened = logged.filter((line) => line.kind === 'opened').length;
      const landed = logged.filter(
        (line) => ((line.kind === 'envelope' || line.kind === 'capture') && line.runtime === 'edge') || (line.kind === 'blocked' && line.via !== 'http'),
      ).length;
      return opened - landed;
    },
    ended: process.ended,
    stop: process.stop,
  };
}

/** One line for an audited app's server that ended before it served: its exit code, the error it printed last, its log. */
export const exitedBeforeServing = ({ code, logFile, said }: ExitedBeforeServing): string =>
  `next start exited with code ${code} before it served${said ? ` (${said})` : ''}; its log: ${logFile}`;

/** Why an audited app's server did not start, in one line naming the app server: its start limit passed, it ended, or what else its start met. */
export function notStarted(error: Error, { basePath, limitSeconds, logFile }: { basePath: string; limitSeconds: number; logFile: string }): CannotRun {
  if (error instanceof NotServing)
    return new CannotRun('app server', `next start did not answer ${basePath}/ ${withinLimit('start', limitSeconds)}; its log: ${logFile}`);
  if (error instanceof ExitedBeforeServing) return new CannotRun('app server', exitedBeforeServing(error));
  return new CannotRun('app server', error.message);
}

/** Where an audited app is known to serve: any answer of its server on its basePath (its home may need a database, a login, or redirect). */
export const auditedServerReadyUrl = (url: string, basePath: string) => `${url}${basePath}/`;

/** An audited app's server chosen before it starts (`planTarget`): its port, its URL and the files it writes, which the workers read. */
export interface AuditedServerPlan extends AuditedServerFiles {
  workspace: string;
  port: number;
}

/** Where the audited server of the workspace will listen, and the files it will write. */
export async function planAuditedServer(workspace: string): Promise<AuditedServerPlan> {
  const port = await freePort();
  const files = { logFile: join(workspace, '.faultline', 'server.log'), ingestLog: join(workspace, '.faultline', 'ingest.jsonl') };
  return { workspace, port, url: appServerUrl(port), ...files };
}

/** `next start` of the workspace on loopback, every request out of it intercepted, started: `ready` resolves once it serves, or rejects with one line naming the app server. */
export async function launchAuditedServer(
  { workspace, port, logFile, ingestLog }: AuditedServerPlan,
  env: NodeJS.ProcessEnv,
  { basePath, limitSeconds, preloads = [] }: { basePath: string; limitSeconds: number; preloads?: readonly string[] },
): Promise<AuditedServer> {
  writeFileSync(ingestLog, '');
  const server: LaunchedAppServer = launchAppServer({
    root: workspace,
    port,
    hostname: await loopbackName(),
    logFile,
    // The kinds' preloads after the intercept, whose MSW handler asks them about each call it does not answer itself.
    env: { ...env, NODE_OPTIONS: [interceptOptions(ingestLog, env), ...preloads].join(' ') },
    ready: { path: `${basePath}/`, readiness: 'answers' },
    readyTimeoutMs: limitSeconds * 1000,
  });
  const ready = server.ready.catch((error: Error) => {
    throw notStarted(error, { basePath, limitSeconds, logFile });
  });
  // Awaited by whoever starts it; a server stopped before it served is no failure of its own.
  ready.catch(() => {});
  let ended = false;
  void server.exited.then(({ expected }) => (ended = !expected));
  return { ...auditedServerAt({ url: server.url, logFile, ingestLog }, { ended: () => ended, stop: () => server.stop() }), ready, exited: server.exited };
}

/** How long a send the Edge runtime started may take to land. */
const LANDING_TIMEOUT_MS = 10_000;

/** Sends of the app server's that started and never landed: what was sent cannot be known. */
export class NotSettled extends Error {
  override name = 'NotSettled';
}

/** A request's `cookie` header for `cookies` (none: no header). */
export const cookieHeader = (cookies: readonly { name: string; value: string }[]): Record<string, string> =>
  cookies.length > 0 ? { cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; ') } : {};

/**
 * Flushes the app's server SDKs through the placed route (with the audit's cookies, past the app's
 * wall); whether Sentry's had a client to send with (null: no Sentry). A route that never answers
 * (a proxy awaiting what never comes) ends it after `limitSeconds`, with nothing settled.
 */
async function flushServer(url: string, cookies: readonly { name: string; value: string }[], limitSeconds?: number): Promise<boolean | null> {
  const post = (to: string | URL) =>
    requestOnItsOwnConnection(to, {
      method: 'POST',
      headers: cookieHeader(cookies),
      timeoutMs: limitSeconds === undefined ? undefined : limitSeconds * 1000,
    }).catch((error: unknown) => {
      throw error instanceof NoAnswer ? new NotSettled(`the audit's flush route (${url}) did not answer ${withinLimit('entry', limitSeconds!)}`) : error;
    });
  let response = await post(url);
  // Followed where the app's proxy moves it under a prefix of its own (a locale's), where it was placed with the entries; anywhere else is a wall.
  for (let hops = 0, location = response.location; location && hops < 5; hops++, location = response.location) {
    if (!keepsToAuditSegment(location) || response.status < 300 || response.status >= 400) break;
    response = await post(new URL(location, url));
  }
  if (response.status < 200 || response.status >= 300) {
    const walled = response.status === 401 || response.status === 403 || (response.status >= 300 && response.status < 400);
    const hint = walled ? ": the app's wall (a login, a redirect) stands before it too; --cookie NAME=VALUE gives the audit a session" : '';
    throw new CannotRun('app server', `the audit's flush route answered ${response.status} (${url})${hint}`);
  }
  const { client } = JSON.parse(response.body) as { client?: unknown };
  return typeof client === 'boolean' ? client : null;
}

/**
 * Makes the app's server SDKs send all they hold, and proves it: the Node.js SDK flushed through
 * the placed route, then every send out of the machine that started has landed (read, or refused).
 * The Edge runtime sends in the background of its request (`waitUntil`), which no flush of the
 * Node.js SDK covers. The positive signal after which "nothing else was sent" holds. Returns
 * whether the Node.js SDK had a client (null: no Sentry). `limitSeconds`: how long the flush may
 * take where no entry's limit bounds it (after the last entry).
 */
export async function settleServer(
  server: AuditedServerReader,
  flushRoute: string | null,
  basePath: string,
  cookies: readonly { name: string; value: string }[] = [],
  limitSeconds?: number,
): Promise<boolean | null> {
  const client = flushRoute ? await flushServer(`${server.url}${basePath}${flushRoute}`, cookies, limitSeconds) : null;
  if (!(await until(() => server.inFlight() === 0, LANDING_TIMEOUT_MS)))
    throw new NotSettled(`${server.inFlight()} send(s) out of the app server started and never landed within ${LANDING_TIMEOUT_MS / 1000} s`);
  return client;
}

/**
 * What the Playwright workers of `faultline audit` are told by the CLI that built and started the
 * app: the audited target. Each kind's entries travel as planned (a placed entry already for the
 * app's `next`), so a worker judges exactly what the CLI planned.
 */
export interface AuditPlan {
  server: AuditedServerFiles;
  /** The built copy of the app the server runs: where its source and its build's maps are read. */
  workspace: string;
  /** Whether the app has `@sentry/nextjs` at all. */
  sentry: boolean;
  /** Why each runtime's reports cannot come, as the app's files prove it (null: no Sentry). */
  sentrySetup: SentrySetup | null;
  /** The app's reporters other than Sentry whose server sends faultline reads (`PostHog`). */
  reads: string[];
  /** The app's reporters that run in the browser only, in words (`PostHog (src/app/posthog.tsx turns on its error capture)`). */
  browserReporters: string[];
  basePath: string;
  /** The app's own proxy: its file as the app names it, and the built workspace whose manifests hold its matcher. Null: the app has none. */
  proxy: { file: string; workspace: string; distDir: string } | null;
  /** Cookies every page and request of the audit sends to the app (`--cookie`): a session past its wall. */
  cookies: { name: string; value: string }[];
  /** Fields the team means its reports to carry (its config's `privacy.allow`): no privacy finding. */
  privacyAllow: string[];
  /** How long the server may take to answer (`--limit start`): a worker waits for it a little longer, for the CLI to say why first. */
  startLimitSeconds: number;
  /** Each kind's planned entries, by its name (already for the app's `next`): its spec reads its own. */
  entries: Readonly<Record<string, readonly { id: string }[]>>;
  /** The log each kind's preload writes in the audited server, by the kind's name (only kinds that run one). */
  serverLogs: Readonly<Record<string, string>>;
  /** Whether the app's instrumentation counts Next's hand-overs to `onRequestError` in the server log. */
  countsDeliveries: boolean;
  /** The flush route's path, where it was placed (the app has Sentry, or traces faultline reads): what its server SDKs hold is sent before an entry is judged. */
  flushRoute: string | null;
  /** Where each entry's screenshot is written, and how the report names that folder. */
  screens: { dir: string; named: string };
  /** Where the trace of an entry with a finding is written, and how the report names that folder; null: no traces. */
  traces: { dir: string; named: string } | null;
}

export function writeAuditPlan(file: string, plan: AuditPlan): void {
  writeFileSync(file, `${JSON.stringify(plan)}\n`);
}

/** The plan of the audited target the workers check (`appTarget`, written by `planTarget`). */
export function auditPlanOf(target: AppTarget): AuditPlan {
  if (target.kind !== 'audited')
    throw new Error(`the audit's checks run against an audited app, not a ${target.kind} one: they run under faultline audit only.`);
  return JSON.parse(readFileSync(target.plan, 'utf8')) as AuditPlan;
}
