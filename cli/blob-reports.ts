import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CannotRun } from '../harness/failures';
import { ENV } from '../contract';
import { ownModule, playwrightCli } from '../harness/root';
import { BLOB_DIR } from '../outputs/reporters/blob';
import { UsageError } from './usage-error';

/** The blob reports a shard's out folder holds. */
export function blobsIn(dir: string): string[] {
  const blobDir = join(dir, BLOB_DIR);
  return existsSync(blobDir)
    ? readdirSync(blobDir)
        .filter((name) => name.endsWith('.zip'))
        .map((name) => join(blobDir, name))
    : [];
}

/** Refuses a blob report that is not a whole zip file (a shard's upload cut off), naming it. */
export function refuseCutBlobs(dir: string): void {
  for (const blob of blobsIn(dir)) {
    const problem = zipProblem(blob);
    if (problem) throw new UsageError(`${blob} is not a blob report (${problem}): the shard's upload may be incomplete`);
  }
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

/**
 * Replays the blob reports of the shards in `dirs` through `reporters` (`playwright merge-reports`),
 * as one unsharded runner would have written them; Playwright's exit code. Its own errors (a stack,
 * for a blob it cannot read) go to a log: when it wrote no `proof` file, one line names the log.
 * `quiet`: its progress lines go to the log too (an audit's lines are all its own).
 */
export async function replayBlobs(
  dirs: readonly string[],
  reporters: unknown[],
  { root, selection, proof, quiet = false }: { root: string; selection: string; proof: string; quiet?: boolean },
): Promise<number | null> {
  const gathered = mkdtempSync(join(tmpdir(), 'faultline-merge-'));
  try {
    dirs.forEach((dir, i) => {
      for (const blob of blobsIn(dir)) copyFileSync(blob, join(gathered, `${i + 1}-${blob.split('/').at(-1)}`));
    });
    const logFile = join(root, '.faultline', `merge-${process.pid}.log`);
    mkdirSync(dirname(logFile), { recursive: true });
    let errors = '';
    let progress = '';
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn(process.execPath, [playwrightCli(), 'merge-reports', '--config', ownModule('outputs/reporters/merge.config'), gathered], {
        cwd: root,
        env: { ...process.env, [ENV.reporter]: JSON.stringify(reporters), [ENV.selection]: selection },
        stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => (progress += chunk));
      child.stderr?.on('data', (chunk) => (errors += chunk));
      child.on('error', fail);
      child.on('close', done);
    });
    writeFileSync(logFile, progress + errors);
    if (code !== 0 && !existsSync(proof)) {
      const said =
        errors
          .replace(/\x1b\[[\d;]*m/g, '')
          .split('\n')
          .find((line) => line.trim() !== '')
          ?.trim() ?? 'no message';
      throw new CannotRun('faultline', `the merge could not read the shards' blob reports (${said}); Playwright's output: ${logFile}`);
    }
    return code;
  } finally {
    rmSync(gathered, { recursive: true, force: true });
  }
}
