import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adaptationsFor, type FallbackKind } from '../scenarios/next-adaptations';
import { installedNext } from '../scenarios/versions';
import { buildFingerprint, lastBuildFingerprint } from './build';
import { copyBuild, linkInstall, NOT_COPIED } from './workspace';

/** Where matrix workspaces live: inside `.faultline/`, outside the source tree's build and lint. */
export const MATRIX_WORKSPACES = join('.faultline', 'matrix');

/** What a workspace never holds: faultline's own tests (the audit's too), the bench and the docs (a workspace runs the catalogue; unit tests import the app's files directly, and an adaptation may remove one). */
const NOT_IN_WORKSPACE = new Set(['unit', 'selftest', 'foreign-apps', 'bench', 'docs']);

/** Packages a workspace installs itself: everything else is hard-linked from the project's install. */
const OWN_PACKAGES = ['next', '@next'];

/** A step of a workspace that failed: the version and cause, in one line. */
export class WorkspaceError extends Error {
  override name = 'WorkspaceError';
}

export function workspaceDir(root: string, version: string, fallback: FallbackKind): string {
  return join(root, MATRIX_WORKSPACES, `next-${version}${fallback === 'builtin' ? '-builtin' : ''}`);
}

/** What a matrix keeps in a workspace beside its install and build (in `.faultline/`, which a sync keeps): its last observation. */
export function workspaceOutputs(dir: string) {
  const base = join(dir, '.faultline', 'matrix');
  return { report: join(base, 'report'), screens: join(base, 'screens'), column: join(base, 'column.json') };
}

/**
 * Makes `dir` hold the app of `root` as it runs on `next` `version`: the sources copied afresh
 * (what a workspace keeps between matrices is its install and its build), then the version's
 * adaptations applied. Returns the notes of the adaptations applied.
 */
export function syncSources(root: string, dir: string, version: string, fallback: FallbackKind): string[] {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (!NOT_COPIED.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
  for (const name of readdirSync(root)) if (!NOT_COPIED.has(name) && !NOT_IN_WORKSPACE.has(name)) cpSync(join(root, name), join(dir, name), { recursive: true });
  const notes: string[] = [];
  for (const adaptation of adaptationsFor(version, fallback)) {
    for (const { from, to } of adaptation.rename ?? []) renameSync(join(dir, from), join(dir, to));
    for (const { file, from, to } of adaptation.replace ?? []) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (!text.includes(from)) throw new WorkspaceError(`adaptation "${adaptation.note}": ${file} no longer holds "${from}"`);
      writeFileSync(join(dir, file), text.replace(from, to));
    }
    for (const file of adaptation.remove ?? []) rmSync(join(dir, file));
    notes.push(adaptation.note);
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

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Installs `next` `version` in the workspace unless it holds it already: the project's install is
 * hard-linked (no download, no disk) except `next` and its binaries, which npm installs (offline
 * from its cache when it has them). Returns whether it installed.
 */
export async function installNext(root: string, dir: string, version: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (installedNext(dir) === version) return false;
  const projectNext = installedNext(root);
  try {
    // The project's own next needs no install at all.
    linkInstall(root, dir, version === projectNext ? [] : OWN_PACKAGES);
  } catch (error) {
    throw new WorkspaceError((error as Error).message);
  }
  if (version === projectNext) return true;
  const installed = await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', `next@${version}`], dir, env);
  if (installedNext(root) !== projectNext) {
    throw new WorkspaceError(`installing next ${version} in ${dir} changed the project's own next (${projectNext} → ${installedNext(root)}): run npm ci`);
  }
  if (installed.code !== 0) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    throw new WorkspaceError(npmFailure(installed.output));
  }
  if (installedNext(dir) !== version) throw new WorkspaceError(`npm installed next ${installedNext(dir)}, not ${version}`);
  return true;
}

/**
 * Gives the workspace the project's own build when the two apps are the same (same sources, same
 * installed packages, same build environment): the matrix column of the project's `next` then
 * costs no build. Returns whether it did.
 */
export async function adoptProjectBuild(root: string, dir: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const [own, project] = await Promise.all([buildFingerprint(dir, env), buildFingerprint(root, env)]);
  const current = lastBuildFingerprint(dir) === own;
  if (current || own !== project || lastBuildFingerprint(root) !== project) return false;
  copyBuild(root, dir);
  return true;
}
