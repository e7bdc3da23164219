import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { satisfies, valid } from 'semver';
import { CannotRun } from '../../harness/failures';
import { packageDir, packageVersion } from '../../harness/installed';
import type { ResolvedConfig } from './next-config';
import { browserReporters, otherReporters, type OtherReporter } from './error-reporters';
import { sentrySetup } from './sentry-setup';
import type { SentrySetup } from '../../verdict/audit-reporting';

/** The `next` versions an audit supports: the App Router's `connection()` and `onRequestError` are there from 15.3. */
export const AUDITED_NEXT = '>=15.3.0 <17.0.0-0';

/** What an audit knows of the app it was given before anything of it runs: read, never run or changed. */
export interface InspectedApp {
  /** The app's folder, its real path. */
  root: string;
  name: string;
  /** Where its App Router lives: `app` or `src/app` (for an app with the Pages Router only, where it would: its conventions' folder). */
  appDir: string;
  /** Whether it has an App Router: `appDir` exists and holds a root layout. */
  appRouter: boolean;
  /**
   * `appDir` exists but holds no root layout and no page (a Pages app's leftover or workaround
   * folder): Next builds no App Router page there, and a page placed there would fail the build.
   */
  layoutlessAppDir: boolean;
  /** Where its Pages Router lives (`pages` or `src/pages`), if it has one. */
  pagesDir: string | null;
  next: string;
  /** Whether `@sentry/nextjs` is installed for it. */
  sentry: boolean;
  typescript: boolean;
  /** Its own proxy (or middleware), which a placed proxy entry would replace. */
  ownProxy: string | null;
  packageManager: 'npm' | 'pnpm' | 'yarn' | 'bun' | 'unknown';
  /** Its next.config file's name, if it has one. */
  configFile: string | null;
  /** Error reporters other than Sentry its instrumentation hands errors to: where errors go that faultline cannot read. */
  otherReporters: OtherReporter[];
  /** Reporters it depends on that send from the browser only (`posthog-js`), which faultline does not read. */
  browserReporters: OtherReporter[];
  /** With `@sentry/nextjs`: why each runtime's reports cannot come, as its files prove it. */
  sentrySetup: SentrySetup | null;
  /** The monorepo the app is a package of (npm, yarn or bun workspaces, pnpm's): its root, and the app's folder in it. */
  monorepo: Monorepo | null;
}

export interface Monorepo {
  root: string;
  /** The app's folder relative to the root (`apps/web`). */
  appPath: string;
}

/**
 * The monorepo holding the app at `root`: the nearest folder above it that declares workspaces
 * (`workspaces` in its package.json, or a `pnpm-workspace.yaml`). Its root's `node_modules`
 * resolves the app's packages, and its files (a base tsconfig, the packages shipped as source) build with it.
 */
export function monorepoOf(root: string): Monorepo | null {
  for (let at = dirname(root); dirname(at) !== at; at = dirname(at)) {
    if (existsSync(join(at, 'pnpm-workspace.yaml'))) return { root: at, appPath: relative(at, root) };
    const manifest = join(at, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return { root: at, appPath: relative(at, root) };
    } catch {
      // Not JSON: not a monorepo's root this can read.
    }
  }
  return null;
}

/** The app with its next.config as Next resolves it (in the workspace, by the app's own `next`): what placing, building and serving it need. */
export interface AuditedApp extends InspectedApp, Omit<ResolvedConfig, 'output' | 'partialPrefetching' | 'pageExtensions'> {}

/**
 * The app with its resolved config; a static export refused (however its config said so: a
 * template literal, a variable, a function).
 */
export function configuredApp(app: InspectedApp, config: ResolvedConfig): AuditedApp {
  if (config.output === 'export') throw staticExport(app.root);
  const { output: _output, partialPrefetching: _prefetching, pageExtensions: _extensions, ...rest } = config;
  return { ...app, ...rest, basePath: rest.basePath.replace(/\/$/, '') };
}

const staticExport = (dir: string) => cannot(`${dir} is a static export (output: 'export'): no server runs, so no server failure can be audited`);

const cannot = (message: string) => new CannotRun('audited app', message);

const CONFIG_FILES = ['next.config.ts', 'next.config.mjs', 'next.config.js', 'next.config.cjs', 'next.config.mts'];

const configFileOf = (root: string): string | null => CONFIG_FILES.find((name) => existsSync(join(root, name))) ?? null;

function packageManagerOf(root: string): AuditedApp['packageManager'] {
  if (existsSync(join(root, 'pnpm-lock.yaml'))) return 'pnpm';
  if (existsSync(join(root, 'yarn.lock'))) return 'yarn';
  if (existsSync(join(root, 'bun.lock')) || existsSync(join(root, 'bun.lockb'))) return 'bun';
  if (existsSync(join(root, 'package-lock.json'))) return 'npm';
  return 'unknown';
}

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

const LAYOUT = /^layout\.[cm]?[jt]sx?$/;
const PAGE = /^page\.[cm]?[jt]sx?$/;

/** Whether a folder holds a file whose name `pattern` matches, at any depth. */
const holdsAnywhere = (dir: string, pattern: RegExp): boolean =>
  readdirSync(dir, { withFileTypes: true }).some((entry) => (entry.isDirectory() ? holdsAnywhere(join(dir, entry.name), pattern) : pattern.test(entry.name)));

/**
 * Whether an app folder is an App Router: it holds a root layout (its own, or one in a route group
 * or a dynamic segment right beneath it: several root layouts, next-intl's `[locale]`), or a page
 * (whose missing layout is the app's to fix: its own build says so). A folder with neither (a
 * `.gitkeep`, route handlers alone) serves no page, and a page placed there would not build.
 */
function isAppRouter(appDir: string): boolean {
  const holdsLayout = (dir: string) => readdirSync(dir).some((name) => LAYOUT.test(name));
  if (holdsLayout(appDir) || holdsAnywhere(appDir, PAGE)) return true;
  return readdirSync(appDir).some((name) => /^(\(.+\)|\[[^.[\]]+\])$/.test(name) && isFolder(join(appDir, name)) && holdsLayout(join(appDir, name)));
}

/**
 * The app at `dir` as an audit sees it, or the one line why it cannot be audited: not a folder,
 * not a Next.js app, not installed, a `next` outside the supported range, neither router, a
 * static export written as a literal (one written otherwise is refused once Next has resolved the
 * config, `configuredApp`). Nothing of the app runs here.
 */
export function inspectApp(dir: string): InspectedApp {
  if (!existsSync(dir)) throw cannot(`${dir} does not exist`);
  if (!statSync(dir).isDirectory()) throw cannot(`${dir} is not a folder`);
  const root = realpathSync(dir);
  const manifestPath = join(root, 'package.json');
  if (!existsSync(manifestPath)) throw cannot(`${dir} is not a Next.js app: it has no package.json`);
  let manifest: { name?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw cannot(`${dir}/package.json is not JSON (${(error as Error).message})`);
  }
  const declared = { ...manifest.devDependencies, ...manifest.dependencies };
  if (!declared.next) throw cannot(`${dir} is not a Next.js app: its package.json does not depend on next`);
  const monorepo = monorepoOf(root);
  const installRoot = monorepo?.root ?? root;
  const next = packageVersion(root, 'next', installRoot);
  if (next === null) {
    const where = monorepo ? `its folder or its monorepo's root (${monorepo.root})` : dir;
    throw cannot(
      existsSync(join(root, 'node_modules')) || existsSync(join(installRoot, 'node_modules'))
        ? `${monorepo ? `no node_modules in ${where}` : `${dir}/node_modules`} holds no next: install its dependencies first`
        : `${monorepo ? `${dir} has no node_modules, nor has its monorepo's root (${monorepo.root})` : `${dir} has no node_modules`}: ` +
            `install its dependencies first (npm install, pnpm install or yarn)`,
    );
  }
  if (valid(next) === null || !satisfies(next, AUDITED_NEXT, { includePrerelease: true })) {
    throw cannot(`${dir} uses next ${next}, outside what faultline audits (15.3 to 16.x)`);
  }
  const folder = (candidates: string[]) => candidates.find((candidate) => isFolder(join(root, candidate)));
  const ownAppDir = folder(['app', join('src', 'app')]);
  const appRouter = ownAppDir !== undefined && isAppRouter(join(root, ownAppDir));
  const pagesDir = folder(['pages', join('src', 'pages')]) ?? null;
  if (!ownAppDir && !pagesDir) throw cannot(`${dir} has no app/ or pages/ folder (nor src/app/ or src/pages/): no route of its own to place failures beside`);
  if (!appRouter && !pagesDir)
    throw cannot(`${dir}/${ownAppDir}/ holds no root layout and ${dir} has no pages/ folder: no page of its own to place failures beside`);
  // With the Pages Router only, where its App Router would be: beside its pages, in src/ or not, as its conventions are.
  const appDir = ownAppDir ?? (pagesDir!.startsWith('src') ? join('src', 'app') : 'app');
  const sentry = packageDir(root, '@sentry/nextjs', installRoot) !== null;
  const configFile = configFileOf(root);
  // The literal case refused at once, before a copy and an install; every other way, once Next resolved the config.
  if (configFile && /output\s*:\s*['"]export['"]/.test(readFileSync(join(root, configFile), 'utf8'))) throw staticExport(dir);
  const srcRoot = appDir === 'app' ? root : join(root, 'src');
  const ownProxy =
    ['proxy', 'middleware']
      .flatMap((name) => ['ts', 'js', 'mjs', 'tsx', 'jsx'].map((ext) => `${name}.${ext}`))
      .find((file) => existsSync(join(srcRoot, file))) ?? null;
  const others = otherReporters(root, appDir);
  return {
    root,
    name: manifest.name ?? root.split('/').at(-1)!,
    appDir,
    appRouter,
    layoutlessAppDir: ownAppDir !== undefined && !appRouter,
    pagesDir,
    next,
    sentry,
    typescript: existsSync(join(root, 'tsconfig.json')),
    ownProxy,
    packageManager: packageManagerOf(installRoot),
    configFile,
    otherReporters: others,
    browserReporters: browserReporters(root, manifest, others),
    sentrySetup: sentry ? sentrySetup(root, appDir, next) : null,
    monorepo,
  };
}
