import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { plannedEntries, type BuiltForAudit } from './build';
import { DEFAULT_LIMITS, withinLimit } from '../harness/limits';
import { kindServers, phaseFiles, planOf, type PhaseFiles, type PlanOptions } from './target-plan';
import { NotSettled, settleServer, type AuditedServer, type AuditedServerReader } from '../harness/audited-app';
import { planTarget } from '../harness/serve';
import { aimAt, type AppTarget } from '../harness/target';
import { DEFAULT_WORKERS, ENV } from '../contract';
import { followRun } from '../harness/events';
import { CannotRun, UsageError, type BrokenPart } from '../harness/failures';
import { faultlineRoot, ownModule } from '../harness/root';
import { blobReporter } from '../outputs/reporters/blob';
import { Checking, checksArgs } from '../harness/engine';
import { auditRecordAttachment, type AuditEntryRecord } from '../verdict/attachment';
import type { EndedTest } from '../outputs/reporters/events-reporter';

/** How one version's built app is checked: what its target's plan says, and how the checks run and are told. */
export interface CheckOptions extends PlanOptions {
  say: (line: string) => void;
  /** Told what the audit is doing (a signal that stops it names the stage), and listened to. */
  stopping?: { stage: string; readonly signal: AbortSignal };
  /** Playwright workers, each with its browser. */
  workers?: number;
  /** Check only shard `current` of `total` of the placed entries. */
  shard?: { current: number; total: number } | null;
  /** Each entry as its check ends (the `done`-th of `total`); by default a line said. */
  onEntry?: (done: number, total: number, record: AuditEntryRecord) => void;
}

/** An entry's progress line: `  [3/51] server-page-throws: classic fallback, 5 findings`. */
export const sayEntry = (say: (line: string) => void) => (done: number, total: number, record: AuditEntryRecord) => {
  const head = `  [${done}/${total}] ${record.id}:`;
  if ('notJudged' in record) return say(`${head} not judged: ${record.notJudged}`);
  if ('notApplicable' in record) return say(`${head} not applicable: ${record.notApplicable}`);
  const count = record.judged.findings.length;
  say(`${head} ${record.judged.screen}, ${count ? `${count} finding${count > 1 ? 's' : ''}` : 'no finding'}`);
};

/** What the check stage saw: every entry's record, and what the server did over the whole test phase. */
export interface Checked {
  built: BuiltForAudit;
  records: ReadonlyMap<string, AuditEntryRecord>;
  /** The server's reports, what it was refused, and its log, since it started. */
  run: ReturnType<AuditedServerReader['since']>;
  logFile: string;
  shard: { current: number; total: number } | null;
  testSeconds: number;
  /** The fields the team's reports may carry (its config's `privacyAllow`), as the workers judged the entries: a kind judges one again with them. */
  privacyAllow: readonly string[];
}

/**
 * An ended test as the audit reads it: the entry's record it attached; past its limit, not judged
 * (an entry whose page or server kept it busy is the app's to explain, never a crash of
 * faultline's); without a record, a failure of faultline's own; stopped because a part broke, or
 * skipped, nothing (the part is named by what stopped it).
 */
export function entryEnded(ended: EndedTest): { record: AuditEntryRecord } | { error: string } | null {
  if (ended.record !== undefined) return { record: ended.record as AuditEntryRecord };
  if (ended.status === 'timedOut') return { record: { id: ended.id, notJudged: `its check did not end ${withinLimit('entry', ended.timeoutSeconds)}` } };
  if (ended.status === 'interrupted' || ended.status === 'skipped') return null;
  return { error: `${ended.id}: ${ended.error ?? `its check ${ended.status} without its record`}` };
}

/**
 * The entries' records as the events reporter appends them, each said as it ends; how many the run
 * checks (every placed entry, or this shard's: Playwright says how many), and the errors: outside any
 * entry, and of a check that ended without its record.
 */
function followEntries(eventsFile: string, placed: number, tellEntry: NonNullable<CheckOptions['onEntry']>) {
  const records = new Map<string, AuditEntryRecord>();
  const { seen, stop } = followRun<EndedTest>(eventsFile, (event) => {
    const ended = entryEnded(event);
    if (ended && 'error' in ended) seen.errors.push(ended.error);
    if (!ended || !('record' in ended)) return;
    records.set(ended.record.id, ended.record);
    tellEntry(records.size, planned(), ended.record);
  });
  const planned = () => seen.planned ?? placed;
  return { records, seen, stop, planned };
}
type Entries = ReturnType<typeof followEntries>;

/** Playwright's runner over the `audit` project: its reporters, and the arguments that say the workers, the entry's limit and the shard. */
function startRunner(
  checking: Checking,
  files: PhaseFiles,
  target: AppTarget,
  env: NodeJS.ProcessEnv,
  { reportDir, shard = null, workers = DEFAULT_WORKERS.audit, limits = DEFAULT_LIMITS }: CheckOptions,
) {
  const reporters = [
    [ownModule('outputs/reporters/events-reporter'), { eventsFile: files.events, record: auditRecordAttachment.name }],
    ...(reportDir ? [['html', { outputFolder: join(reportDir, 'html'), open: 'never' }]] : []),
    // A shard's HTML report holds its own entries: `faultline merge` makes the whole audit's from every shard's blob report, as a run's.
    ...(reportDir && shard ? [blobReporter(reportDir)] : []),
  ];
  const args = checksArgs({ project: 'audit', workers, shard, timeoutSeconds: limits.entry });
  // The audited target, as every target reaches its workers: an enclosing run's is never inherited.
  const runnerEnv = aimAt({ ...env, [ENV.reporter]: JSON.stringify(reporters), [ENV.outputDir]: join(files.state, 'test-results') }, target);
  const runner = checking.start(faultlineRoot, args, runnerEnv);
  // Playwright's own output is for faultline's maintainers: every line a user reads comes from the events.
  const log = createWriteStream(files.runnerLog);
  runner.child.stdout?.pipe(log);
  runner.child.stderr?.pipe(log);
  return runner;
}

/** Why the run's checks cannot stand for the audit (a shard with nothing, no entry reached, a check that broke, entries unchecked); nothing when they can. */
function assertChecked(
  entries: Entries,
  { kinds, placements }: Pick<BuiltForAudit, 'kinds' | 'placements'>,
  shard: CheckOptions['shard'],
  code: number | null,
  runnerLog: string,
): void {
  const {
    records,
    seen: { errors },
  } = entries;
  const planned = entries.planned();
  // A shard that holds no entry checked nothing: it never passes for an audit of the app.
  if (planned === 0 && shard) {
    const groups = kinds.reduce((sum, kind, i) => sum + kind.groups(placements[i].entries).length, 0);
    throw new UsageError(
      `nothing to audit in shard ${shard.current}/${shard.total}: its ${plannedEntries(placements).length} entries run in ${groups} ` +
        `group${groups > 1 ? 's' : ''}, so use at most ${groups} shard${groups > 1 ? 's' : ''}`,
    );
  }
  const unreachedAll = [...records.values()].every((record) => 'unreached' in record && record.unreached !== undefined);
  if (records.size > 0 && unreachedAll) {
    // The first in the catalogue's order, whichever worker ended first.
    const first = plannedEntries(placements).flatMap((entry) => records.get(entry.id) ?? [])[0] as { unreached: string };
    throw new CannotRun(
      'audited app',
      `none of the ${records.size} placed failures was reached: ${first.unreached}; a wall of the app's (a login, a ` +
        `locale redirect, its proxy) stands before its routes, and faultline judges only what it reaches (a session past ` +
        `a login: --cookie NAME=VALUE)`,
    );
  }
  if (errors.length > 0) throw new Error(`an entry's check failed in Playwright (${errors[0]}); Playwright's output: ${runnerLog}`);
  if (records.size < planned)
    throw new Error(`Playwright's runner ended (exit ${code}) with ${planned - records.size} of ${planned} entries unchecked; its output: ${runnerLog}`);
}

/**
 * The checks, from the runner's start to every server report of the run settled. A part that dies
 * (a worker's browser, next start, the audit's flush route) or a signal winds the runner down: the
 * checks stop, the server after them.
 */
async function checkEntries(
  server: AuditedServer,
  target: AppTarget,
  built: BuiltForAudit,
  files: PhaseFiles,
  entries: Entries,
  options: CheckOptions,
): Promise<void> {
  const { seen } = entries;
  const { app, plumbing, env } = built;
  const { stopping, shard = null, cookies = [], limits = DEFAULT_LIMITS } = options;
  const checking = new Checking(files.abort, stopping?.signal);
  checking.watchServer(server.exited, () => ({
    part: 'app server',
    cause: `next start ended during the audit (${seen.inFlight || 'before its first entry'}); its log: ${server.logFile}`,
  }));
  try {
    const runner = startRunner(checking, files, target, env, options);
    checking.serverStarting(server.ready);
    await server.ready;
    const code = await runner.finished;
    // What the reporter appended last is read before the records are counted.
    entries.stop();
    stopping?.signal.throwIfAborted();
    const { aborted } = checking;
    if (aborted) throw new CannotRun((aborted.part as BrokenPart | undefined) ?? 'faultline', aborted.cause);
    assertChecked(entries, built, shard, code, files.runnerLog);
    // Every server report of the run, once the last entry's flush is done: what no entry claimed (sent while none ran, or after its own flush) is nobody's.
    await settleServer(server, plumbing.flushes ? plumbing.flushRoute : null, app.basePath, cookies, limits.entry).catch((error: unknown) => {
      // No entry to leave unjudged here: a send that never lands after the last one is the app server's failure.
      throw error instanceof NotSettled ? new CannotRun('app server', error.message) : error;
    });
  } finally {
    await checking.dispose();
  }
}

/**
 * Every selected entry of the built app checked by Playwright's runner (the `audit` project: a
 * test per entry, `--workers` browsers), against the app server started here; then every server
 * report of the run accounted for. A part that dies (the browser, next start, the audit's own flush
 * route) stops the audit naming it, never an entry of the app left unjudged.
 */
export async function checkBuilt(dir: string, built: BuiltForAudit, options: CheckOptions): Promise<Checked> {
  const started = performance.now();
  const { app, placements, env } = built;
  const { screens, say, onEntry, stopping, limits = DEFAULT_LIMITS } = options;
  if (stopping) stopping.stage = 'the test phase';
  const files = phaseFiles(dir);
  mkdirSync(screens.dir, { recursive: true });
  const servers = kindServers(built, files.state);
  const planned = await planTarget({
    mode: 'audited',
    workspace: dir,
    env,
    basePath: app.basePath,
    limitSeconds: limits.start,
    planFile: files.plan,
    preloads: servers.map(({ preload }) => preload),
    plan: (server) => planOf(server, files, built, servers, options),
  });
  // The server boots while Playwright's runner and its workers start: each worker waits for it to serve.
  const server = await planned.launch();
  const start = { ...server.mark(), ingest: 0 };
  const entries = followEntries(files.events, plannedEntries(placements).length, onEntry ?? sayEntry(say));
  try {
    await checkEntries(server, planned.target, built, files, entries, options);
  } finally {
    entries.stop();
    await server.stop();
  }
  const testSeconds = Math.round((performance.now() - started) / 100) / 10;
  return {
    built,
    records: entries.records,
    run: server.since(start),
    logFile: server.logFile,
    shard: options.shard ?? null,
    testSeconds,
    privacyAllow: options.privacyAllow ?? [],
  };
}
