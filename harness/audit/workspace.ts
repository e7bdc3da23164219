import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CannotRun } from '../failures';
import { linkInstall, NOT_COPIED } from '../workspace';
import type { AuditedApp } from './app';

/**
 * Where audit workspaces live: in the user's cache, never in the audited app, and never inside
 * faultline's checkout either: Next (Turbopack) takes the outermost folder with a lockfile as the
 * project's root, so a workspace of an app without its own lockfile inside the checkout built the
 * reference app's `instrumentation.ts` instead of the audited app's (seen).
 */
export function auditWorkspaces(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'faultline', 'audit');
}

/** The workspace of the app at `app.root`: one per app (by its real path), kept between audits for its install link and its build. */
export function auditWorkspace(app: AuditedApp, env: NodeJS.ProcessEnv = process.env): string {
  const id = createHash('sha256').update(app.root).digest('hex').slice(0, 10);
  return join(auditWorkspaces(env), `${app.name.replace(/[^\w.-]+/g, '-')}-${id}`);
}

/** What the workspace's linked install was made from: relinked when the app's install changed. */
function installStamp(app: AuditedApp): string {
  const lockfiles = ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'package.json'].filter((name) => existsSync(join(app.root, name)));
  const hash = createHash('sha256').update(app.next);
  for (const name of lockfiles) hash.update(name).update(readFileSync(join(app.root, name)));
  for (const name of readdirSync(join(app.root, 'node_modules')).sort()) hash.update(name);
  return hash.digest('hex');
}

/**
 * Makes `dir` a copy of the app's sources (read only from the app; its build, install and reports
 * are not copied), with the app's install hard-linked in (relinked only when it changed) and the
 * build of the last audit kept for reuse.
 */
export function syncAppWorkspace(app: AuditedApp, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) if (!NOT_COPIED.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
    for (const name of readdirSync(app.root)) if (!NOT_COPIED.has(name)) cpSync(join(app.root, name), join(dir, name), { recursive: true, verbatimSymlinks: true });
    const stampFile = join(dir, '.faultline', 'install.stamp');
    const stamp = installStamp(app);
    if (!existsSync(join(dir, 'node_modules')) || !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
      linkInstall(app.root, dir);
      mkdirSync(join(dir, '.faultline'), { recursive: true });
      writeFileSync(stampFile, stamp);
    }
  } catch (error) {
    if (error instanceof CannotRun) throw error;
    throw new CannotRun('workspace', `could not copy ${app.root} into ${dir}: ${(error as Error).message}`);
  }
}
