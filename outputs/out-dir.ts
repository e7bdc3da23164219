import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { UsageError } from '../harness/failures';

/** A kind of folder faultline writes: the file that marks it as faultline's, and what it replaces there. */
export interface OutFolder {
  mark: string;
  written: string[];
  /** Whether `names` are an earlier folder of this kind written before the mark existed. */
  unmarked?: (names: string[]) => boolean;
}

/** A run's or a merge's reports. */
export const REPORT_FOLDER: OutFolder = {
  mark: '.faultline-report',
  // `cache-components`: the reports of a run's second configuration (`--configuration both`), never left from an earlier run.
  written: ['report.json', 'junit.xml', 'blob', 'html', 'test-results', 'cache-components'],
  unmarked: (names) => names.includes('report.json') && names.includes('blob'),
};

/** A matrix's outputs. */
export const MATRIX_FOLDER: OutFolder = { mark: '.faultline-matrix', written: ['matrix.json', 'matrix.md', 'matrix.html', 'screens'] };

/**
 * Makes `dir` ready for faultline's output: a new or empty folder, or an earlier one of the same
 * kind (whose own files are replaced, at once or, with `keepEarlier`, only once the new ones are
 * complete: `replaceEarlier`). A folder with anything else is refused before anything is deleted.
 */
export function claimOutDir(dir: string, kind: OutFolder = REPORT_FOLDER, { keepEarlier = false } = {}): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out ${dir} is a file, not a folder; give a new or empty folder`);
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const earlier = names.includes(kind.mark) || (kind.unmarked?.(names) ?? false);
  if (names.length > 0 && !earlier) {
    throw new UsageError(`--out ${dir} holds files faultline did not write; give a new or empty folder (nothing was deleted)`);
  }
  makeFolder(dir);
  if (!keepEarlier) replaceEarlier(dir, kind);
  writeFileSync(join(dir, kind.mark), 'faultline writes here, and replaces what it wrote on the next run.\n');
}

/** Where a command stages what it writes (a run's reports, an audit's screens and traces): moved into `--out` once complete. */
export const stagingIn = (out: string) => join(out, '.faultline-incoming');

/** Whether `dir` holds outputs of an earlier command of this kind. */
export const holdsEarlier = (dir: string, kind: OutFolder): boolean => kind.written.some((name) => existsSync(join(dir, name)));

/**
 * The earlier outputs in `dir` removed, and what the new command staged in `staged` (if any)
 * moved in: called once the new outputs are complete, so that a command that stops keeps the earlier ones.
 */
export function replaceEarlier(dir: string, kind: OutFolder, staged?: string): void {
  for (const name of kind.written) rmSync(join(dir, name), { recursive: true, force: true });
  if (!staged || !existsSync(staged)) return;
  for (const name of readdirSync(staged)) renameSync(join(staged, name), join(dir, name));
  rmSync(staged, { recursive: true, force: true });
}

/**
 * `mkdir -p`, reporting the disk's real refusal: Node's recursive mkdir says ENOENT where the file
 * system is read-only (EROFS), so the last folder is made on its own.
 */
function makeFolder(dir: string): void {
  if (existsSync(dir)) return;
  if (!existsSync(dirname(dir))) mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir);
}

/** Where `path` really is: symlinks resolved, for the part of it that exists. */
export function realPath(path: string): string {
  if (existsSync(path)) return realpathSync(path);
  const parent = dirname(path);
  return parent === path ? path : join(realPath(parent), basename(path));
}

/** Whether `inner` is `outer` or lies inside it. */
function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}

/**
 * Never deletes what faultline was given: an output folder that is, holds or lies inside one of
 * the inputs (compared by real path, through any symlink) is refused before anything is written,
 * naming where the folder was set (`setBy`: `--out`, or a config's field) and what else would do.
 */
export function refuseInputs(
  out: string,
  inputs: readonly string[],
  what = 'one of the folders to merge',
  { setBy = '--out', otherwise = '' }: { setBy?: string; otherwise?: string } = {},
): void {
  const real = realPath(out);
  const named = setBy === '--out' ? `--out ${out}` : `${setBy} (${out})`;
  for (const input of inputs) {
    const given = realPath(input);
    if (within(real, given) || within(given, real)) {
      throw new UsageError(
        `${named} is ${real === given ? '' : within(real, given) ? 'inside ' : 'around '}${what} (${input}${real === given && out !== input ? `, through ${real}` : ''}); ` +
          `pick another${otherwise} (nothing was deleted)`,
      );
    }
  }
}
