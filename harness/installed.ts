import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of package `name` as Node resolves it from `dir`: the nearest `node_modules` up the
 * tree that holds it (a monorepo hoists packages to its root), its links followed (pnpm's
 * `.pnpm` store). The walk stops at `within` when given (a monorepo's root, a workspace's): a
 * package above what faultline was given is not the app's install. Null when none holds it.
 */
export function packageDir(dir: string, name: string, within?: string): string | null {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (at === within || dirname(at) === at) return null;
  }
}

/** The version of package `name` resolved from `dir` (see `packageDir`), or null. */
export function packageVersion(dir: string, name: string, within?: string): string | null {
  const found = packageDir(dir, name, within);
  return found && (JSON.parse(readFileSync(join(found, 'package.json'), 'utf8')) as { version: string }).version;
}
