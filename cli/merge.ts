import { spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { shardSetProblem, type ConformanceReport } from '../verdict/report';
import { accountFor, outcomeOf, reporters } from './run-report';
import { auditOutputIn, mergeAudits } from './audit-merge';
import { claimOutDir, refuseInputs } from './out-dir';
import { UsageError } from './usage-error';
import { parseCommandArgs } from './args';
import { parseOptionsOf } from './options';
import { CannotRun } from '../harness/failures';
import { ENV } from '../harness/contract';
import { ownModule, playwrightCli } from '../harness/root';

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

/** Where `faultline run` leaves the blob report that `merge` reads. */
export const BLOB_DIR = 'blob';

export function parseMergeArgs(argv: string[]): MergeOptions {
  const parsed = parseCommandArgs({ args: argv, options: parseOptionsOf('merge'), strict: true, allowPositionals: true });
  const dirs = parsed.positionals.map((dir) => resolve(dir));
  if (dirs.length === 0) throw new UsageError('merge takes the --out folders of the shard runs: faultline merge DIR... [--out DIR]');
  // An audit's shards carry their audit whole; the set is checked when they are read.
  if (dirs.some((dir) => auditOutputIn(dir) !== null)) {
    const out = resolve(parsed.values.out ?? 'faultline-audit');
    refuseInputs(out, dirs);
    return { dirs, out, selection: '', audit: true };
  }
  for (const dir of dirs) {
    const blobs = blobsIn(dir);
    if (blobs.length === 0) throw new UsageError(`${dir} holds no blob report (${BLOB_DIR}/*.zip); is it the --out of a faultline run?`);
    for (const blob of blobs) {
      const problem = zipProblem(blob);
      if (problem) throw new UsageError(`${blob} is not a blob report (${problem}): the shard's upload may be incomplete`);
    }
  }
  const out = resolve(parsed.values.out ?? 'faultline-report');
  refuseInputs(out, dirs);
  const runs = dirs.map((dir) => ({ dir, run: manifestOf(dir) }));
  const problem = shardSetProblem(runs);
  if (problem) throw new UsageError(`Cannot merge: ${problem}`);
  return { dirs, out, selection: runs[0].run!.selection, audit: false };
}

/**
 * Why `file` is not a whole zip file, or null: a zip starts with a local file header (or, empty,
 * with the end of its central directory) and ends with that end record; a cut-off upload keeps the
 * start and loses the end.
 */
function zipProblem(file: string): string | null {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    if (!head.equals(Buffer.from('PK\x03\x04', 'latin1')) && !head.equals(Buffer.from('PK\x05\x06', 'latin1'))) return 'not a zip file';
    // The end record is 22 bytes plus a comment of at most 65,535.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    readSync(fd, tail, 0, tailLength, size - tailLength);
    return tail.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1')) === -1 ? 'a zip file cut off: it has no end record' : null;
  } finally {
    closeSync(fd);
  }
}

function blobsIn(dir: string): string[] {
  const blobDir = join(dir, BLOB_DIR);
  return existsSync(blobDir)
    ? readdirSync(blobDir)
        .filter((name) => name.endsWith('.zip'))
        .map((name) => join(blobDir, name))
    : [];
}

/** Merges shard outputs into one set of reports, as one unsharded run would have written them. */
export async function merge(options: MergeOptions, root: string): Promise<number> {
  if (options.audit) return mergeAudits(options.dirs, options.out);
  const gathered = mkdtempSync(join(tmpdir(), 'faultline-merge-'));
  try {
    options.dirs.forEach((dir, i) => {
      for (const blob of blobsIn(dir)) copyFileSync(blob, join(gathered, `${i + 1}-${blob.split('/').at(-1)}`));
    });
    claimOutDir(options.out);
    // Playwright's own errors (a stack, for a blob it cannot read) go to a log; the terminal gets one line.
    const logFile = join(root, '.faultline', `merge-${process.pid}.log`);
    mkdirSync(dirname(logFile), { recursive: true });
    let errors = '';
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn(process.execPath, [playwrightCli(), 'merge-reports', '--config', ownModule('harness/reporters/merge.config'), gathered], {
        cwd: root,
        env: { ...process.env, [ENV.reporter]: JSON.stringify(reporters(options.out, { blob: false })), [ENV.selection]: options.selection },
        stdio: ['ignore', 'inherit', 'pipe'],
      });
      child.stderr.on('data', (chunk) => (errors += chunk));
      child.on('error', fail);
      child.on('close', done);
    });
    writeFileSync(logFile, errors);
    if (code !== 0 && !existsSync(join(options.out, 'report.json'))) {
      const said =
        errors
          .replace(/\x1b\[[\d;]*m/g, '')
          .split('\n')
          .find((line) => line.trim() !== '')
          ?.trim() ?? 'no message';
      throw new CannotRun('faultline', `the merge could not read the shards' blob reports (${said}); Playwright's output: ${logFile}`);
    }
    // What no check claimed on each shard's server: the merged run deviates on it as each shard did.
    accountFor(
      options.out,
      options.dirs.flatMap((dir) => readReportOf(dir)?.run.unaccounted ?? []),
    );
    return outcomeOf(options.out, code);
  } finally {
    rmSync(gathered, { recursive: true, force: true });
  }
}
