import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shardSetProblem, type ConformanceReport } from '../verdict/report';
import { accountFor, outcomeOf, reporters } from './run-report';
import { AUDIT_FOLDER, writeAuditFiles } from '../audit/write';
import { catalogue } from '../scenarios/catalogue';
import { mergeAuditShards, type AuditResult } from '../verdict/audit-result';
import { printAudit } from './audit';
import { claimOutDir, refuseInputs, stagingIn } from '../outputs/out-dir';
import { OUT_FOLDERS } from '../contract';
import { UsageError } from './usage-error';
import { readOptions, type OptionsOf } from '../harness/commands';
import { parseCommand } from './options';
import { blobsIn, refuseCutBlobs, replayBlobs } from './blob-reports';
import { BLOB_DIR } from '../outputs/reporters/blob';

/**
 * What `faultline merge` was asked, as its declaration reads it (harness/commands.ts), its `--out`
 * resolved (its default is a run's folder, or an audit's); and the folders it merges: the shards of
 * a run or of an audit (`faultline audit --shard`), with the selection every shard shares.
 */
export type MergeOptions = Omit<OptionsOf<'merge'>, 'out'> & {
  out: string;
  dirs: string[];
  audit: boolean;
  selection: string;
};

function readReportOf(dir: string): ConformanceReport | undefined {
  const file = join(dir, 'report.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
  } catch {
    throw new UsageError(`${file} is not a faultline report (not JSON)`);
  }
}

const manifestOf = (dir: string): ConformanceReport['run'] | undefined => readReportOf(dir)?.run;

export function parseMergeArgs(argv: string[]): MergeOptions {
  const { values, positionals } = parseCommand('merge', argv, { positionals: true });
  const given = readOptions('merge', values, argv);
  const dirs = positionals.map((dir) => resolve(dir));
  if (dirs.length === 0) throw new UsageError('merge takes the --out folders of the shard runs: faultline merge DIR... [--out DIR]');
  // An audit's shards carry their audit whole; the set is checked when they are read.
  if (dirs.some((dir) => auditOutputIn(dir) !== null)) {
    for (const dir of dirs) refuseCutBlobs(dir);
    const out = resolve(given.out ?? OUT_FOLDERS.audit);
    refuseInputs(out, dirs);
    return { dirs, out, selection: '', audit: true };
  }
  for (const dir of dirs) {
    if (blobsIn(dir).length === 0) throw new UsageError(`${dir} holds no blob report (${BLOB_DIR}/*.zip); is it the --out of a faultline run?`);
    refuseCutBlobs(dir);
  }
  const out = resolve(given.out ?? OUT_FOLDERS.run);
  refuseInputs(out, dirs);
  const runs = dirs.map((dir) => ({ dir, run: manifestOf(dir) }));
  const problem = shardSetProblem(runs);
  if (problem) throw new UsageError(`Cannot merge: ${problem}`);
  return { dirs, out, selection: runs[0].run!.selection, audit: false };
}

/** Merges shard outputs into one set of reports, as one unsharded run would have written them. */
export async function merge(options: MergeOptions, root: string): Promise<number> {
  if (options.audit) return mergeAudits(options.dirs, options.out, root);
  claimOutDir(options.out);
  const code = await replayBlobs(options.dirs, reporters(options.out, { blob: false }), {
    root,
    selection: options.selection,
    proof: join(options.out, 'report.json'),
  });
  // What no check claimed on each shard's server: the merged run deviates on it as each shard did.
  accountFor(
    options.out,
    options.dirs.flatMap((dir) => readReportOf(dir)?.run.unaccounted ?? []),
  );
  return outcomeOf(options.out, code);
}

/** The audit a `faultline audit` out folder holds, or null when it holds none (a run's, say). */
export function auditOutputIn(dir: string): AuditResult | null {
  const file = join(dir, 'report.json');
  if (!existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as Partial<AuditResult>;
    return report.app && Array.isArray(report.entries) && Array.isArray(report.notApplicable) ? (report as AuditResult) : null;
  } catch {
    return null;
  }
}

/**
 * `faultline merge` of the out folders of `faultline audit --shard I/N`: refused (exit 2) unless
 * they are every shard of one audit exactly once; then the audit one unsharded run would have
 * written (report.json, junit.xml, audit.html, every shard's screens and traces; from shards
 * audited with `--trace`, Playwright's HTML report of every entry) and its exit code.
 */
export async function mergeAudits(dirs: readonly string[], out: string, root: string): Promise<number> {
  const shards = dirs.map((dir) => ({ dir, result: auditOutputIn(dir) }));
  const other = shards.find(({ result }) => result === null);
  if (other) throw new UsageError(`Cannot merge: ${other.dir} holds no faultline audit, and the others do: a run's shards and an audit's are merged apart`);
  const problem = shardSetProblem(shards.map(({ dir, result }) => ({ dir, run: result! })));
  if (problem) throw new UsageError(`Cannot merge: ${problem}`);
  // A shard audited with --trace leaves a blob report; the merged HTML report needs every shard's.
  const traced = shards.filter(({ dir }) => blobsIn(dir).length > 0);
  if (traced.length > 0 && traced.length < shards.length) {
    const untraced = shards.find((shard) => !traced.includes(shard))!;
    throw new UsageError(
      `Cannot merge: ${traced[0].dir} was audited with --trace and ${untraced.dir} without it (no blob report): audit every shard with the same options`,
    );
  }
  claimOutDir(out, AUDIT_FOLDER, { keepEarlier: true });
  // Staged as an audit stages them: the merged audit replaces what `out` held once it is complete.
  const staging = stagingIn(out);
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const { dir } of shards) {
      for (const folder of ['screens', 'traces']) if (existsSync(join(dir, folder))) cpSync(join(dir, folder), join(staging, folder), { recursive: true });
    }
    if (traced.length > 0) {
      const html = join(staging, 'html');
      await replayBlobs(dirs, [['html', { outputFolder: html, open: 'never' }]], { root, selection: '', proof: join(html, 'index.html'), quiet: true });
    }
    const merged = mergeAuditShards(
      shards.map(({ result }) => result!),
      catalogue.map((scenario) => scenario.id),
    );
    writeAuditFiles(merged, out, staging);
    return printAudit(merged, out);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
