import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Left out of a tree's fingerprint: the install (hard-linked, never written) and git's own store. */
const NOT_FINGERPRINTED = new Set(['node_modules', '.git']);

/** Every file of the tree at `root` (its install and `.git` aside) by path, with a hash of its bytes (a link: of its target). */
export function treeFingerprint(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (NOT_FINGERPRINTED.has(name)) continue;
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isSymbolicLink()) files.set(relative(root, path), `link:${readlinkSync(path)}`);
      else files.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return files;
}

/** What differs between two fingerprints of one tree: files added, removed or changed, by path. */
export function treeChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [path, hash] of after) {
    if (!before.has(path)) changes.push(`${path} (added)`);
    else if (before.get(path) !== hash) changes.push(`${path} (changed)`);
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push(`${path} (removed)`);
  return changes.sort();
}
