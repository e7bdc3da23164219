import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, delimiter, dirname, join, relative, resolve, sep } from 'node:path';
import { appAdaptationsFor } from '../scenarios/next-adaptations';
import { CannotRun } from '../harness/failures';
import { applyAdaptations, installNext, nestNext, nextPackage, WorkspaceError } from '../harness/next-workspace';
import { packageVersion } from '../harness/installed';
import { faultlineCache, linkInstall, NOT_COPIED } from '../harness/project-copy';
import type { InspectedApp } from './app/inspect';
import { holdLock } from '../harness/lock';
import { DEFAULT_LIMITS, type Limits } from '../harness/limits';
import { unreadableKind } from './app/tree';

/**
 * Where audit workspaces live: in the user's cache, never in the audited app, and never inside
 * faultline's checkout either: Next (Turbopack) takes the outermost folder with a lockfile as the
 * project's root, so a workspace of an app without its own lockfile inside the checkout built the
 * reference app's `instrumentation.ts` instead of the audited app's (seen).
 */
export function auditWorkspaces(env: NodeJS.ProcessEnv = process.env): string {
  return join(faultlineCache(env), 'audit');
}

/**
 * The workspace of the app at `app.root` on `next` `version` (its own by default): one per app (by
 * its real path) and version, kept between audits for its install and its build.
 */
export function auditWorkspace(app: InspectedApp, env: NodeJS.ProcessEnv = process.env, version: string = app.next): string {
  return join(workspaceTop(app, env, version), app.monorepo?.appPath ?? '');
}

/**
 * The folder in the cache an audit's workspace is: the app's copy itself, or for an app in a
 * monorepo, the monorepo's copy, the app at its own path inside (`auditWorkspace`).
 */
function workspaceTop(app: InspectedApp, env: NodeJS.ProcessEnv, version: string): string {
  const id = createHash('sha256').update(app.root).digest('hex').slice(0, 10);
  return join(auditWorkspaces(env), `${app.name.replace(/[^\w.-]+/g, '-')}-${id}${version === app.next ? '' : `-next-${version}`}`);
}

/** The folder in the cache holding the app's workspace at `dir` (itself, or its monorepo's copy): where its lock and its last use are noted. */
function topOf(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const inCache = relative(auditWorkspaces(env), dir);
  return inCache === '' || inCache.startsWith('..') ? dir : join(auditWorkspaces(env), inCache.split(sep)[0]);
}

/** The folder pnpm's install in `nodeModules` keeps its packages in (`.modules.yaml`, YAML or JSON), or null for an install pnpm did not make. */
function pnpmVirtualStore(nodeModules: string): string | null {
  const modules = join(nodeModules, '.modules.yaml');
  if (!existsSync(modules)) return null;
  const store = /^\s*"?virtualStoreDir"?\s*:\s*"?([^"\n,]+?)"?\s*,?\s*$/m.exec(readFileSync(modules, 'utf8'))?.[1];
  return resolve(nodeModules, store ?? '.pnpm');
}

/**
 * `NODE_PATH` for the build and the server of the app at `dir` (inside `top`, its monorepo's copy
 * or itself): each pnpm install's hidden hoist folder (`<store>/node_modules`) from the app up,
 * ahead of the user's own. pnpm's `.bin/next` shim sets it, and faultline runs Next's bin itself:
 * without it, a PostCSS plugin only a shared config package depends on (`@tailwindcss/postcss`
 * in a Turborepo) is not found by Turbopack's PostCSS pool, and the app that builds by itself
 * failed in its copy (seen).
 */
export function pnpmNodePath(dir: string, top: string, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const folders: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    const store = pnpmVirtualStore(join(at, 'node_modules'));
    if (store && !folders.includes(join(store, 'node_modules'))) folders.push(join(store, 'node_modules'));
    if (at === resolve(top) || at === dirname(at)) break;
  }
  const paths = [...folders, ...(env.NODE_PATH ? [env.NODE_PATH] : [])];
  return paths.length ? paths.join(delimiter) : undefined;
}

/** `NODE_PATH` for the app's workspace at `dir`, up to the folder in the cache holding it. */
export function workspaceNodePath(dir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return pnpmNodePath(dir, topOf(dir, env), env);
}

/** Every workspace of the app, whatever its version (for a monorepo's app, the monorepo's copy): what a test that generated the app removes. */
export function auditWorkspacesOf(app: InspectedApp, env: NodeJS.ProcessEnv = process.env): string[] {
  const own = workspaceTop(app, env, app.next);
  const all = existsSync(auditWorkspaces(env)) ? readdirSync(auditWorkspaces(env)).map((name) => join(auditWorkspaces(env), name)) : [];
  return all.filter((dir) => dir === own || dir.startsWith(`${own}-next-`));
}

/** What the workspace's install was made from: relinked when the app's install changed, or the version. */
function installStamp(app: InspectedApp, version: string): string {
  const hash = createHash('sha256').update(app.next).update(version);
  for (const root of new Set([app.monorepo?.root ?? app.root, app.root])) {
    const lockfiles = ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'package.json'].filter((name) => existsSync(join(root, name)));
    for (const name of lockfiles) hash.update(name).update(readFileSync(join(root, name)));
    if (existsSync(join(root, 'node_modules'))) for (const name of readdirSync(join(root, 'node_modules')).sort()) hash.update(name);
  }
  return hash.digest('hex');
}

/** Left out of a monorepo's copy wherever they are: installs (linked instead), builds and caches. */
const NOT_MIRRORED = new Set([...NOT_COPIED, '.turbo']);

/** The folders of the monorepo at `root` (relative) that hold a `node_modules`: each linked into its copy. */
function installsIn(root: string, at = ''): string[] {
  const here = existsSync(join(root, at, 'node_modules')) ? [at] : [];
  const below = readdirSync(join(root, at), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_MIRRORED.has(entry.name))
    .flatMap((entry) => installsIn(root, join(at, entry.name)));
  return [...here, ...below];
}

/**
 * Makes `top` the copy of the monorepo at `root` around the app at `appPath` (copied as any app
 * is, by the caller): every file but installs and builds, so that the app's base tsconfig, its
 * lockfile (Turbopack's root) and its packages shipped as source are where it looks for them.
 * What the app's own folder holds is left to the caller; installs already linked in the copy stay.
 */
function mirrorMonorepo(root: string, top: string, appPath: string, readable: (source: string) => boolean): void {
  const onAppPath = (path: string) => path === appPath || appPath.startsWith(`${path}${sep}`);
  const clear = (at: string) => {
    for (const name of readdirSync(join(top, at))) {
      const path = join(at, name);
      if (name === 'node_modules' || (at === '' && name === '.faultline') || path === appPath) continue;
      if (onAppPath(path)) clear(path);
      else if (lstatSync(join(top, path)).isDirectory() && installsIn(top, path).length > 0) clear(path);
      else rmSync(join(top, path), { recursive: true, force: true });
    }
  };
  const copy = (at: string) => {
    for (const name of readdirSync(join(root, at))) {
      const path = join(at, name);
      if (NOT_MIRRORED.has(name) || path === appPath) continue;
      if (onAppPath(path)) {
        mkdirSync(join(top, path), { recursive: true });
        copy(path);
      } else
        cpSync(join(root, path), join(top, path), {
          recursive: true,
          verbatimSymlinks: true,
          filter: (source) => readable(source) && !NOT_MIRRORED.has(basename(source)),
        });
    }
  };
  clear('');
  copy('');
}

/** Links the monorepo's installs (its root's and any package's) into its copy at `top`, each where it was. */
function linkMonorepoInstalls(root: string, top: string): void {
  for (const at of installsIn(top)) rmSync(join(top, at, 'node_modules'), { recursive: true, force: true });
  for (const at of installsIn(root)) {
    mkdirSync(join(top, at), { recursive: true });
    linkInstall(join(root, at), join(top, at));
  }
}

/**
 * Makes `dir` the app on `next` `version`: its sources copied afresh (read only from the app; its
 * build, install and reports are not copied), the version's adaptations applied where they fit,
 * its install hard-linked in with `next` `version` (relinked only when the app's install changed),
 * and the build of the last audit kept for reuse. Returns the adaptations' notes; a version that
 * cannot be installed is a `WorkspaceError`.
 */
export async function prepareAuditWorkspace(
  app: InspectedApp,
  dir: string,
  version: string = app.next,
  { limits = DEFAULT_LIMITS, signal }: { limits?: Limits; signal?: AbortSignal } = {},
): Promise<string[]> {
  let adaptations: string[];
  try {
    // Private to the user: the copy holds the app's `.env*` files, secrets among them.
    mkdirSync(auditWorkspaces(), { recursive: true, mode: 0o700 });
    chmodSync(auditWorkspaces(), 0o700);
    // The top of the copy (a monorepo's, for an app in one) private too: its `.env*` files are copied as the app's are.
    for (const folder of new Set([topOf(dir), dir])) {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      chmodSync(folder, 0o700);
    }
    // What is neither a file, a folder nor a link (a named pipe) is never read: the audit says it skipped it.
    const readable = (source: string) => unreadableKind(lstatSync(source)) === null;
    if (app.monorepo) mirrorMonorepo(app.monorepo.root, topOf(dir), app.monorepo.appPath, readable);
    for (const name of readdirSync(dir)) if (!NOT_COPIED.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
    for (const name of readdirSync(app.root))
      if (!NOT_COPIED.has(name)) cpSync(join(app.root, name), join(dir, name), { recursive: true, verbatimSymlinks: true, filter: readable });
    adaptations = applyAdaptations(dir, appAdaptationsFor(version), { lenient: true });
  } catch (error) {
    throw new CannotRun('workspace', `could not copy ${app.root} into ${dir}: ${(error as Error).message}`);
  }
  const stampFile = join(dir, '.faultline', 'install.stamp');
  const stamp = installStamp(app, version);
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp || packageVersion(dir, 'next', topOf(dir)) === null) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    signal?.throwIfAborted();
    if (app.monorepo) {
      try {
        linkMonorepoInstalls(app.monorepo.root, topOf(dir));
      } catch (error) {
        throw new WorkspaceError((error as Error).message);
      }
      if (packageVersion(dir, 'next', topOf(dir)) !== version) nestNext(await nextPackage(version, process.env, { limitSeconds: limits.install, signal }), dir);
      const holds = packageVersion(dir, 'next', topOf(dir));
      if (holds !== version) throw new WorkspaceError(`the workspace holds next ${holds}, not ${version}`);
    } else await installNext(app.root, dir, version, process.env, { limitSeconds: limits.install, signal });
    mkdirSync(join(dir, '.faultline'), { recursive: true });
    writeFileSync(stampFile, stamp);
  }
  return adaptations;
}

/** The app's `.env*` files: copied with its sources, loaded by `next build` and `next start` in the workspace as in the app. */
export function envFilesOf(app: InspectedApp): string[] {
  return readdirSync(app.root)
    .filter((name) => /^\.env(\..+)?$/.test(name))
    .sort();
}

/** Which of the app's environment files an audit's builds and servers load, and where the copies live, in a line; null without any. */
export function envFilesLine(app: InspectedApp): string | null {
  const files = envFilesOf(app);
  return files.length > 0
    ? `Environment: ${files.join(', ')}, loaded by next build and next start as in the app; copied into ${auditWorkspaces()}, readable by you alone (mode 0700)`
    : null;
}

/** Where a workspace notes when an audit last used it, and which audit holds it now. */
export const LAST_USED = join('.faultline', 'last-audit');
export const AUDIT_LOCK = join('.faultline', 'audit.lock');

/** Notes that an audit uses the workspace at `dir` now: what `cleanWorkspaces` measures its age by. */
function markUsed(dir: string): void {
  mkdirSync(join(dir, '.faultline'), { recursive: true });
  writeFileSync(join(dir, LAST_USED), `${new Date().toISOString()}\n`);
}

/**
 * One audit per workspace at a time: held from before its sources are copied until its last entry
 * is checked, so that a second audit of the app never copies over the sources of a build under way
 * (which left a build without the placed routes, reused by every audit after). The second waits, saying so.
 */
export async function holdAuditWorkspace(dir: string, { signal, say }: { signal?: AbortSignal; say: (line: string) => void }): Promise<{ release(): void }> {
  // At the top of the copy (a monorepo's, for an app in one): where cleaning looks.
  const top = topOf(dir);
  const held = await holdLock(join(top, AUDIT_LOCK), {
    signal,
    onWait: (holder) => say(`faultline: waiting for another audit of this app (pid ${holder}) to end: one audit per workspace at a time…`),
  });
  markUsed(top);
  return held;
}

/** A version's workspace, ready: where it is, what was adapted for the version, and its lock, released once the audit is done with it. */
export interface PreparedWorkspace {
  dir: string;
  adaptations: string[];
  held: { release(): void };
}

/**
 * The app on `version` in its workspace: held (one audit per workspace at a time, a second
 * waiting, said), its sources copied afresh and the version installed. A version that cannot be
 * installed is a `WorkspaceError`; whatever fails, the workspace is let go.
 */
export async function prepareWorkspace(
  app: InspectedApp,
  version: string,
  { limits, stopping, say, stage }: { limits: Limits; stopping: { stage: string; readonly signal: AbortSignal }; say: (line: string) => void; stage?: string },
): Promise<PreparedWorkspace> {
  const { signal } = stopping;
  const dir = auditWorkspace(app, process.env, version);
  const held = await holdAuditWorkspace(dir, { signal, say });
  // Said where a signal stops it, once the workspace is this audit's.
  if (stage) stopping.stage = stage;
  try {
    return { dir, adaptations: await prepareAuditWorkspace(app, dir, version, { limits, signal }), held };
  } catch (error) {
    held.release();
    throw error;
  }
}
