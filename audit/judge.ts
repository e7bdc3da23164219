import { createHash } from 'node:crypto';
import { AUDIT_SEGMENT } from '../contract';
import { CannotRun } from '../harness/failures';
import type { AuditEntryRecord } from '../verdict/attachment';
import { appFindings, eventKey, unseenReporting, type AuditContext } from '../verdict/audit-reporting';
import { errorBeforeEveryEntry, reachedOut, type AuditResult } from '../verdict/audit-result';
import { withLevels } from '../verdict/levels';
import { readReporters } from './app/error-reporters';
import { bundlerOf } from '../scenarios/next-adaptations';
import { withBaseline } from './baseline-file';
import { plannedEntries } from './build';
import type { Checked } from './test-phase';
import type { PlannedEntry } from './entry-kind';
import type { AuditJob } from './job';
import { sourceSetupIn } from './source/setup';
import { sourceCheck } from './source/check';

/**
 * The judgement of an audit, after its check: every kind's records composed into one result with
 * what the server saw over the whole run (the reports no entry claimed, what the app tried to
 * reach, a wall of the app's own before every entry), then read against the team's levels and,
 * for one whole audit of the app's own version, its baseline.
 */

/**
 * The placed entries' outcomes in the catalogue's order, from what each recorded: judged; not
 * applicable, beside what the placement ruled out, where driving it found the app's shape rules it
 * out; not judged, where faultline failed to.
 */
export function entryOutcomes(placed: readonly string[], ruledOut: readonly { id: string; why: string }[], records: readonly AuditEntryRecord[]) {
  const byId = new Map(records.map((record) => [record.id, record]));
  const inOrder = placed.flatMap((id) => byId.get(id) ?? []);
  return {
    judged: inOrder.flatMap((record) => ('judged' in record ? [record.judged] : [])),
    notApplicable: [...ruledOut, ...inOrder.flatMap((record) => ('notApplicable' in record ? [{ id: record.id, why: record.notApplicable }] : []))],
    notJudged: inOrder.flatMap((record) => ('notJudged' in record ? [{ id: record.id, why: record.notJudged }] : [])),
  };
}

/**
 * Every report no entry's check claimed, offered to each kind in turn: one about an entry of the
 * kind is that entry's however late it came (a reporter that sent after its check ended), the
 * entry judged again with it, as its worker judged it; only the others are nobody's.
 */
function claimedLate({ built, records, run, privacyAllow }: Checked, { sentry, reads, setup, tunnel }: AuditContext) {
  const claimed = new Set([...records.values()].flatMap((record) => ('claimed' in record ? record.claimed : [])));
  const settled = {
    log: run.log,
    countsDeliveries: built.plumbing.countsDeliveries,
    reporting: { sentry, reads, setup, tunnel, privacyAllow: [...privacyAllow] },
  };
  return built.kinds.reduce(
    (done, kind, i) => {
      const late = kind.late(built.placements[i].entries, records, done.nobodys, settled);
      return { records: new Map([...done.records, ...late.records.map((record) => [record.id, record] as const)]), nobodys: late.left };
    },
    { records: new Map(records), nobodys: run.reports.filter(({ event }) => !claimed.has(eventKey(event))) },
  );
}

/** The audit's result from what the entries recorded and what the server saw in the run; a wall of the app's own before every entry is the app's, not findings. */
export function resultOf(checked: Checked): AuditResult {
  const { built, run, logFile, shard, testSeconds } = checked;
  const { app, version, placements, substituted, build } = built;
  const reporting = {
    sentry: app.sentry,
    otherReporters: app.otherReporters.map(({ name, via }) => `${name} (${via})`),
    reads: readReporters(app.otherReporters),
    browserReporters: app.browserReporters.map(({ name, via }) => `${name} (${via})`),
    // Whoever sent what arrived is judged, whether or not the app's files showed the way (an alias, a workspace package).
    seen: [...new Set(run.reports.flatMap((report) => (report.reporter ? [report.reporter] : [])))],
    setup: app.sentrySetup ?? undefined,
    tunnel: app.sentrySetup?.tunnel,
  };
  const { records, nobodys } = claimedLate(checked, reporting);
  // The server's refusals of the whole run (an entry's and those between entries), the pages' of each entry.
  const browserRefused = [...records.values()].flatMap((record) => ('judged' in record ? (record.judged.refused?.browser ?? []) : []));
  const { judged, notApplicable, notJudged } = entryOutcomes(
    plannedEntries(placements).map((entry) => entry.id),
    placements.flatMap((placement) => placement.notApplicable),
    [...records.values()],
  );
  // Fifty findings of one failure of the app's own (its layout needs a database) would blame the app's failure behaviour for a wall.
  const naming = built.kinds.map((kind, i) => ({ entries: placements[i].entries, named: kind.named(placements[i].entries) }));
  const named = naming.flatMap((kind) => kind.named).filter((id) => records.has(id));
  // Only the kinds whose errors name their entries tell a wall apart: a route of the app's answering 200 is no sign against one.
  const telling = new Set(naming.flatMap((kind) => (kind.named.length > 0 ? kind.entries.map((entry) => entry.id) : [])));
  const wall = errorBeforeEveryEntry(
    judged.filter((entry) => telling.has(entry.id)),
    run.log,
    named,
    AUDIT_SEGMENT,
  );
  if (wall)
    throw new CannotRun(
      'audited app',
      `every placed failure met the same error of the app's own: ${wall} (its server log: ${logFile}); the app needs ` +
        `what is not here (a database, a session, a variable), so none of its failure behaviour can be judged`,
    );
  // The source check runs over every judged entry, whatever its kind placed: where the entry's error is made is what its kind told.
  const source = sourceCheck(
    judged,
    records,
    plannedEntries(placements),
    { root: built.dir, distDir: app.distDir },
    sourceSetupIn(built.dir, app.configFile, bundlerOf(version)),
  );
  return {
    app: {
      root: app.root,
      name: app.name,
      next: version,
      sentry: app.sentry,
      appDir: app.appDir,
      basePath: app.basePath,
      distDir: app.distDir,
      packageManager: app.packageManager,
    },
    substituted,
    appFindings: appFindings(reporting, nobodys),
    unseen: [...unseenReporting(reporting), ...source.unseen],
    entries: source.entries,
    notApplicable,
    reachedOut: reachedOut([{ server: run.blocked, browser: browserRefused }]),
    notJudged,
    treeUnchanged: true,
    build: { built: build.built, seconds: Math.round(build.ms / 100) / 10 },
    testSeconds,
    shard,
    selection: auditSelection(app.name, version, plannedEntries(placements)),
  };
}

/** What an audit checked, as a short hash: every shard of one audit shares it, and `merge` checks it. */
export function auditSelection(app: string, next: string, planned: readonly PlannedEntry[]): string {
  const what = JSON.stringify({ app, next, placed: planned.map((entry) => entry.id) });
  return createHash('sha256').update(what).digest('hex').slice(0, 16);
}

/** A result judged by the team's levels (a check at warn said, one off not judged), its config's or the defaults: never part of what was observed. */
export const leveled = <R extends AuditResult>({ options }: AuditJob, result: R): R =>
  withLevels(result, options.levels, options.config ?? "faultline's defaults");

/** One audit of the app judged: the team's levels, then its baseline (written first where `--update-baseline` asks), each said in a line. */
export const judged = (job: AuditJob, result: AuditResult, say: (line: string) => void): AuditResult => withBaseline(leveled(job, result), job.baseline, say);
