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
 * Apps faultline did not write, made in the test setup from registry packages: the App Router
 * template that `create-next-app` ships inside its package (TypeScript, no Tailwind, Google fonts),
 * the same app with `@sentry/nextjs` set up the way Sentry's guide shows it (the files in
 * `sentry-guide/`), and the same app behind a consent wall nothing can be clicked through. Nothing of them is committed but this script and those files.
 */

/**
 * The `create-next-app` whose template an app on `next` `version` starts from: the newest the
 * registry has up to that minor (there is none for every `next` patch, nor for every minor:
 * 16.4.3 for 16.4.5 and for 16.5.0, whose create-next-app is not released).
 */
export const createNextApp = (version: string) => `create-next-app@<${major(version)}.${minor(version) + 1}.0`;

const installed = (name: string) =>
  (JSON.parse(readFileSync(join(faultlineRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The templates this process unpacked, by `create-next-app` version range: each packed once. */
const templates = new Map<string, string>();
process.once('exit', () => {
  for (const source of templates.values()) rmSync(join(source, '..', '..', '..', '..', '..'), { recursive: true, force: true });
});

/** Which router the app's template has: the App Router's (`app`), or the Pages Router's (`create-next-app`'s `default`). */
export type Router = 'app' | 'pages';
const TEMPLATE_OF: Record<Router, string> = { app: 'app', pages: 'default' };

/** A template's files, from the registry package (npm's cache when it has it), unpacked once per process. */
function template(next: string, router: Router): string {
  const appTemplate = templates.get(createNextApp(next)) ?? unpacked(next);
  return join(appTemplate, '..', '..', TEMPLATE_OF[router], 'ts');
}

/** The `create-next-app` package of `next`'s minor, unpacked: its App Router template's folder (the others beside it). */
function unpacked(next: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-cna-'));
  const packed = timedSync('install', createNextApp(next), () =>
    execFileSync('npm', ['pack', createNextApp(next), '--silent', '--pack-destination', dir], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
    .trim()
    .split('\n')
    .at(-1)!;
  execFileSync('tar', ['xzf', join(dir, packed), '-C', dir]);
  const source = join(dir, 'package', 'dist', 'templates', 'app', 'ts');
  templates.set(createNextApp(next), source);
  return source;
}

/**
 * Writes the generated app to `dest` (replacing it) with `node_modules` in place: faultline's own
 * install of the same registry packages, hard-linked (no download, the same bytes), with
 * `@sentry/nextjs` left out of the app that does not use it, and `next` the one asked for (by
 * default faultline's own; another as a matrix workspace gets it).
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
  }: { sentry: boolean; consentWall?: boolean; next?: string; posthog?: boolean; intl?: boolean; otel?: boolean; router?: Router; lint?: boolean },
): Promise<string> {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const source = template(next, router);
  cpSync(source, dest, { recursive: true });
  renameSync(join(dest, 'gitignore'), join(dest, '.gitignore'));
  renameSync(join(dest, 'README-template.md'), join(dest, 'README.md'));
  rmSync(join(dest, 'biome.json'));
  const dependencies: Record<string, string> = { next, react: installed('react'), 'react-dom': installed('react-dom') };
  if (sentry) dependencies['@sentry/nextjs'] = installed('@sentry/nextjs');
  const manifest = {
    name: sentry ? 'sentry-guide-app' : consentWall ? 'consent-wall-app' : 'create-next-app-default',
    version: '0.1.0',
    private: true,
    scripts: { dev: 'next dev', build: 'next build', start: 'next start' },
    dependencies,
    devDependencies: { typescript: installed('typescript'), '@types/node': installed('@types/node'), '@types/react': installed('@types/react') },
  };
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Sentry's guide for the router: its config files, and the router's error page (global-error.tsx, or pages/_error.tsx).
  if (sentry)
    cpSync(join(import.meta.dirname, 'sentry-guide'), dest, {
      recursive: true,
      filter: (file) => router === 'app' || !file.includes(join('sentry-guide', 'app')),
    });
  if (sentry && router === 'pages') cpSync(join(import.meta.dirname, 'sentry-guide-pages'), dest, { recursive: true });
  if (consentWall) {
    // A consent wall over every page until it is answered, as many sites have: nothing under it can be clicked.
    const layout = join(dest, 'app', 'layout.tsx');
    const wall = `<body>{children}<div style={{ position: "fixed", inset: 0, background: "rgba(0, 0, 0, 0.6)" }}><p>We use cookies.</p></div></body>`;
    const source = readFileSync(layout, 'utf8');
    if (!source.includes('<body>{children}</body>')) throw new Error(`${createNextApp(next)}'s layout has no <body>{children}</body> to put the wall in`);
    writeFileSync(layout, source.replace('<body>{children}</body>', wall));
  }
  // The project's install, hard-linked as a workspace's is (with the next asked for); the app without Sentry without it.
  await installNext(faultlineRoot, dest, next);
  if (!sentry) rmSync(join(dest, 'node_modules', '@sentry', 'nextjs'), { recursive: true, force: true });
  if (posthog) addPostHog(dest);
  if (intl) addIntl(dest);
  if (otel) addOpenTelemetry(dest);
  if (lint) addLint(dest, next);
  return dest;
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
 * `node_modules`, never into the hard-linked install (faultline's own files); recorded in its package.json.
 * A dependency the install already holds at its top in another version is kept beneath each package
 * of theirs that asks for it (`ownVersions`: ESLint needs its ajv 6 where faultline's tests hold ajv 8).
 */
export function addPackages(dest: string, packages: Record<string, string>, also: readonly string[] = [], { ownVersions = false } = {}): void {
  const aside = mkdtempSync(join(tmpdir(), 'faultline-packages-'));
  writeFileSync(join(aside, 'package.json'), '{ "private": true }\n');
  timedSync('install', Object.keys(packages).join(' '), () =>
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--legacy-peer-deps',
        ...Object.entries(packages).map(([name, version]) => `${name}@${version}`),
        ...also,
      ],
      { cwd: aside, stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
  const installed = packagesIn(join(aside, 'node_modules'));
  const taken = installed.filter((name) => existsSync(join(dest, 'node_modules', name)));
  for (const name of installed.filter((name) => !taken.includes(name)))
    cpSync(join(aside, 'node_modules', name), join(dest, 'node_modules', name), { recursive: true });
  const ownVersion = (name: string) => ownVersions && versionOf(join(dest, 'node_modules', name)) !== versionOf(join(aside, 'node_modules', name));
  for (const name of taken.filter(ownVersion))
    for (const dependent of installed.filter((other) => dependsOn(join(aside, 'node_modules', other), name)))
      cpSync(join(aside, 'node_modules', name), join(dest, 'node_modules', dependent, 'node_modules', name), { recursive: true });
  rmSync(aside, { recursive: true, force: true });
  const manifest = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8'));
  Object.assign(manifest.dependencies, packages);
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
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
  await generateApp(web, { sentry });
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
  writeFileSync(
    page,
    `import { Greeting } from '@acme/ui';\n${readFileSync(page, 'utf8').replace('<main className={styles.main}>', '<main className={styles.main}>\n        <Greeting name="acme" />')}`,
  );
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
