import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { shardSetProblem, type ConformanceReport } from '../verdict/report';
import { outcomeOf, reporters } from './run';
import { claimOutDir } from './out-dir';
import { UsageError } from './usage-error';
import { ENV } from '../harness/contract';

export interface MergeOptions {
  dirs: string[];
  out: string;
  /** The selection every shard shares: the merged report's too. */
  selection: string;
}

function manifestOf(dir: string): ConformanceReport['run'] | undefined {
  const file = join(dir, 'report.json');
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport).run;
  } catch {
    throw new UsageError(`${file} is not a faultline report (not JSON)`);
  }
}

/** Where `faultline run` leaves the blob report that `merge` reads. */
export const BLOB_DIR = 'blob';

export function parseMergeArgs(argv: string[]): MergeOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { out: { type: 'string', default: 'faultline-report' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const dirs = parsed.positionals.map((dir) => resolve(dir));
  if (dirs.length === 0) throw new UsageError('merge takes the --out folders of the shard runs: faultline merge DIR... [--out DIR]');
  for (const dir of dirs) {
    const blobs = blobsIn(dir);
    if (blobs.length === 0) throw new UsageError(`${dir} holds no blob report (${BLOB_DIR}/*.zip); is it the --out of a faultline run?`);
    const corrupt = blobs.find((blob) => !isZip(blob));
    if (corrupt) throw new UsageError(`${corrupt} is not a blob report (not a zip file): the shard's upload may be incomplete`);
  }
  const out = resolve(parsed.values.out);
  if (dirs.includes(out)) throw new UsageError(`--out ${out} is one of the folders to merge; pick another`);
  const runs = dirs.map((dir) => ({ dir, run: manifestOf(dir) }));
  const problem = shardSetProblem(runs);
  if (problem) throw new UsageError(`Cannot merge: ${problem}`);
  return { dirs, out, selection: runs[0].run!.selection };
}

/** A zip file starts with a local file header (or, empty, with the end of central directory). */
function isZip(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  return head.equals(Buffer.from('PK\x03\x04', 'latin1')) || head.equals(Buffer.from('PK\x05\x06', 'latin1'));
}

function blobsIn(dir: string): string[] {
  const blobDir = join(dir, BLOB_DIR);
  return existsSync(blobDir) ? readdirSync(blobDir).filter((name) => name.endsWith('.zip')).map((name) => join(blobDir, name)) : [];
}

/** Merges shard outputs into one set of reports, as one unsharded run would have written them. */
export async function merge(options: MergeOptions, root: string): Promise<number> {
  const gathered = mkdtempSync(join(tmpdir(), 'faultline-merge-'));
  try {
    options.dirs.forEach((dir, i) => {
      for (const blob of blobsIn(dir)) copyFileSync(blob, join(gathered, `${i + 1}-${blob.split('/').at(-1)}`));
    });
    claimOutDir(options.out);
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn(
        process.execPath,
        [join(root, 'node_modules/@playwright/test/cli.js'), 'merge-reports', '--config', join(root, 'cli/merge.config.ts'), gathered],
        {
          cwd: root,
          env: { ...process.env, [ENV.reporter]: JSON.stringify(reporters(options.out, { blob: false })), [ENV.selection]: options.selection },
          stdio: 'inherit',
        },
      );
      child.on('error', fail);
      child.on('close', done);
    });
    return outcomeOf(options.out, code);
  } finally {
    rmSync(gathered, { recursive: true, force: true });
  }
}
