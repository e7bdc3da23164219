import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { liveHolder } from '../harness/lock';
import { AUDIT_LOCK, auditWorkspaces, LAST_USED } from './workspace';

/**
 * How long an audit workspace may go unused before the next audit removes it: each holds a copy of
 * an app, its linked install and its build (450 to 650 MB, docs/audit.md), kept for the next audit of
 * the same app, and nothing else ever removed them.
 */
export const UNUSED_DAYS = 30;

/** When an audit last used the workspace (its folder's time where no audit noted it); null for one removed meanwhile (by another faultline). */
function lastUsed(dir: string): number | null {
  for (const file of [join(dir, LAST_USED), dir]) {
    try {
      return statSync(file).mtimeMs;
    } catch {
      // Not noted, or gone meanwhile: the folder's own time, or nothing to clean.
    }
  }
  return null;
}

/**
 * Removes the audit workspaces unused for `unusedForMs` (all of them without it), never one an
 * audit holds now. Returns the folders removed and those left because an audit holds them.
 */
export function cleanWorkspaces(env: NodeJS.ProcessEnv = process.env, unusedForMs?: number): { removed: string[]; held: string[] } {
  const root = auditWorkspaces(env);
  const removed: string[] = [];
  const held: string[] = [];
  if (!existsSync(root)) return { removed, held };
  for (const name of readdirSync(root)) {
    const dir = join(root, name);
    // Another faultline may make or remove workspaces meanwhile: what is gone is no longer there to clean.
    const used = lastUsed(dir);
    if (used === null || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    if (unusedForMs !== undefined && Date.now() - used < unusedForMs) continue;
    if (liveHolder(join(dir, AUDIT_LOCK)) !== null) {
      held.push(dir);
      continue;
    }
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return { removed, held };
}
