import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CannotRun } from '../harness/failures';
import { CatalogueError } from '../scenarios/schema';

/** What a disk's refusals are called, for the line that names them. */
const DISK_ERRORS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EEXIST: 'it already exists',
  ENOENT: 'no such file or folder',
  EMFILE: 'too many open files',
  EIO: 'an input/output error',
};

type Errno = Error & { code?: string; path?: string; syscall?: string };

/** The one line a command prints when it stops without judging the app, and where the detail went (a crash). */
export interface Stopped {
  line: string;
  detail?: string;
}

/**
 * Why a command stopped, in one line that names the part that failed: bad usage, the catalogue,
 * the browser, the disk, or faultline itself (then the stack goes to a file, never the terminal).
 */
export function describeFailure(error: unknown, crashDir = tmpdir()): Stopped {
  if (error instanceof CannotRun) return { line: error.part === 'usage' ? error.message : `the ${error.part}: ${error.message}` };
  if (error instanceof CatalogueError) return { line: error.message };
  const errno = error as Errno;
  if (errno instanceof Error && errno.code && DISK_ERRORS[errno.code]) {
    const where = errno.path ? ` ${errno.path}` : '';
    return { line: `the disk: cannot ${errno.syscall ?? 'use'}${where}: ${DISK_ERRORS[errno.code]} (${errno.code})` };
  }
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  const first = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split('\n')[0];
  try {
    mkdirSync(crashDir, { recursive: true });
    const file = join(crashDir, `faultline-crash-${process.pid}-${Date.now()}.log`);
    writeFileSync(file, `${text}\n`);
    return { line: `faultline itself failed (${first}); the details are in ${file}`, detail: file };
  } catch {
    return { line: `faultline itself failed (${first})` };
  }
}
