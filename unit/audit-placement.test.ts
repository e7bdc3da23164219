import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import type { AuditedApp } from '../audit/app/inspect';
import { entriesToPlace, placeCatalogue } from '../audit/kinds/placed/placement';
import { passesFor, placePlumbing, reservedIn, rootLayoutGroup } from '../audit/plumbing';
import { proxyRunsFor } from '../harness/build-manifests';
import { catalogue } from '../scenarios/catalogue';
import { forNext } from '../scenarios/versions';

const faultline = join(import.meta.dirname, '..');

/** A workspace holding `files`, and the app as the audit reads it. */
function workspaceWith(files: string[], over: Partial<AuditedApp> = {}): { dir: string; app: AuditedApp } {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-placement-'));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  const app: AuditedApp = {
    root: dir,
    name: 'my-app',
    appDir: 'app',
    appRouter: true,
    layoutlessAppDir: false,
    pagesDir: null,
    next: '16.4.5',
    sentry: false,
    typescript: true,
    basePath: '',
    trailingSlash: false,
    ownProxy: null,
    authInterrupts: false,
    packageManager: 'npm',
    configFile: null,
    otherReporters: [],
    browserReporters: [],
    sentrySetup: null,
    monorepo: null,
    distDir: '.next',
    cacheComponents: false,
    ...over,
  };
  return { dir, app };
}

/** The catalogue placed as an audit's build places it: the placed failures, then the audit's own plumbing. */
const place = (dir: string, app: AuditedApp, ids: string[]) => {
  const reserved = reservedIn(dir, app);
  const entries = catalogue
    .filter((scenario) => ids.includes(scenario.id))
    .map((scenario) => forNext(scenario, app.next, app.cacheComponents ? 'cache-components' : 'default'));
  const placement = placeCatalogue(faultline, reserved, app, entries, passesFor(app, reserved));
  return { ...placement, ...placePlumbing(app, reserved, placement) };
};

describe("the catalogue placed in another app's workspace", () => {
  it('refuses an app with a route of its own under the reserved segment: its page would answer instead of what is placed', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx', 'app/faultline-audit/[id]/page.tsx']);
    expect(() => place(dir, app, ['server-page-throws'])).toThrow(
      /^it has a route of its own at app\/faultline-audit\/, the segment faultline reserves for the failures it places: its pages would answer instead of them/,
    );
  });

  it('places a throwing proxy that runs for its own route only, when the app has none', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx', 'app/page.tsx']);
    const placement = place(dir, app, ['proxy-throws']);
    expect(placement.notApplicable).toEqual([]);
    expect(placement.placed.map((entry) => entry.url)).toEqual(['/faultline-audit/proxy-throws']);
    const proxy = readFileSync(join(dir, 'proxy.js'), 'utf8');
    expect(proxy).toContain('export function proxy(');
    expect(proxy).toContain("secretMessage('proxy-throws')");
    expect(proxy).toMatch(/matcher: \["\/faultline-audit\/proxy-throws",\s*"\/faultline-audit\/proxy-throws\/"\]/);
    expect(existsSync(join(dir, 'app', 'faultline-audit', '_throwers', 'secret.js')), 'the thrower it imports').toBe(true);
  });

  it("follows the app's next: middleware.js on Next 15, on Node.js from 15.5", () => {
    const { dir, app } = workspaceWith(['src/app/layout.tsx'], { next: '15.5.29', appDir: join('src', 'app') });
    place(dir, app, ['proxy-throws']);
    const middleware = readFileSync(join(dir, 'src', 'middleware.js'), 'utf8');
    expect(middleware).toContain('export function middleware(');
    expect(middleware).toContain('runtime: "nodejs"');
    expect(existsSync(join(dir, 'src', 'proxy.js'))).toBe(false);
  });

  const config = "export const config = { matcher: ['/((?!api|_next|.*\\\\..*).*)'] };";
  it.each([
    [
      "next-intl's",
      "import createMiddleware from 'next-intl/middleware';\nimport { routing } from './i18n/routing';\n\nexport default createMiddleware(routing);\n",
    ],
    [
      'a function named as the convention',
      "import { NextResponse, type NextRequest } from 'next/server';\n\nexport function proxy(request: NextRequest) {\n  return NextResponse.next();\n}\n",
    ],
    ['an async default function', 'export default async function middleware(request) {\n  return undefined;\n}\n'],
    ["Auth.js's re-export", "export { auth as middleware } from '@/auth';\n"],
    ['a const', 'export const proxy = (request) => undefined;\n'],
  ])("wraps the app's own proxy (%s): its function called for every request but the entry's, its config as written", (_what, own) => {
    const { dir, app } = workspaceWith(['app/layout.tsx'], { ownProxy: 'proxy.ts' });
    writeFileSync(join(dir, 'proxy.ts'), `${own}\n${config}\n`);
    const placement = place(dir, app, ['proxy-throws']);
    expect([placement.notApplicable, placement.placed.map((entry) => entry.url)]).toEqual([[], ['/faultline-audit/proxy-throws']]);
    const wrapped = readFileSync(join(dir, 'proxy.ts'), 'utf8');
    expect(wrapped).toContain(config);
    expect(wrapped.match(/export default/g), 'one default export: the wrapper').toHaveLength(1);
    expect(wrapped).toMatch(
      /export default async function faultlineWrappedProxy\(request, event\) \{\n  if \(request\.nextUrl\.pathname\.replace\(\/\\\/\$\/, ''\) === "\/faultline-audit\/proxy-throws"\)/,
    );
    expect(wrapped).toContain('return __faultlineAppProxy(request, event);');
    expect(() => transformSync(wrapped, { loader: 'ts' }), 'still TypeScript').not.toThrow();
    expect(existsSync(join(dir, 'proxy.js')), 'no second proxy beside it').toBe(false);
  });

  it("lets faultline's flush route past the app's own proxy (a CSRF guard refusing every POST without its token): faultline's plumbing never waits on the app's wall", () => {
    const { dir, app } = workspaceWith(['app/layout.tsx'], { ownProxy: 'proxy.ts', sentry: true });
    const guard = [
      "import { NextResponse, type NextRequest } from 'next/server';",
      '',
      'export function proxy(request: NextRequest) {',
      "  if (request.method === 'POST' && !request.headers.has('next-action') && request.headers.get('x-csrf-token') !== 'token')",
      "    return new NextResponse('Forbidden', { status: 403 });",
      '  return NextResponse.next();',
      '}',
      '',
      config,
      '',
    ].join('\n');
    writeFileSync(join(dir, 'proxy.ts'), guard);
    place(dir, app, ['server-page-throws']);
    const wrapped = readFileSync(join(dir, 'proxy.ts'), 'utf8');
    expect(wrapped).toContain(config);
    expect(wrapped).toContain('if (/^\\/faultline-audit\\/flush$/.test(faultlinePath)) return;');
    expect(wrapped, 'no failure placed in it: the proxy entry was not asked for').not.toContain('proxy-throws');
    expect(wrapped).toContain('return __faultlineAppProxy(request, event);');
    expect(() => transformSync(wrapped, { loader: 'ts' }), 'still TypeScript').not.toThrow();
  });

  it("under a locale's segment, lets the flush route through only where the app's proxy sent it (its redirect to the locale kept)", () => {
    const { dir, app } = workspaceWith(['app/[locale]/page.tsx'], { ownProxy: 'proxy.ts', sentry: true });
    writeFileSync(
      join(dir, 'app', '[locale]', 'layout.tsx'),
      'export default function Layout({ children }) { return <html><body>{children}</body></html>; }\n',
    );
    writeFileSync(
      join(dir, 'proxy.ts'),
      "import createMiddleware from 'next-intl/middleware';\nexport default createMiddleware({ locales: ['en'], defaultLocale: 'en' });\n",
    );
    place(dir, app, ['server-page-throws']);
    expect(readFileSync(join(dir, 'proxy.ts'), 'utf8')).toContain('if (/^\\/[^/]+\\/faultline-audit\\/flush$/.test(faultlinePath)) return;');
  });

  it('leaves the proxy entry out when the app’s proxy catches errors itself: a failure in front of it would bypass that', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx'], { ownProxy: 'proxy.ts' });
    const own =
      'export async function proxy(request) {\n  try {\n    return await auth(request);\n  } catch (error) {\n    Sentry.captureException(error);\n    throw error;\n  }\n}\n';
    writeFileSync(join(dir, 'proxy.ts'), own);
    expect(place(dir, app, ['proxy-throws']).notApplicable).toEqual([
      { id: 'proxy-throws', why: "the app's proxy.ts handles errors itself (a catch), which a failure placed in front of its function would bypass" },
    ]);
    expect(readFileSync(join(dir, 'proxy.ts'), 'utf8')).toBe(own);
  });

  it("reads from the build whether the app's proxy runs for a path, as its matcher was compiled (Node.js and Edge runtimes)", () => {
    const { dir } = workspaceWith([]);
    const regexp =
      '^(?:\\/(_next\\/data\\/[^/]{1,}))?(?:\\/((?!api|trpc|_next|_vercel|.*\\..*).*))(\\.json|\\.rsc|\\.segments\\/.+\\.segment\\.rsc)?[\\/#\\?]?$';
    mkdirSync(join(dir, '.next', 'server'), { recursive: true });
    expect(proxyRunsFor(dir, '.next', '/faultline-audit/proxy-throws', ''), 'no matcher recorded: every path').toBe(true);
    writeFileSync(
      join(dir, '.next', 'server', 'functions-config-manifest.json'),
      JSON.stringify({ functions: { '/_middleware': { matchers: [{ regexp }] } } }),
    );
    expect(proxyRunsFor(dir, '.next', '/faultline-audit/proxy-throws', '')).toBe(true);
    expect(proxyRunsFor(dir, '.next', '/api/faultline-audit/proxy-throws', '')).toBe(false);
    writeFileSync(join(dir, '.next', 'server', 'functions-config-manifest.json'), '{ "functions": {} }');
    writeFileSync(join(dir, '.next', 'server', 'middleware-manifest.json'), JSON.stringify({ middleware: { '/': { matchers: [{ regexp: '^\\/login$' }] } } }));
    expect(proxyRunsFor(dir, '.next', '/faultline-audit/proxy-throws', '')).toBe(false);
  });

  it('leaves the proxy entry out, saying why, when it cannot find the function of the app’s proxy to wrap', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx'], { ownProxy: 'middleware.ts' });
    for (const own of ["module.exports = require('./auth');\n", 'export function middleware() {}\nexport default middleware;\n']) {
      writeFileSync(join(dir, 'middleware.ts'), own);
      expect(place(dir, app, ['proxy-throws']).notApplicable).toEqual([
        { id: 'proxy-throws', why: "faultline finds no function in the app's middleware.ts it can wrap (an exported proxy, middleware or default)" },
      ]);
      expect(readFileSync(join(dir, 'middleware.ts'), 'utf8')).toBe(own);
      rmSync(join(dir, 'app', 'faultline-audit'), { recursive: true, force: true });
    }
  });

  it("places robots.ts at the app's root when the app has none, and a sitemap under the segment", () => {
    const { dir, app } = workspaceWith(['app/layout.tsx']);
    const placement = place(dir, app, ['robots-throws', 'sitemap-throws']);
    expect(placement.placed.map((entry) => entry.url)).toEqual(['/faultline-audit/sitemap-throws/sitemap.xml', '/robots.txt']);
    expect(readFileSync(join(dir, 'app', 'robots.js'), 'utf8')).toContain('secretMessage("robots-throws")');
  });

  it('leaves robots out when the app serves its own (a robots route or a file in public/)', () => {
    for (const own of ['app/robots.ts', 'public/robots.txt']) {
      const { dir, app } = workspaceWith(['app/layout.tsx', own]);
      expect(place(dir, app, ['robots-throws']).notApplicable).toEqual([
        { id: 'robots-throws', why: `the app serves its own /robots.txt (${own}), which a placed one would replace` },
      ]);
    }
  });

  it("records where each placed entry's error is made, in the file faultline wrote: the line of its `new Error`; none where it cannot tell", () => {
    const { dir, app } = workspaceWith(['app/layout.tsx']);
    const placement = place(dir, app, ['server-page-throws', 'nested-layout-throws', 'route-handler-throws', 'async-component-rejects', 'throws-string']);
    const thrower = (id: string) => placement.placed.find((entry) => entry.id === id)!.thrower;
    const server = 'app/faultline-audit/_throwers/server.jsx';
    const lines = readFileSync(join(dir, server), 'utf8').split('\n');
    // The line after `function name(` that throws, as the placed file has it.
    const throwIn = (name: string) => {
      const start = lines.findIndex((line) => line.includes(`function ${name}(`));
      return lines.findIndex((line, at) => at > start && /throw new Error/.test(line)) + 1;
    };
    expect(thrower('server-page-throws')).toEqual({ file: server, line: throwIn('ThrowingServerComponent') });
    expect(thrower('nested-layout-throws')).toEqual({ file: server, line: throwIn('ThrowingServerComponent') });
    expect(thrower('route-handler-throws')).toEqual({ file: server, line: throwIn('throwingRouteHandler') });
    // Its error is made in a helper it calls, and a thrown value's where its kind is: not told from the placed text.
    expect(thrower('async-component-rejects')).toBeUndefined();
    expect(thrower('throws-string')).toBeUndefined();
  });

  it("follows a thrower its page imports through a file that re-exports it (client.jsx's `export { ThrowsInEffect } from './client-throwers'`)", () => {
    const { dir, app } = workspaceWith(['app/layout.tsx']);
    const placement = place(dir, app, ['client-effect-throws']);
    const file = 'app/faultline-audit/_throwers/client-throwers.jsx';
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    const start = lines.findIndex((line) => line.includes('function ThrowsInEffect('));
    const line = lines.findIndex((text, at) => at > start && /throw new Error/.test(text)) + 1;
    expect(placement.placed.find((entry) => entry.id === 'client-effect-throws')!.thrower).toEqual({ file, line });
  });

  it('honours basePath and trailingSlash in the placed URLs', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx'], { basePath: '/shop', trailingSlash: true });
    expect(place(dir, app, ['server-page-throws', 'robots-throws']).placed.map((entry) => entry.url)).toEqual([
      '/shop/faultline-audit/server-page-throws/',
      '/shop/robots.txt',
    ]);
  });
});

describe('what an audit places for a selection', () => {
  const ids = catalogue.map((scenario) => scenario.id);

  it('places every entry without a selection', () => {
    expect([...entriesToPlace(faultline, ids, [], [])].sort()).toEqual([...ids].sort());
  });

  it('places what was asked for, what its page leads to, and the page faultline’s throwers redirect to', () => {
    // The throwers redirect to the control pages: the App Router's, and the Pages Router's.
    expect([...entriesToPlace(faultline, ids, ['navigate-to-failing-route'], [])].sort()).toEqual([
      'healthy',
      'navigate-to-failing-route',
      'pages-healthy',
      'server-page-throws',
    ]);
    expect([...entriesToPlace(faultline, ids, ['server-page-throws'], [])].sort()).toEqual(['healthy', 'pages-healthy', 'server-page-throws']);
  });

  it("keeps what the workspace's last build held, so that another selection reuses it", () => {
    expect([...entriesToPlace(faultline, ids, ['server-page-throws'], ['client-effect-throws', 'healthy'])].sort()).toEqual([
      'client-effect-throws',
      'healthy',
      'pages-healthy',
      'server-page-throws',
    ]);
    expect(entriesToPlace(faultline, ids, ['server-page-throws'], ids).size, 'a full build stays full').toBe(ids.length);
  });

  it('never places an entry the catalogue no longer has', () => {
    expect([...entriesToPlace(faultline, ids, ['server-page-throws'], ['gone-since'])].sort()).toEqual(['healthy', 'pages-healthy', 'server-page-throws']);
  });
});

describe('the catalogue placed in a Cache Components app', () => {
  /** Every placed file's text, by its path under the reserved segment. */
  const placedFiles = (dir: string) => {
    const base = join(dir, 'app', 'faultline-audit');
    const walk = (at: string): string[] =>
      readdirSync(at, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(at, entry.name)) : [join(at, entry.name)]));
    return Object.fromEntries(walk(base).map((file) => [relative(base, file), readFileSync(file, 'utf8')]));
  };
  const ids = ['server-page-throws', 'client-effect-throws', 'route-handler-throws', 'edge-page-throws', 'isr-regeneration-throws'];

  it('places only what Cache Components builds: no route segment config, request-time pages under <Suspense>, the rest not applicable with why', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx'], { cacheComponents: true, sentry: true });
    const placement = place(dir, app, ids);
    expect(placement.placed.map((entry) => entry.scenario.id)).toEqual(['server-page-throws', 'client-effect-throws', 'route-handler-throws']);
    expect(placement.notApplicable).toEqual([
      {
        id: 'isr-regeneration-throws',
        why: expect.stringMatching(/^its route sets `revalidate = 1` \(route segment config\), which Next refuses under Cache Components/),
      },
      { id: 'edge-page-throws', why: expect.stringMatching(/^its route sets `runtime = 'edge'` \(route segment config\)/) },
    ]);
    const files = placedFiles(dir);
    for (const [file, text] of Object.entries(files)) expect(text, file).not.toMatch(/export const (dynamic|runtime|revalidate|fetchCache|dynamicParams)\b/);
    expect(files['layout.jsx'], 'the placed pages stream in a <Suspense>, as the reference app’s do there').toMatch(/<RequestTime suspends>/);
  });

  it('places the Edge and ISR routes in an app without it, as routes its build takes in, and no <Suspense> above the pages', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx']);
    const placement = place(dir, app, ids);
    expect(placement.notApplicable).toEqual([]);
    const files = placedFiles(dir);
    expect(
      Object.keys(files)
        .filter((file) => /^(edge-page|isr-regeneration)-throws\//.test(file))
        .sort(),
    ).toEqual(['edge-page-throws/page.jsx', 'isr-regeneration-throws/page.jsx']);
    expect(files['layout.jsx']).toBeUndefined();
  });
});

describe("where the catalogue is placed: under the app's root layout", () => {
  const folder = (files: string[] | Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'faultline-layout-'));
    for (const [file, text] of Array.isArray(files) ? files.map((name) => [name, '']) : Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    return dir;
  };
  const html = 'export default function RootLayout({ children }) { return <html lang="en"><body>{children}</body></html>; }';
  const passThrough = 'export default function RootLayout({ children }) { return children; }';

  it('is the app folder when it has the layout, else the route group serving the home page (several root layouts)', () => {
    expect(rootLayoutGroup(folder(['layout.tsx', '(site)/layout.tsx', 'page.tsx']))).toBe('');
    // faultline's own app: another root layout, one that throws, sorts first.
    expect(rootLayoutGroup(folder(['(site)/layout.tsx', '(site)/page.tsx', '(failing-root)/layout.tsx', '(failing-root)/x/page.tsx']))).toBe('(site)');
    expect(rootLayoutGroup(folder(['(marketing)/page.tsx', '(shop)/layout.js']))).toBe('(shop)');
  });

  it("is the dynamic segment whose layout renders <html> (next-intl's app/[locale]/), with or without an app/layout.tsx that only returns its children", () => {
    expect(rootLayoutGroup(folder({ '[locale]/layout.tsx': html, '[locale]/page.tsx': '' }))).toBe('[locale]');
    expect(rootLayoutGroup(folder({ 'layout.tsx': passThrough, 'not-found.tsx': '', '[locale]/layout.tsx': html, '[locale]/page.tsx': '' }))).toBe('[locale]');
    // The app's own root layout renders <html>: a nested layout under a segment is not the root.
    expect(rootLayoutGroup(folder({ 'layout.tsx': html, '[locale]/layout.tsx': passThrough, '[locale]/page.tsx': '' }))).toBe('');
    // A catch-all is no place for a segment of faultline's: it would take every path under it.
    expect(rootLayoutGroup(folder({ '[...slug]/layout.tsx': html, '[...slug]/page.tsx': '' }))).toBe('');
  });
});
