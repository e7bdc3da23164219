import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { major, minor } from 'semver';
import { faultlineRoot } from '../harness/root';
import { installNext } from '../harness/next-workspace';
import { timedSync } from '../harness/timings';
import { OPENTELEMETRY_PEERS, pinned } from './packages';

/**
 * Apps faultline did not write, made in the test setup from registry packages: what
 * `create-next-app` makes with its default answers (`--yes`, what CI takes: TypeScript, Tailwind,
 * ESLint's config, the App Router and, from 16.4, Cache Components with partial prefetching and an
 * `AGENTS.md`), run from its own package so its answers are its own; the same app with
 * `@sentry/nextjs` set up the way Sentry's guide shows it (the files in `sentry-guide/`), and the
 * same app behind a consent wall nothing can be clicked through. Nothing of them is committed but
 * this script and those files.
 */

/**
 * The `create-next-app` an app on `next` `version` starts from: the newest the registry has up to
 * that minor (there is none for every `next` patch, nor for every minor: 16.4.3 for 16.4.5 and
 * for 16.5.0, whose create-next-app is not released).
 */
export const createNextApp = (version: string) => `create-next-app@<${major(version)}.${minor(version) + 1}.0`;

const installed = (name: string) =>
  (JSON.parse(readFileSync(join(faultlineRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** What this process unpacked or made, removed when it ends. */
const scratch: string[] = [];
process.once('exit', () => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/** Which router the app has: the App Router's (`create-next-app`'s default answer), or the Pages Router's (`--no-app`). */
export type Router = 'app' | 'pages';

/** The `create-next-app` CLI of a version range, packed from the registry (npm's cache when it has it) once per process. */
const clis = new Map<string, string>();
function createNextAppCli(next: string): string {
  const range = createNextApp(next);
  const known = clis.get(range);
  if (known) return known;
  const dir = scratchDir('faultline-cna-');
  const packed = timedSync('install', range, () =>
    execFileSync('npm', ['pack', range, '--silent', '--pack-destination', dir], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  )
    .trim()
    .split('\n')
    .at(-1)!;
  execFileSync('tar', ['xzf', join(dir, packed), '-C', dir]);
  const cli = join(dir, 'package', 'dist', 'index.js');
  clis.set(range, cli);
  return cli;
}

/** The apps this process had `create-next-app` make, by version range and answers: each made once, then copied. */
const made = new Map<string, string>();
/**
 * The app `create-next-app` makes for `next` with its default answers and `answers` (its own flags,
 * `--no-app` for the Pages Router, `--eslint` where a version's default has no linter), without
 * installing anything or touching git. Its preferences file goes to a scratch folder: a user's saved
 * answers never change what `--yes` makes, and nothing is written into their home.
 */
function createdApp(next: string, answers: readonly string[]): string {
  const key = `${createNextApp(next)} ${answers.join(' ')}`;
  const known = made.get(key);
  if (known) return known;
  const dir = scratchDir('faultline-created-');
  execFileSync(process.execPath, [createNextAppCli(next), 'app', '--yes', '--skip-install', '--disable-git', '--use-npm', ...answers], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', NEXT_TELEMETRY_DISABLED: '1', XDG_CONFIG_HOME: join(dir, '.config') },
  });
  made.set(key, join(dir, 'app'));
  return join(dir, 'app');
}

/** The packages a made app's manifest names that faultline's install does not hold and its build needs: Tailwind's (ESLint's come with `lint`, which Next 15's build runs). */
const ADDED_BY_ANSWERS = ['tailwindcss', '@tailwindcss/turbopack', '@tailwindcss/postcss'] as const;

/**
 * Writes the generated app to `dest` (replacing it) with `node_modules` in place: faultline's own
 * install of the same registry packages, hard-linked (no download, the same bytes), with
 * `@sentry/nextjs` left out of the app that does not use it, and `next` the one asked for (by
 * default faultline's own; another as a matrix workspace gets it). `answers` are `create-next-app`'s
 * flags beside `--yes`, for a test about another shape than today's default (the older template).
 */
export async function generateApp(
  dest: string,
  {
    sentry,
    consentWall = false,
    next = installed('next'),
    posthog = false,
    intl = false,
    otel = false,
    router = 'app',
    lint = false,
    answers = [],
  }: {
    sentry: boolean;
    consentWall?: boolean;
    next?: string;
    posthog?: boolean;
    intl?: boolean;
    otel?: boolean;
    router?: Router;
    lint?: boolean;
    answers?: readonly string[];
  },
): Promise<string> {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(join(dest, '..'), { recursive: true });
  cpSync(createdApp(next, [...(router === 'pages' ? ['--no-app'] : []), ...(lint ? ['--eslint'] : []), ...answers]), dest, { recursive: true });
  const created = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
  const dependencies: Record<string, string> = { next, react: installed('react'), 'react-dom': installed('react-dom') };
  if (sentry) dependencies['@sentry/nextjs'] = installed('@sentry/nextjs');
  const manifest = {
    name: sentry ? 'sentry-guide-app' : consentWall ? 'consent-wall-app' : 'create-next-app-default',
    version: '0.1.0',
    private: true,
    scripts: created.scripts,
    dependencies,
    devDependencies: { typescript: installed('typescript'), '@types/node': installed('@types/node'), '@types/react': installed('@types/react') },
  };
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Sentry's guide for the router: the wizard's files, its wrapper around the app's own config, and the router's error page (global-error.tsx, or pages/_error.tsx).
  if (sentry) {
    cpSync(join(import.meta.dirname, 'sentry-guide'), dest, {
      recursive: true,
      filter: (file) => router === 'app' || !file.includes(join('sentry-guide', 'app')),
    });
    wrapConfig(dest, "import { withSentryConfig } from '@sentry/nextjs/config';", (config) => `withSentryConfig(${config}, ${SENTRY_BUILD_OPTIONS})`);
  }
  if (sentry && router === 'pages') cpSync(join(import.meta.dirname, 'sentry-guide-pages'), dest, { recursive: true });
  if (consentWall) {
    // A consent wall over every page until it is answered, as many sites have: nothing under it can be clicked.
    const layout = join(dest, 'app', 'layout.tsx');
    const wall = `<div style={{ position: "fixed", inset: 0, background: "rgba(0, 0, 0, 0.6)" }}><p>We use cookies.</p></div>`;
    const source = readFileSync(layout, 'utf8');
    if (!/\{children\}\s*<\/body>/.test(source)) throw new Error(`${createNextApp(next)}'s layout has no {children}</body> to put the wall after`);
    writeFileSync(layout, source.replace(/\{children\}(\s*)<\/body>/, `{children}${wall}$1</body>`));
  }
  // The project's install, hard-linked as a workspace's is (with the next asked for); the app without Sentry without it.
  await installNext(faultlineRoot, dest, next);
  if (!sentry) rmSync(join(dest, 'node_modules', '@sentry', 'nextjs'), { recursive: true, force: true });
  const byAnswers = ADDED_BY_ANSWERS.filter((name) => name in created.devDependencies);
  if (byAnswers.length) addPackages(dest, pinned(...byAnswers), [], { dev: true });
  if (posthog) addPostHog(dest);
  if (intl) addIntl(dest);
  if (otel) addOpenTelemetry(dest);
  if (lint) addLint(dest, next);
  return dest;
}

/** The options Sentry's wizard writes beside `withSentryConfig` (the org and project are placeholders: nothing is uploaded). */
const SENTRY_BUILD_OPTIONS = `{
  org: 'example-org',
  project: 'example-project',
  silent: !process.env.CI,
  tunnelRoute: true,
}`;

/** Wraps the app's exported config as a plugin's guide does (`export default wrap(nextConfig)`), keeping wrappers already there. */
export function wrapConfig(dest: string, importLine: string, wrap: (config: string) => string): void {
  const file = join(dest, 'next.config.ts');
  const source = readFileSync(file, 'utf8');
  const exported = /export default (.+);\s*$/s.exec(source);
  if (!exported) throw new Error(`${file} has no export default to wrap`);
  writeFileSync(file, `${importLine}\n${source.slice(0, exported.index)}export default ${wrap(exported[1]!)};\n`);
}

/**
 * The template's own ESLint setup installed, as `create-next-app` installs it when asked for ESLint:
 * its `eslint.config.mjs` extends `next/typescript`, which is typescript-eslint's `recommended`
 * (`@typescript-eslint/ban-ts-comment` among its rules), and Next 15 lints during `next build`.
 */
function addLint(dest: string, next: string): void {
  // ESLint's own dependencies (ajv 6 among them) differ from the ones faultline's install holds at the top: each kept beneath its package.
  addPackages(dest, { ...pinned('eslint', '@eslint/eslintrc'), 'eslint-config-next': next }, [], { ownVersions: true });
  // An ESLint that cannot load its config lints nothing and fails no build: prove it judges the app's files with the rule on.
  const config = JSON.parse(
    execFileSync(process.execPath, [join(dest, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--print-config', 'app/page.tsx'], {
      cwd: dest,
      encoding: 'utf8',
    }),
  ) as { rules: Record<string, unknown> };
  const rule = JSON.stringify(config.rules['@typescript-eslint/ban-ts-comment'] ?? 'off');
  if (!/^\["?(error|2)\b/.test(rule)) throw new Error(`the generated app's ESLint does not ban @ts-nocheck: ${rule}`);
}

/**
 * Registry packages installed aside (npm's cache when it has them) and copied into the app's
 * `node_modules`, never into the hard-linked install (faultline's own files); recorded in its
 * package.json (`dev`: as devDependencies). A dependency the install already holds at its top in
 * another version is kept beneath each package of theirs that asks for it (`ownVersions`: ESLint
 * needs its ajv 6 where faultline's tests hold ajv 8).
 */
export function addPackages(dest: string, packages: Record<string, string>, also: readonly string[] = [], { ownVersions = false, dev = false } = {}): void {
  const aside = installedAside(packages, also);
  const installed = packagesIn(aside);
  const taken = installed.filter((name) => existsSync(join(dest, 'node_modules', name)));
  for (const name of installed.filter((name) => !taken.includes(name))) cpSync(join(aside, name), join(dest, 'node_modules', name), { recursive: true });
  const ownVersion = (name: string) => ownVersions && versionOf(join(dest, 'node_modules', name)) !== versionOf(join(aside, name));
  for (const name of taken.filter(ownVersion))
    for (const dependent of installed.filter((other) => dependsOn(join(aside, other), name)))
      cpSync(join(aside, name), join(dest, 'node_modules', dependent, 'node_modules', name), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8'));
  const field = dev ? 'devDependencies' : 'dependencies';
  manifest[field] = { ...manifest[field], ...packages };
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Each set of packages this process installed aside, by what was asked: installed once (every generated app takes Tailwind's). */
const asides = new Map<string, string>();
function installedAside(packages: Record<string, string>, also: readonly string[]): string {
  const specs = [...Object.entries(packages).map(([name, version]) => `${name}@${version}`), ...also];
  const known = asides.get(specs.join(' '));
  if (known) return known;
  const aside = scratchDir('faultline-packages-');
  writeFileSync(join(aside, 'package.json'), '{ "private": true }\n');
  timedSync('install', Object.keys(packages).join(' '), () =>
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--legacy-peer-deps', ...specs], {
      cwd: aside,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  asides.set(specs.join(' '), join(aside, 'node_modules'));
  return join(aside, 'node_modules');
}

/** The packages at the top of a `node_modules` folder, scoped ones as `@scope/name`. */
const packagesIn = (modules: string) =>
  readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((scoped) => join(name, scoped)) : [name]));

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
const versionOf = (dir: string) => manifestOf(dir).version;
/** Whether the package in `dir` asks for `name`, and has no copy of its own beneath it. */
const dependsOn = (dir: string, name: string) =>
  existsSync(join(dir, 'package.json')) && name in { ...manifestOf(dir).dependencies } && !existsSync(join(dir, 'node_modules', name));

/**
 * Errors handed to PostHog instead of Sentry, as `@posthog/next` documents it: its
 * `onRequestError` re-exported from `instrumentation.ts`, a project key in `.env`.
 */
function addPostHog(dest: string): void {
  addPackages(dest, pinned('@posthog/next', 'posthog-js', 'posthog-node'), ['@vercel/functions']);
  const manifest = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8'));
  manifest.name = 'posthog-app';
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dest, 'instrumentation.ts'), "export { onRequestError } from '@posthog/next';\n");
  writeFileSync(join(dest, '.env'), 'NEXT_PUBLIC_POSTHOG_KEY=phc_faultline_generated_app\n');
}

/**
 * Errors recorded on OpenTelemetry spans instead of sent to Sentry, as Next's guide and many apps
 * set it up: `registerOTel` from `@vercel/otel` in `register`, an `onRequestError` that records the
 * error on the request's active span, and the collector's address in `.env` (OTLP over HTTP, as
 * protobuf: `@vercel/otel`'s default).
 */
function addOpenTelemetry(dest: string): void {
  addPackages(dest, pinned('@vercel/otel', ...OPENTELEMETRY_PEERS));
  const manifest = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8'));
  manifest.name = 'opentelemetry-app';
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(dest, 'instrumentation.ts'),
    [
      "import { SpanStatusCode, trace } from '@opentelemetry/api';",
      "import { registerOTel } from '@vercel/otel';",
      "import type { Instrumentation } from 'next';",
      '',
      'export function register() {',
      "  registerOTel({ serviceName: 'opentelemetry-app' });",
      '}',
      '',
      'export const onRequestError: Instrumentation.onRequestError = (error) => {',
      '  const span = trace.getActiveSpan();',
      '  if (!span) return;',
      '  span.recordException(error instanceof Error ? error : String(error));',
      '  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });',
      '};',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dest, '.env'), 'OTEL_EXPORTER_OTLP_ENDPOINT=https://otel-collector.example.com:4318\n');
}

/**
 * Localised as next-intl's guide for the App Router with i18n routing sets it up: the root layout
 * (`<html lang={locale}>`) under `app/[locale]/`, no `app/layout.tsx`, messages per locale, and
 * the default locale without a prefix (`localePrefix: 'as-needed'`, as Next-js-Boilerplate has it):
 * its proxy rewrites `/about` to `/en/about` at the request's own URL, and redirects `/en/about` to `/about`.
 */
function addIntl(dest: string): void {
  addPackages(dest, pinned('next-intl'));
  const write = (file: string, lines: string[]) => {
    mkdirSync(join(dest, file, '..'), { recursive: true });
    writeFileSync(join(dest, file), `${lines.join('\n')}\n`);
  };
  write('i18n/routing.ts', [
    "import { defineRouting } from 'next-intl/routing';",
    '',
    "export const routing = defineRouting({ locales: ['en', 'de'], defaultLocale: 'en', localePrefix: 'as-needed' });",
  ]);
  write('i18n/request.ts', [
    "import { getRequestConfig } from 'next-intl/server';",
    "import { hasLocale } from 'next-intl';",
    "import { routing } from './routing';",
    '',
    'export default getRequestConfig(async ({ requestLocale }) => {',
    '  const requested = await requestLocale;',
    '  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;',
    '  return { locale, messages: (await import(`../messages/${locale}.json`)).default };',
    '});',
  ]);
  write('messages/en.json', [JSON.stringify({ Home: { title: 'Hello' } })]);
  write('messages/de.json', [JSON.stringify({ Home: { title: 'Hallo' } })]);
  write('proxy.ts', [
    "import createMiddleware from 'next-intl/middleware';",
    "import { routing } from './i18n/routing';",
    '',
    'export default createMiddleware(routing);',
    '',
    "export const config = { matcher: '/((?!api|trpc|_next|_vercel|.*\\\\..*).*)' };",
  ]);
  const config = join(dest, 'next.config.ts');
  writeFileSync(
    config,
    `import createNextIntlPlugin from 'next-intl/plugin';\n` +
      readFileSync(config, 'utf8').replace(
        /export default (\w+\()?nextConfig/,
        (_all, wrapper = '') => `export default ${wrapper}createNextIntlPlugin()(nextConfig)`,
      ),
  );
  rmSync(join(dest, 'app', 'layout.tsx'));
  mkdirSync(join(dest, 'app', '[locale]'));
  for (const name of readdirSync(join(dest, 'app')))
    if (!['[locale]', 'favicon.ico', 'global-error.tsx'].includes(name)) renameSync(join(dest, 'app', name), join(dest, 'app', '[locale]', name));
  write('app/[locale]/layout.tsx', [
    "import { NextIntlClientProvider, hasLocale } from 'next-intl';",
    "import { setRequestLocale } from 'next-intl/server';",
    "import { notFound } from 'next/navigation';",
    "import { routing } from '@/i18n/routing';",
    "import './globals.css';",
    '',
    'export function generateStaticParams() {',
    '  return routing.locales.map((locale) => ({ locale }));',
    '}',
    '',
    'export default async function LocaleLayout({ children, params }: { children: React.ReactNode; params: Promise<{ locale: string }> }) {',
    '  const { locale } = await params;',
    '  if (!hasLocale(routing.locales, locale)) notFound();',
    '  setRequestLocale(locale);',
    '  return (',
    '    <html lang={locale}>',
    '      <body>',
    '        <NextIntlClientProvider>{children}</NextIntlClientProvider>',
    '      </body>',
    '    </html>',
    '  );',
    '}',
  ]);
  write('app/[locale]/page.tsx', [
    "import { useTranslations } from 'next-intl';",
    "import { setRequestLocale } from 'next-intl/server';",
    "import { use } from 'react';",
    '',
    'export default function Home({ params }: { params: Promise<{ locale: string }> }) {',
    '  setRequestLocale(use(params).locale);',
    "  const t = useTranslations('Home');",
    "  return <h1>{t('title')}</h1>;",
    '}',
  ]);
  const manifest = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8'));
  manifest.name = 'next-intl-app';
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Tailwind 4 through a shared config package of the pnpm monorepo at `dest` (`@acme/tailwind-config`,
 * turborepo's with-tailwind shape): the app's `postcss.config.mjs` takes its config, which names
 * `@tailwindcss/postcss`, a package only the shared one depends on. pnpm puts it in the store's
 * hidden hoist folder alone, where Turbopack's PostCSS pool finds it only through the `NODE_PATH`
 * pnpm's bin shims set (issue #67, defect 1).
 */
function tailwindFromPackage(dest: string, web: string): void {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const config = join(dest, 'packages', 'tailwind-config');
  mkdirSync(config, { recursive: true });
  writeFileSync(
    join(config, 'package.json'),
    json({
      name: '@acme/tailwind-config',
      version: '0.0.0',
      private: true,
      exports: { './postcss': './postcss.config.mjs' },
      devDependencies: pinned('@tailwindcss/postcss', 'tailwindcss'),
    }),
  );
  writeFileSync(join(config, 'postcss.config.mjs'), "export const postcssConfig = { plugins: { '@tailwindcss/postcss': {} } };\n");
  const manifest = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'));
  manifest.devDependencies = { ...manifest.devDependencies, '@acme/tailwind-config': 'workspace:*', ...pinned('tailwindcss') };
  writeFileSync(join(web, 'package.json'), json(manifest));
  writeFileSync(join(web, 'postcss.config.mjs'), "import { postcssConfig } from '@acme/tailwind-config/postcss';\nexport default postcssConfig;\n");
  const css = join(web, 'app', 'globals.css');
  writeFileSync(css, `@import 'tailwindcss';\n${readFileSync(css, 'utf8')}`);
}

/**
 * A monorepo at `dest`: the template as `apps/web`, a package of its own shipped as TypeScript
 * source (`packages/ui`, through `transpilePackages`), the app's tsconfig extending the
 * repository's. Installed as its package manager does it: npm workspaces hoist every package to
 * the root's `node_modules` (faultline's own install hard-linked there, the workspace package a
 * link into `packages/`), so the app's folder has none; pnpm 9 (`npx pnpm@9`, from the registry)
 * gives each package a `node_modules` of links into the root's `.pnpm` store. Returns the app's folder.
 */
export async function generateMonorepo(dest: string, { sentry = false, pnpm = false }: { sentry?: boolean; pnpm?: boolean } = {}): Promise<string> {
  rmSync(dest, { recursive: true, force: true });
  const web = join(dest, 'apps', 'web');
  // pnpm's takes Tailwind from a shared package (below), so its app is made without create-next-app's own.
  await generateApp(web, { sentry, answers: pnpm ? ['--no-tailwind'] : [] });
  const write = (file: string, text: string) => {
    mkdirSync(join(dest, file, '..'), { recursive: true });
    writeFileSync(join(dest, file), text);
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const manifest = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'));
  manifest.name = 'web';
  manifest.dependencies['@acme/ui'] = pnpm ? 'workspace:*' : '*';
  writeFileSync(join(web, 'package.json'), json(manifest));
  write('package.json', json({ name: 'acme', private: true, ...(!pnpm && { workspaces: ['apps/*', 'packages/*'] }) }));
  if (pnpm) write('pnpm-workspace.yaml', 'packages:\n  - "apps/*"\n  - "packages/*"\n');
  else write('package-lock.json', json({ name: 'acme', lockfileVersion: 3, requires: true, packages: {} }));
  write('tsconfig.base.json', json({ compilerOptions: { strict: true, skipLibCheck: true } }));
  // Its own types and React, as pnpm's strict layout needs them declared (npm's hoisting does not).
  const devDependencies = { react: manifest.dependencies.react, '@types/react': manifest.devDependencies['@types/react'] };
  write(
    'packages/ui/package.json',
    json({ name: '@acme/ui', version: '0.0.0', private: true, exports: { '.': './src/index.tsx' }, peerDependencies: { react: '*' }, devDependencies }),
  );
  write('packages/ui/src/index.tsx', 'export function Greeting({ name }: { name: string }) {\n  return <p>Hello from {name}</p>;\n}\n');
  const tsconfig = JSON.parse(readFileSync(join(web, 'tsconfig.json'), 'utf8'));
  writeFileSync(join(web, 'tsconfig.json'), json({ extends: '../../tsconfig.base.json', ...tsconfig }));
  const config = join(web, 'next.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('/* config options here */', "transpilePackages: ['@acme/ui'],"));
  const page = join(web, 'app', 'page.tsx');
  writeFileSync(page, `import { Greeting } from '@acme/ui';\n${readFileSync(page, 'utf8').replace(/<main[^>]*>/, '$&\n        <Greeting name="acme" />')}`);
  if (pnpm) {
    tailwindFromPackage(dest, web);
    rmSync(join(web, 'node_modules'), { recursive: true, force: true });
    timedSync('install', 'pnpm@9 install (a monorepo)', () =>
      execFileSync('npx', ['-y', 'pnpm@9', 'install', '--reporter', 'silent'], {
        cwd: dest,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, CI: 'true' },
      }),
    );
    return web;
  }
  renameSync(join(web, 'node_modules'), join(dest, 'node_modules'));
  mkdirSync(join(dest, 'node_modules', '@acme'), { recursive: true });
  symlinkSync('../../packages/ui', join(dest, 'node_modules', '@acme', 'ui'));
  return web;
}

// `tsx foreign-apps/generate.ts DIR [--sentry | --consent-wall | --posthog | --intl | --monorepo | --pnpm-monorepo] [--next V]`: an app to audit by hand.
if (process.argv[1] === import.meta.filename) {
  const [dest, ...flags] = process.argv.slice(2);
  if (!dest)
    throw new Error('usage: tsx foreign-apps/generate.ts DIR [--sentry | --consent-wall | --posthog | --intl | --monorepo | --pnpm-monorepo] [--next V]');
  const next = flags.includes('--next') ? flags[flags.indexOf('--next') + 1] : undefined;
  if (flags.includes('--monorepo') || flags.includes('--pnpm-monorepo'))
    console.log(await generateMonorepo(dest, { sentry: flags.includes('--sentry'), pnpm: flags.includes('--pnpm-monorepo') }));
  else
    console.log(
      await generateApp(dest, {
        sentry: flags.includes('--sentry'),
        consentWall: flags.includes('--consent-wall'),
        posthog: flags.includes('--posthog'),
        intl: flags.includes('--intl'),
        next,
      }),
    );
  console.log(existsSync(join(dest, 'app')) ? readdirSync(join(dest, 'app')).join(' ') : 'no app/');
}
