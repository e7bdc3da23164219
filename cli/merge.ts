import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shardSetProblem, type ConformanceReport } from '../verdict/report';
import { accountFor, outcomeOf, reporters } from './run-report';
import { auditOutputIn, mergeAudits } from './audit/merge';
import { claimOutDir, refuseInputs } from '../outputs/out-dir';
import { UsageError } from './usage-error';
import { parseCommandArgs } from './args';
import { parseOptionsOf } from './options';
import { blobsIn, refuseCutBlobs, replayBlobs } from './blob-reports';
import { BLOB_DIR } from '../outputs/reporters/blob';

export interface MergeOptions {
  dirs: string[];
  out: string;
  /** The folders are the shards of an audit (`faultline audit --shard`), not of a run. */
  audit: boolean;
  /** The selection every shard shares: the merged report's too. */
  selection: string;
}

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
  const parsed = parseCommandArgs({ args: argv, options: parseOptionsOf('merge'), strict: true, allowPositionals: true });
  const dirs = parsed.positionals.map((dir) => resolve(dir));
  if (dirs.length === 0) throw new UsageError('merge takes the --out folders of the shard runs: faultline merge DIR... [--out DIR]');
  // An audit's shards carry their audit whole; the set is checked when they are read.
  if (dirs.some((dir) => auditOutputIn(dir) !== null)) {
    for (const dir of dirs) refuseCutBlobs(dir);
    const out = resolve(parsed.values.out ?? 'faultline-audit');
    refuseInputs(out, dirs);
    return { dirs, out, selection: '', audit: true };
  }
  for (const dir of dirs) {
    if (blobsIn(dir).length === 0) throw new UsageError(`${dir} holds no blob report (${BLOB_DIR}/*.zip); is it the --out of a faultline run?`);
    refuseCutBlobs(dir);
  }
  const out = resolve(parsed.values.out ?? 'faultline-report');
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
