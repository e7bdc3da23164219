import { join } from 'node:path';
import { cleanWorkspaces } from '../audit/clean';
import { resolveJob, type AuditOptions, type AuditOutcome } from '../audit/job';
import { runAudit, startAudit } from '../audit/pipeline';
import { auditWorkspaces } from '../audit/workspace';
import { AUDIT_FOLDER } from '../audit/write';
import { CannotRun } from '../harness/failures';
import { readOptions } from '../harness/commands';
import { githubAnnotations, auditAsTable, baselineLine } from '../outputs/audit-report';
import { auditMatrixAsTable } from '../outputs/audit-matrix';
import { holdsEarlier } from '../outputs/out-dir';
import { catalogue } from '../scenarios/catalogue';
import type { VersionAudit } from '../verdict/audit-matrix';
import { findingCount, incompleteness, judgedInWords, reachedOutInWords, type AuditResult } from '../verdict/audit-result';
import { DEFAULT_LEVELS, failingFindings } from '../verdict/levels';
import { parseCommand } from './options';
import { Progress, StageProgress } from './progress';
import { resolveScenario } from './select';
import { Stopping } from './stopping';
import { EXIT, UsageError } from './usage-error';

/**
 * `faultline audit` on the command line: what it was asked, parsed and checked; the pipeline run
 * (audit/pipeline.ts: the app on its own `next`, or over versions with `--next`/`--upgrade-to`;
 * either way the app's tree is only read and proven unchanged at the end, the earlier outputs in
 * `--out` staying until the new ones are complete); what came of it printed; stopped by a signal,
 * what was stopped said, 130 or 143.
 */

export function parseAuditArgs(argv: string[]): AuditOptions {
  const { values, positionals } = parseCommand('audit', argv, { positionals: true });
  // --clean takes nothing else (its declaration refuses the rest), an audit one app folder.
  if (!values.clean && positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'audit needs the folder of the app to audit: faultline audit ../my-app'
        : `audit takes one app folder (got ${positionals.join(' ')})`,
    );
  for (const id of values.scenario as string[]) resolveScenario(catalogue, id);
  const options = readOptions('audit', values, argv);
  return {
    ...options,
    app: positionals[0] ?? '.',
    versions: [...new Set([...options.versions, ...(options.upgradeTo ? [options.upgradeTo] : [])])],
    outGiven: argv.some((arg) => arg === '--out' || arg.startsWith('--out=')),
    config: null,
    skip: {},
    privacyAllow: [],
    levels: DEFAULT_LEVELS,
    routes: {},
  };
}

const say = (line: string) => console.log(line);

/** `faultline audit`: the job resolved, the audit started, run and printed; its exit code. */
export async function audit(options: AuditOptions): Promise<number> {
  if (options.clean) return cleanAll();
  const job = await resolveJob(options);
  const started = await startAudit(job, say);
  const stopping = new Stopping();
  // An audit of the app on its own next says each stage as it begins, and on a terminal how far it is, its own lines above it; one over versions has its steps' line.
  const stages = job.overVersions ? null : new StageProgress();
  if (stages) stopping.onStage = (stage) => stages.stage(stage);
  const io = stages
    ? { say: (line: string) => stages.note(line), stopping, progress: new Progress(), entries: (done: number, total: number) => stages.entries(done, total) }
    : { say, stopping, progress: new Progress() };
  try {
    const outcome = await runAudit(job, started, io);
    stages?.finish();
    return printed(outcome);
  } catch (error) {
    stages?.finish();
    // Whatever part the signal ended first (the build, the runner, next start), the signal is the cause.
    if (stopping.by) return stopping.exit(holdsEarlier(job.out, AUDIT_FOLDER) ? `no report written (${job.out} keeps the one before)` : 'no report written');
    throw error;
  } finally {
    stopping.onStage = undefined;
    stopping.dispose();
    started.stop();
  }
}

/** `faultline audit --clean`: every audit workspace removed (none an audit holds now), said in a line. */
function cleanAll(): number {
  const { removed, held } = cleanWorkspaces();
  const kept = held.length > 0 ? `; ${held.length} kept: an audit is using ${held.length > 1 ? 'them' : 'it'} (${held.join(', ')})` : '';
  console.log(`Removed ${removed.length} audit workspace${removed.length === 1 ? '' : 's'} from ${auditWorkspaces()}${kept}`);
  return EXIT.ok;
}

/** What an audit came to, said; its exit code. */
const printed = (outcome: AuditOutcome): number =>
  'result' in outcome
    ? printAudit(outcome.result, outcome.out)
    : printMatrix(outcome.matrix.columns, outcome.out, outcome.seconds, auditMatrixAsTable(outcome.matrix));

/**
 * An audit's table and findings said (its files written), its exit code: 1 on findings, 2 when
 * incomplete. Against a baseline, only what it does not accept fails it, and a check the team set
 * to warn fails nothing: said, never red.
 */
export function printAudit(result: AuditResult, out: string): number {
  say('');
  say(auditAsTable(result));
  say('');
  const count = findingCount(result);
  const shard = result.shard ? ` (shard ${result.shard.current}/${result.shard.total}: faultline merge joins the shards)` : '';
  say(
    `${count} finding${count === 1 ? '' : 's'} in ${judgedInWords(result.entries)}${shard} (${result.notApplicable.length} ` +
      `not applicable); the app's files are unchanged. Test phase ${result.testSeconds} s. Report: ${join(out, 'audit.html')}`,
  );
  if (result.baseline) say(baselineLine(result.baseline));
  for (const line of result.unseen ?? []) say(`Not seen: ${line}`);
  // In GitHub Actions, each finding an annotation as well, as a run's failures are.
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of githubAnnotations(result)) say(line);
  if (result.reachedOut?.length)
    say(`The app tried to reach beyond this machine, every request refused (nothing left it): ${reachedOutInWords(result.reachedOut)}`);
  // Part of what was placed went unjudged: the audit says less than it claims, whatever it found.
  const incomplete = incompleteness(result);
  if (incomplete) throw new CannotRun('audited app', incomplete);
  return failingFindings(result).length > 0 ? EXIT.deviates : EXIT.ok;
}

/** The audit matrix's table and files said; 2 when a version could not be audited (or not wholly), each said in a line; else 1 when any has findings that fail. */
function printMatrix(audits: readonly VersionAudit[], out: string, seconds: number, table: string): number {
  console.log(`\n${table}\n`);
  console.log(
    `audit matrix in ${seconds.toFixed(1)} s; the app's files are unchanged; wrote ${join(out, 'audit-matrix.html')} (and audit-matrix.json, audit-matrix.md)`,
  );
  const failed = audits.filter((done) => done.error !== undefined);
  for (const done of failed) console.error(`faultline: next ${done.next}: ${done.error}`);
  const incomplete = audits.flatMap((done) => (done.result && incompleteness(done.result) ? [`next ${done.next}: ${incompleteness(done.result)}`] : []));
  for (const line of incomplete) console.error(`faultline: ${line}`);
  if (failed.length > 0 || incomplete.length > 0) return EXIT.cannotJudge;
  return audits.some((done) => done.result && failingFindings(done.result).length > 0) ? EXIT.deviates : EXIT.ok;
}
