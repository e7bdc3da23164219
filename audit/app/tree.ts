import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CannotRun } from '../../harness/failures';
import { NOT_COPIED } from '../../harness/project-copy';

/** Left out of a tree's fingerprint wherever they are: installs (hard-linked, never written) and git's own store. */
const NOT_FINGERPRINTED = new Set(['node_modules', '.git']);

/**
 * Left out at the app's top: what tools write while the app is worked on (Next's build and `next
 * dev`'s output, Turbo's cache, faultline's and Playwright's outputs), none of them the app's
 * sources. The app's own `distDir` is left out beside them (`treeChanges`).
 */
export const WRITTEN_BY_TOOLS: ReadonlySet<string> = new Set([...NOT_COPIED, '.turbo']);

/** What a path that is neither a file, a folder nor a link is; null for those three. */
export function unreadableKind(stat: Stats): string | null {
  if (stat.isFile() || stat.isDirectory() || stat.isSymbolicLink()) return null;
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  return 'a device';
}

/** The app's files by path, each with a hash of its bytes (a link: of its target), and what was skipped because reading it could block. */
export interface TreeFingerprint {
  files: Map<string, string>;
  /** Paths neither a file, a folder nor a link (a named pipe blocks whoever reads it), with their kind. */
  skipped: { path: string; kind: string }[];
}

/** The tree at `root` as the audit proves it unchanged: its installs, `.git` and what tools write at its top aside. */
export function treeFingerprint(root: string): TreeFingerprint {
  const files = new Map<string, string>();
  const skipped: TreeFingerprint['skipped'] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (NOT_FINGERPRINTED.has(name) || (dir === root && WRITTEN_BY_TOOLS.has(name))) continue;
      const path = join(dir, name);
      const stat = lstatSync(path);
      const kind = unreadableKind(stat);
      if (kind) skipped.push({ path: relative(root, path), kind });
      else if (stat.isDirectory()) walk(path);
      else if (stat.isSymbolicLink()) files.set(relative(root, path), `link:${readlinkSync(path)}`);
      else files.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return { files, skipped };
}

/** What differs between two fingerprints of one tree: files added, removed or changed, by path; what lies under `leaveOut` (the app's `distDir`) aside. */
export function treeChanges(before: TreeFingerprint, after: TreeFingerprint, leaveOut: readonly string[] = []): string[] {
  const counted = (path: string) => !leaveOut.some((dir) => path === dir || path.startsWith(`${dir}${sep}`));
  const changes: string[] = [];
  for (const [path, hash] of after.files) {
    if (!counted(path)) continue;
    if (!before.files.has(path)) changes.push(`${path} (added)`);
    else if (before.files.get(path) !== hash) changes.push(`${path} (changed)`);
  }
  for (const path of before.files.keys()) if (counted(path) && !after.files.has(path)) changes.push(`${path} (removed)`);
  return changes.sort();
}

/**
 * The app's tree at `root` as it is now, and the proof that it stayed so: `proveUnchanged` throws
 * when its files changed since (its `distDir` aside, which only Next writes). Whoever changed them
 * (an editor, a git checkout, or faultline against its every rule), what was judged is not what is
 * there now.
 */
export function treeProof(root: string): { skipped: TreeFingerprint['skipped']; proveUnchanged(distDir: string): void } {
  const before = treeFingerprint(root);
  return {
    skipped: before.skipped,
    proveUnchanged: (distDir) => {
      const changes = treeChanges(before, treeFingerprint(root), [distDir]);
      if (changes.length)
        throw new CannotRun(
          'audited app',
          `its files changed while the audit ran (${changes.slice(0, 3).join(', ')}${changes.length > 3 ? ', …' : ''}), ` +
            `so the audit is of a tree no longer there; faultline only reads it: if nothing else wrote there, report this`,
        );
    },
  };
}
