import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspectApp } from '../audit/app/inspect';
import { auditWorkspacesOf } from '../audit/workspace';
import { ENV } from '../contract';
import { holdLock } from '../harness/lock';
import { addPackages, generateApp, generateMonorepo } from './generate';
import { pinned } from './packages';

/**
 * The apps faultline's own tests audit, by shape: each generated once in a test run, by whichever
 * worker asks first (the others wait for it), in one folder per shape, so that every test of that
 * shape audits the same app and its audit's own cache reuses one build. A test that writes into
 * its app has a shape of its own. The run's folder is the global setup's (`ENV.testApps`),
 * removed with every audit workspace of its apps when the run ends.
 */

/** Writes `text` over `find` in `file`, failing when the template no longer has it (what the shape relies on moved). */
function edit(file: string, find: string | RegExp, text: string): void {
  const source = readFileSync(file, 'utf8');
  if (!(typeof find === 'string' ? source.includes(find) : find.test(source))) throw new Error(`${file} has no ${String(find)} to change`);
  writeFileSync(file, source.replace(find, text));
}

const write = (file: string, lines: readonly string[]) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
};

/** A `proxy.ts` that redirects every path but those `passes` lets through to `to` (expressions over `pathname`). */
const redirectingProxy = (passes: string, to: string) => [
  "import { NextResponse, type NextRequest } from 'next/server';",
  '',
  'export function proxy(request: NextRequest) {',
  '  const { pathname } = request.nextUrl;',
  `  if (${passes}) return NextResponse.next();`,
  `  return NextResponse.redirect(new URL(${to}, request.url));`,
  '}',
  '',
  "export const config = { matcher: ['/((?!_next/|favicon.ico).*)'] };",
];

/** Sentry's guide app with its tunnel route at `route`, `proxy` as its proxy, and any options of its plugin's written after the route. */
async function guideWithProxy(dest: string, route: string, proxy: readonly string[], pluginOptions = '') {
  await generateApp(dest, { sentry: true });
  edit(join(dest, 'next.config.ts'), 'tunnelRoute: true,', `tunnelRoute: '${route}',${pluginOptions}`);
  write(join(dest, 'proxy.ts'), proxy);
}

/**
 * `create-next-app`'s answer for an app whose test is about what Cache Components refuse: a
 * request-time read outside `<Suspense>` (a build error under them), or an Edge page.
 */
const WITHOUT_CACHE_COMPONENTS = ['--no-cache-components'];

/** Each shape: how its app is made in `dest`; what it returns is the app's folder (a monorepo's app is below its root). */
export const SHAPES = {
  /** What `create-next-app --yes` makes today (16.4.3's answers: Tailwind, Cache Components with partial prefetching, AGENTS.md). */
  'create-next-app-default': (dest: string) => generateApp(dest, { sentry: false }),
  /** The template again, for the tests that write into their app (a named pipe, `next dev`'s output): the other tests' copy stays as generated. */
  'written-into-app': (dest: string) => generateApp(dest, { sentry: false }),
  /** The template again, for the test that breaks its audit workspace's build on purpose. */
  'audited-twice-app': (dest: string) => generateApp(dest, { sentry: false }),
  /** Today's app set up as Sentry's guide shows it (`sentry-guide/`). */
  'sentry-guide-app': (dest: string) => generateApp(dest, { sentry: true }),
  /** The same without Cache Components (`--no-cache-components`), which refuse an Edge page: for the tests of every runtime's reports. */
  'sentry-guide-edge-app': (dest: string) => generateApp(dest, { sentry: true, answers: WITHOUT_CACHE_COMPONENTS }),
  /** The template behind a consent wall nothing can be clicked through. */
  'consent-wall-app': (dest: string) => generateApp(dest, { sentry: false, consentWall: true }),
  /** The template whose own page does not compile. */
  'broken-app': async (dest: string) => {
    await generateApp(dest, { sentry: false });
    writeFileSync(join(dest, 'app', 'page.tsx'), 'export default function Home() { return <main>{oops</main>; }\n');
  },
  /** `create-next-app`'s Pages Router answer (`--no-app`): `pages/` and no `app/` (Cache Components is the App Router's alone). */
  'pages-app': (dest: string) => generateApp(dest, { sentry: false, router: 'pages' }),
  /**
   * The same, set up as Sentry's guide shows it for the Pages Router: its config files and a
   * `pages/_error.tsx` that calls `captureUnderscoreErrorException`; and an `app/` folder with no
   * layout in it, as Pages apps keep to work around an Edge bundling issue with Sentry (it builds,
   * and serves no App Router page).
   */
  'sentry-guide-pages-app': async (dest: string) => {
    await generateApp(dest, { sentry: true, router: 'pages' });
    write(join(dest, 'app', '.gitkeep'), []);
  },
  /** Errors handed to PostHog (`@posthog/next`'s `onRequestError`), no Sentry; without Cache Components, as `sentry-guide-edge-app`, for its Edge page's reports. */
  'posthog-app': (dest: string) => generateApp(dest, { sentry: false, posthog: true, answers: WITHOUT_CACHE_COMPONENTS }),
  /**
   * Errors sent to PostHog from the app's own `onRequestError` with `posthog-node`, as PostHog's
   * guide for Next.js has it (a client made in a module of the app's own, `flushAt: 1`), no `@posthog/next`, no Sentry.
   */
  'posthog-node-app': async (dest: string) => {
    await generateApp(dest, { sentry: false });
    addPackages(dest, pinned('posthog-node'));
    write(join(dest, 'lib', 'posthog-server.ts'), [
      "import { PostHog } from 'posthog-node';",
      '',
      'let client: PostHog | null = null;',
      '',
      'export function getPostHogServer(): PostHog {',
      '  client ??= new PostHog(process.env.NEXT_PUBLIC_POSTHOG_KEY!, { host: process.env.NEXT_PUBLIC_POSTHOG_HOST, flushAt: 1, flushInterval: 0 });',
      '  return client;',
      '}',
    ]);
    write(join(dest, 'instrumentation.ts'), [
      "import type { Instrumentation } from 'next';",
      '',
      'export const onRequestError: Instrumentation.onRequestError = async (error) => {',
      "  if (process.env.NEXT_RUNTIME !== 'nodejs') return;",
      "  const { getPostHogServer } = await import('./lib/posthog-server');",
      '  await getPostHogServer().captureException(error);',
      '};',
    ]);
    writeFileSync(join(dest, '.env'), 'NEXT_PUBLIC_POSTHOG_KEY=phc_faultline_generated_app\nNEXT_PUBLIC_POSTHOG_HOST=https://us.i.posthog.com\n');
    // A route handler whose API call fails uncaught under a backend fault: Next hands the error to the hook, which sends it naming no route.
    write(join(dest, 'app', 'api', 'stock', 'route.ts'), [
      "import { connection } from 'next/server';",
      '',
      'export async function GET() {',
      '  await connection();',
      '  const response = await fetch(`${process.env.BACKEND_URL}/items`);',
      '  const items: unknown[] = await response.json();',
      '  return Response.json({ count: items.length });',
      '}',
    ]);
  },
  /** Errors recorded on OpenTelemetry spans (`@vercel/otel`, an `onRequestError` recording on the active span), exported over OTLP/HTTP to the collector its `.env` names. */
  'opentelemetry-app': (dest: string) => generateApp(dest, { sentry: false, otel: true }),
  /** As create-t3-app shapes it: a strict tsconfig that checks JavaScript too, and a config that validates the environment as it loads. */
  't3-shaped-app': async (dest: string) => {
    await generateApp(dest, { sentry: false });
    const tsconfig = JSON.parse(readFileSync(join(dest, 'tsconfig.json'), 'utf8'));
    Object.assign(tsconfig.compilerOptions, { checkJs: true, noUncheckedIndexedAccess: true });
    tsconfig.include = ['next-env.d.ts', '**/*.ts', '**/*.tsx', '**/*.cjs', '**/*.js', '**/*.jsx', '.next/types/**/*.ts'];
    writeFileSync(join(dest, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
    write(join(dest, 'env.js'), [
      "const missing = ['DATABASE_URL'].filter((name) => !process.env[name]);",
      "if (missing.length > 0) throw new Error(`Invalid environment variables: ${missing.map((name) => `${name}: Required`).join(', ')}`);",
      'export const env = { DATABASE_URL: process.env.DATABASE_URL };',
    ]);
    edit(join(dest, 'next.config.ts'), /^/, "import './env.js';\n");
  },
  /**
   * A root layout that reads a session from a store that is not running: every page meets that error, beside its own.
   * Without Cache Components (`--no-cache-components`): under them a request-time read outside `<Suspense>` fails the build, and the test is about a request that fails.
   */
  'session-store-app': async (dest: string) => {
    await generateApp(dest, { sentry: false, answers: WITHOUT_CACHE_COMPONENTS });
    write(join(dest, 'app', 'layout.tsx'), [
      "import { connection } from 'next/server';",
      '',
      'async function session(): Promise<string> {',
      '  await connection();',
      "  throw new Error('connect ECONNREFUSED 127.0.0.1:6379: the session store is not running');",
      '}',
      '',
      'export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {',
      '  const user = await session();',
      '  return (',
      '    <html lang="en">',
      '      <body data-user={user}>{children}</body>',
      '    </html>',
      '  );',
      '}',
    ]);
  },
  /** Sentry's guide without `onRequestError`, and its browser `Sentry.init` only in the legacy `sentry.client.config.ts`. */
  'legacy-sentry-setup-app': async (dest: string) => {
    await generateApp(dest, { sentry: true });
    edit(join(dest, 'instrumentation.ts'), 'export const onRequestError = Sentry.captureRequestError;\n', '');
    renameSync(join(dest, 'instrumentation-client.ts'), join(dest, 'sentry.client.config.ts'));
  },
  /**
   * Sentry's SDK set up by its guide but built without its plugin (no `withSentryConfig`), the browser sending through a tunnel on
   * another origin (`tunnel` in its init), and the browser's maps turned off (`productionBrowserSourceMaps: false`): no map for what the browser reports.
   */
  'tunnel-elsewhere-app': async (dest: string) => {
    await generateApp(dest, { sentry: true });
    const config = join(dest, 'next.config.ts');
    edit(config, "import { withSentryConfig } from '@sentry/nextjs/config';\n", '');
    edit(config, /export default withSentryConfig\((\w+), \{[\s\S]*\}\);\s*$/, 'export default $1;\n');
    edit(config, /(const nextConfig: NextConfig = \{\n)/, '$1  productionBrowserSourceMaps: false,\n');
    edit(join(dest, 'instrumentation-client.ts'), 'tracesSampleRate: 1,', "tracesSampleRate: 1,\n  tunnel: 'http://localhost:3031/',");
  },
  /**
   * Sentry's guide with a fixed tunnel route (`/monitoring`) and a proxy for every path, whose matcher leaves the tunnel out as Sentry's docs say;
   * its plugin told `sourcemaps: { disable: true }`, as teams write it to keep a build offline: no debug IDs, no browser maps.
   */
  'tunnel-let-through-app': (dest: string) =>
    guideWithProxy(
      dest,
      '/monitoring',
      [
        "import { NextResponse, type NextRequest } from 'next/server';",
        '',
        'export function proxy(request: NextRequest) {',
        '  const response = NextResponse.next();',
        "  response.headers.set('x-frame-options', 'DENY');",
        '  return response;',
        '}',
        '',
        "export const config = { matcher: ['/((?!monitoring|_next/static|_next/image|favicon.ico).*)'] };",
      ],
      '\n  sourcemaps: { disable: true },',
    ),
  /** Sentry's guide with its tunnel under `/api/`, where its proxy walls every request without a session (401). */
  'tunnel-walled-app': (dest: string) =>
    guideWithProxy(dest, '/api/monitoring', [
      "import { NextResponse, type NextRequest } from 'next/server';",
      '',
      'export function proxy(request: NextRequest) {',
      "  if (!request.cookies.has('session')) return NextResponse.json({ error: 'unauthorised' }, { status: 401 });",
      '  return NextResponse.next();',
      '}',
      '',
      "export const config = { matcher: ['/api/:path*'] };",
    ]),
  /** Sentry's guide with a CSRF guard in its proxy, as many apps have one: 403 to every POST with neither a Server Action's header nor the app's token. */
  'csrf-guard-app': async (dest: string) => {
    await generateApp(dest, { sentry: true });
    write(join(dest, 'proxy.ts'), [
      "import { NextResponse, type NextRequest } from 'next/server';",
      '',
      'export function proxy(request: NextRequest) {',
      "  const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);",
      "  if (unsafe && !request.headers.has('next-action') && request.headers.get('x-csrf-token') !== request.cookies.get('csrf')?.value)",
      "    return new NextResponse('Forbidden', { status: 403 });",
      '  return NextResponse.next();',
      '}',
      '',
      "export const config = { matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'] };",
    ]);
  },
  /** Sentry's guide as `apps/web` of an npm-workspaces monorepo, with a package of its own shipped as TypeScript source. */
  'acme-npm-monorepo': (dest: string) => generateMonorepo(dest, { sentry: true }),
  /** The same monorepo installed by pnpm, each package linked from its store, its CSS through Tailwind 4 from a shared config package. */
  'acme-pnpm-monorepo': (dest: string) => generateMonorepo(dest, { sentry: true, pnpm: true }),
  /** Sentry's guide localised as next-intl's guide has it: the root layout under `app/[locale]/`, no `app/layout.tsx`, a proxy sending every path to its locale. */
  'next-intl-app': (dest: string) => generateApp(dest, { sentry: true, intl: true }),
  /**
   * Served under `basePath: '/docs'`, built into `distDir: 'build'`, with a home page that fails without its database, its secrets in `.env.local`, and calls beyond the machine.
   * Without Cache Components, as `session-store-app`: its home page reads the database at request time outside `<Suspense>`.
   */
  'docs-app': async (dest: string) => {
    await generateApp(dest, { sentry: false, answers: WITHOUT_CACHE_COMPONENTS });
    edit(join(dest, 'next.config.ts'), '/* config options here */', "basePath: '/docs',\n  distDir: 'build',");
    write(join(dest, 'app', 'page.tsx'), [
      "import { connection } from 'next/server';",
      '',
      'export default async function Home() {',
      '  await connection();',
      "  throw new Error('connect ECONNREFUSED 127.0.0.1:5432: the database is not running');",
      '}',
    ]);
    writeFileSync(join(dest, '.env.local'), 'DATABASE_URL=postgres://app:hunter2@127.0.0.1:5432/app\n');
    // Feature flags fetched as the server starts, and an analytics pixel on every page, as many apps have.
    write(join(dest, 'instrumentation.ts'), [
      'export async function register() {',
      "  await fetch('https://flags.example.com/v1/flags').catch(() => null);",
      '}',
    ]);
    edit(join(dest, 'app', 'layout.tsx'), '{children}', '{children}<img src="https://analytics.example.com/pixel.gif" alt="" />');
  },
  /** A page whose `generateStaticParams` never settles: `next build` never ends. */
  'stuck-build-app': async (dest: string) => {
    await generateApp(dest, { sentry: false });
    write(join(dest, 'app', 'stuck', '[id]', 'page.tsx'), [
      'export async function generateStaticParams() {',
      '  await new Promise(() => {});',
      '  return [];',
      '}',
      '',
      'export default async function Stuck({ params }: { params: Promise<{ id: string }> }) {',
      '  return <p>{(await params).id}</p>;',
      '}',
    ]);
  },
  /** A proxy that sends every visitor without a session cookie to its login page. */
  'login-wall-app': async (dest: string) => {
    await generateApp(dest, { sentry: false });
    write(join(dest, 'proxy.ts'), redirectingProxy("pathname === '/login' || request.cookies.has('session')", "'/login?next=' + encodeURIComponent(pathname)"));
    write(join(dest, 'app', 'login', 'page.tsx'), ['export default function Login() {', '  return <form><input name="email" /></form>;', '}']);
  },
  /** A proxy that sends every path without a locale to the same path under `/en`, where a catch-all answers 404. */
  'locale-redirect-app': async (dest: string) => {
    await generateApp(dest, { sentry: false });
    write(join(dest, 'proxy.ts'), redirectingProxy("pathname.startsWith('/en')", "'/en' + pathname"));
    write(join(dest, 'app', 'en', '[...rest]', 'page.tsx'), [
      "import { notFound } from 'next/navigation';",
      '',
      'export default function Missing() {',
      '  notFound();',
      '}',
    ]);
  },
  /** The template on next 16.1.7 (`create-next-app@16.1`'s), to upgrade. */
  'create-next-app-16.1.7': (dest: string) => generateApp(dest, { sentry: false, next: '16.1.7' }),
  /**
   * The template on next 15.5.29, whose client navigations ride on their link's prefetch (issue #67, defect 2),
   * with its own ESLint setup installed: `next build` lints with typescript-eslint's `recommended` (issue #84, defect 1).
   */
  'create-next-app-15.5.29': (dest: string) => generateApp(dest, { sentry: false, next: '15.5.29', lint: true }),
  /**
   * Sentry's guide on next 16.1.7, to upgrade: a hybrid app, with the guide's `pages/_error.tsx`
   * beside `app/` (as the guide sets up an app that has both routers).
   */
  'sentry-guide-app-16.1.7': async (dest: string) => {
    await generateApp(dest, { sentry: true, next: '16.1.7' });
    cpSync(join(import.meta.dirname, 'sentry-guide-pages'), dest, { recursive: true });
  },
  /**
   * Sentry's guide without Cache Components, with the shapes of pages that call a backend
   * (`backend-pages/`: the API at `BACKEND_URL`, which the test serves): a server page with no
   * try/catch, one with a fallback, a route handler that catches and answers 500, a client page
   * whose fetch's failure is never caught, a Pages `getServerSideProps`, and a page that redirects.
   */
  'backend-app': async (dest: string) => {
    await generateApp(dest, { sentry: true, answers: WITHOUT_CACHE_COMPONENTS });
    cpSync(join(import.meta.dirname, 'backend-pages'), dest, { recursive: true });
  },
  /** An app on the pinned next that uses `next/offline`, which came in 16.4: it cannot be built on 16.1.7. */
  'offline-app': async (dest: string) => {
    await generateApp(dest, { sentry: false });
    write(join(dest, 'app', 'status', 'offline.tsx'), [
      "'use client';",
      "import { useOffline } from 'next/offline';",
      '',
      'export function Offline() {',
      '  return useOffline() ? <p>You are offline</p> : null;',
      '}',
    ]);
    write(join(dest, 'app', 'status', 'page.tsx'), [
      "import { Offline } from './offline';",
      '',
      'export default function Status() {',
      '  return <Offline />;',
      '}',
    ]);
  },
} satisfies Record<string, (dest: string) => Promise<unknown>>;

export type Shape = keyof typeof SHAPES;

/** The run's folder of generated apps, which the global setup makes. */
function appsFolder(): string {
  const folder = process.env[ENV.testApps];
  if (!folder) throw new Error(`${ENV.testApps} is not set: foreign-apps/global-setup.ts makes the run's folder of generated apps`);
  return folder;
}

/** Where a shape's app was made, once it is: the file holds the app's folder. */
const doneFile = (folder: string, shape: Shape) => join(folder, `${shape}.done`);

/**
 * The folder of the app of `shape`, generated now unless this run already has it (another worker
 * may be generating it: this one waits for it). Tests must not write into it; one that does has a
 * shape of its own.
 */
export async function appOf(shape: Shape): Promise<string> {
  const folder = appsFolder();
  const done = doneFile(folder, shape);
  if (existsSync(done)) return readFileSync(done, 'utf8');
  const lock = await holdLock(join(folder, `${shape}.lock`));
  try {
    if (existsSync(done)) return readFileSync(done, 'utf8');
    const dest = join(folder, shape);
    const made = await SHAPES[shape](dest);
    const app = typeof made === 'string' ? made : dest;
    writeFileSync(done, app);
    return app;
  } finally {
    lock.release();
  }
}

/** Removes the run's apps and every audit workspace made of them. */
export function removeGeneratedApps(folder: string): void {
  for (const shape of Object.keys(SHAPES) as Shape[]) {
    const done = doneFile(folder, shape);
    if (!existsSync(done)) continue;
    const app = readFileSync(done, 'utf8');
    if (existsSync(app)) for (const dir of auditWorkspacesOf(inspectApp(app))) rmSync(dir, { recursive: true, force: true });
  }
  rmSync(folder, { recursive: true, force: true });
}
