import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adaptationsFor, type Adaptation, type FallbackKind } from '../scenarios/next-adaptations';
import { installedNext } from '../scenarios/versions';
import type { ConfigurationId } from '../scenarios/configurations';
import { withinLimit } from './limits';
import { buildFingerprint, lastBuildFingerprint } from './build';
import { filesUnder } from './build-inputs';
import { holdLock } from './lock';
import { copyBuild, faultlineCache, linkInstall, linkTree, NOT_COPIED } from './project-copy';
import { timed } from './timings';
import { distDirOf } from '../scenarios/configurations';

/** Where matrix workspaces live: inside `.faultline/`, outside the source tree's build and lint. */
export const MATRIX_WORKSPACES = join('.faultline', 'matrix');

/**
 * What a workspace never holds: faultline's own tests (the audit's too), the bench and the docs (a workspace runs the
 * catalogue; unit tests import the app's files directly, and an adaptation may remove one).
 */
const NOT_IN_WORKSPACE = new Set(['unit', 'selftest', 'foreign-apps', 'bench', 'docs']);

/** A step of a workspace that failed: the version and cause, in one line. */
export class WorkspaceError extends Error {
  override name = 'WorkspaceError';
}

export function workspaceDir(root: string, version: string, fallback: FallbackKind, configuration: ConfigurationId = 'default'): string {
  return join(root, MATRIX_WORKSPACES, `next-${version}${fallback === 'builtin' ? '-builtin' : ''}${configuration === 'default' ? '' : `-${configuration}`}`);
}

/** What a matrix keeps in a workspace beside its install and build (in `.faultline/`, which a sync keeps): its last observation. */
export function workspaceOutputs(dir: string) {
  const base = join(dir, '.faultline', 'matrix');
  return { report: join(base, 'report'), screens: join(base, 'screens'), column: join(base, 'column.json'), runnerLog: join(base, 'runner.log') };
}

/**
 * Makes `dir` hold the app of `root` as it runs on `next` `version`: the sources copied afresh
 * (what a workspace keeps between matrices is its install and its build), then the version's
 * adaptations applied. Returns the notes of the adaptations applied.
 */
export function syncSources(root: string, dir: string, version: string, fallback: FallbackKind): string[] {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (!NOT_COPIED.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
  for (const name of readdirSync(root))
    if (!NOT_COPIED.has(name) && !NOT_IN_WORKSPACE.has(name)) cpSync(join(root, name), join(dir, name), { recursive: true });
  return applyAdaptations(dir, adaptationsFor(version, fallback));
}

/**
 * Applies `adaptations` to the app in `dir`, in order; returns the notes of those applied. Strict
 * (the reference app): every file and text an adaptation names must be there. Lenient (an audited
 * app): an adaptation applies where it fits, and only one that changed something is noted.
 */
export function applyAdaptations(dir: string, adaptations: readonly Omit<Adaptation, 'next'>[], { lenient = false } = {}): string[] {
  const notes: string[] = [];
  for (const adaptation of adaptations) {
    let applied = false;
    for (const { from, to } of adaptation.rename ?? []) {
      if (lenient && !existsSync(join(dir, from))) continue;
      renameSync(join(dir, from), join(dir, to));
      applied = true;
    }
    for (const { file, from, to } of adaptation.replace ?? []) {
      const text = existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '';
      if (!text.includes(from)) {
        if (lenient) continue;
        throw new WorkspaceError(`adaptation "${adaptation.note}": ${file} no longer holds "${from}"`);
      }
      writeFileSync(join(dir, file), text.replace(from, to));
      applied = true;
    }
    for (const file of adaptation.remove ?? []) {
      if (lenient && !existsSync(join(dir, file))) continue;
      rmSync(join(dir, file));
      applied = true;
    }
    if (applied || !lenient) notes.push(adaptation.note);
  }
  return notes;
}

/** npm's own words for why an install failed, in one line. */
export function npmFailure(output: string): string {
  const errors = output
    .split('\n')
    .filter((line) => /^npm (error|ERR!)/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim());
  const code = errors.map((line) => /^code (\S+)/.exec(line)?.[1]).find(Boolean);
  const said = errors.find((line) => line !== '' && !/^(code|errno|syscall|A complete log|Log files were not written)\b/.test(line));
  const last = output.trim().split('\n').at(-1)?.trim();
  // npm puts a lower-case summary word before some messages ("notarget No matching version…").
  const message = said?.replace(/^[a-z]+ (?=[A-Z])/, '');
  return [code, message ?? (last || 'npm failed without a message')].filter(Boolean).join(': ');
}

/** Limits of an install: how long it may take, and a signal that stops it. */
export interface InstallLimits {
  limitSeconds?: number;
  signal?: AbortSignal;
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  { limitSeconds, signal }: InstallLimits = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const stop = () => child.kill('SIGTERM');
    const limit = limitSeconds
      ? setTimeout(() => {
          stop();
          reject(new WorkspaceError(`${command} ${args.filter((arg) => !arg.startsWith('-')).join(' ')} did not end ${withinLimit('install', limitSeconds)}`));
        }, limitSeconds * 1000)
      : undefined;
    signal?.addEventListener('abort', stop, { once: true });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) reject(signal.reason);
      resolve({ code, output });
    });
  });
}

/** Where each `next` a workspace runs is installed once for this user, matrix and audit workspaces alike. */
export function nextPackages(env: NodeJS.ProcessEnv = process.env): string {
  return join(faultlineCache(env), 'next');
}

/**
 * `next` `version` and its dependencies installed once into the cache (npm, offline from its own
 * cache when it has them; peers such as React are the app's own, never installed here); returns
 * its folder.
 */
export async function nextPackage(version: string, env: NodeJS.ProcessEnv, limits: InstallLimits = {}): Promise<string> {
  const dir = join(nextPackages(env), version);
  if (installedNext(dir) === version) return dir;
  mkdirSync(nextPackages(env), { recursive: true });
  // One install of a version at a time: a second faultline waits, then takes the first one's, which it may be linking from.
  const lock = await holdLock(join(nextPackages(env), `.${version}.lock`));
  if (installedNext(dir) === version) {
    lock.release();
    return dir;
  }
  // Installed aside and moved in whole: another run never sees half of it.
  const staging = mkdtempSync(join(nextPackages(env), `.${version}-`));
  try {
    writeFileSync(join(staging, 'package.json'), '{ "private": true }\n');
    const installed = await timed(`install`, `next@${version}`, () =>
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--legacy-peer-deps', `next@${version}`], staging, env, limits),
    );
    if (installed.code !== 0) throw new WorkspaceError(npmFailure(installed.output));
    if (installedNext(staging) !== version) throw new WorkspaceError(`npm installed next ${installedNext(staging)}, not ${version}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
  return dir;
}

/** Packages never taken from a `next` package's install: the app's own are the ones it runs with (two Reacts break hooks). */
const APP_OWN = new Set(['next', 'react', 'react-dom', '.bin', '.package-lock.json']);

/**
 * Puts the `next` installed in `packageDir` into the workspace's `node_modules`, hard-linked:
 * `next` at the top, where the app resolves it; its dependencies beneath it (`next/node_modules`),
 * where only `next` resolves them, so that they never stand in for the app's own packages of the
 * same name. Whatever package manager installed the app, its layout stays as it is.
 */
export function nestNext(packageDir: string, dir: string): void {
  const installed = join(packageDir, 'node_modules');
  const next = join(dir, 'node_modules', 'next');
  rmSync(next, { recursive: true, force: true });
  linkTree(join(installed, 'next'), next);
  for (const name of readdirSync(installed)) if (!APP_OWN.has(name)) linkTree(join(installed, name), join(next, 'node_modules', name));
}

/**
 * Gives the workspace `next` `version` unless it holds it already: the install of `root` (the
 * reference app, or an audited app) hard-linked, with `next` swapped for `version` (installed once
 * into faultline's cache, `nestNext`). Returns whether it installed.
 */
export async function installNext(
  root: string,
  dir: string,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
  limits: InstallLimits = {},
): Promise<boolean> {
  if (installedNext(dir) === version) return false;
  const own = installedNext(root) === version;
  const next = own ? null : await nextPackage(version, env, limits);
  try {
    linkInstall(root, dir, own ? [] : ['next']);
    if (next) nestNext(next, dir);
  } catch (error) {
    throw new WorkspaceError((error as Error).message);
  }
  if (installedNext(dir) !== version) throw new WorkspaceError(`the workspace holds next ${installedNext(dir)}, not ${version}`);
  return true;
}

/**
 * Gives the workspace the project's own build when the two apps are the same (same sources, same
 * installed packages, same build environment): the matrix column of the project's `next` then
 * costs no build. Returns whether it did.
 */
export async function adoptProjectBuild(root: string, dir: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const [own, project] = await Promise.all([buildFingerprint(dir, env), buildFingerprint(root, env)]);
  // The configuration's own build folder, in both.
  const distDir = distDirOf(env);
  const current = lastBuildFingerprint(dir, distDir) === own;
  if (current || own !== project || lastBuildFingerprint(root, distDir) !== project) return false;
  copyBuild(root, dir, distDir);
  return true;
}

/** Everything an observation depends on besides the build: faultline's harness, its catalogue and the spec the run drives. */
const HARNESS_PATHS = [
  'bin',
  'cli',
  'harness',
  'bundled',
  'app-server',
  'ingest',
  'worker',
  'chromium',
  'scenarios',
  'verdict',
  'e2e',
  'playwright.config.ts',
  'package.json',
];

/**
 * What a column's observation was made from: faultline's code in `codeRoot` (the workspace's own
 * copy for the matrix, this checkout for an audit), the build in `buildDir`, the selection. The
 * same key means nothing changed since, and the saved observation stands.
 */
export function observationKey(codeRoot: string, buildDir: string, selection: readonly string[], distDir = '.next'): string {
  const hash = createHash('sha256');
  for (const file of HARNESS_PATHS.flatMap((path) => filesUnder(codeRoot, path)).sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(codeRoot, file)))
      .update('\0');
  return hash
    .update(lastBuildFingerprint(buildDir, distDir) ?? 'no build')
    .update(JSON.stringify(selection))
    .digest('hex');
}

/**
 * Versions through two stages: each version's `install` (the network and the disk) one after
 * another, running ahead, and its `column` (a build and its observation: both cores) one version
 * at a time, each once its own install is done. Returns the columns in order. A build beside a run
 * was measured and saved nothing (docs/matrix.md), so there is no third stage. The one engine of
 * the matrix and the audit matrix.
 */
export async function overVersions<S, A, C>(
  steps: readonly S[],
  install: (step: S, index: number) => Promise<A>,
  column: (step: S, installed: A, index: number) => Promise<C>,
): Promise<C[]> {
  const installs: Promise<A>[] = [];
  for (const [i, step] of steps.entries()) {
    const before =
      i === 0
        ? Promise.resolve()
        : installs[i - 1].then(
            () => {},
            () => {},
          );
    installs.push(before.then(() => install(step, i)));
  }
  const columns: C[] = [];
  try {
    for (const [i, step] of steps.entries()) columns.push(await column(step, await installs[i], i));
  } finally {
    // The installs still running ahead are awaited too: none is left behind, nor its rejection unhandled.
    await Promise.allSettled(installs);
  }
  return columns;
}
