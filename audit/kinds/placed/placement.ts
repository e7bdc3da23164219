import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import { proxyConvention } from '../../../scenarios/next-adaptations';
import type { Scenario } from '../../../scenarios/schema';
import { asBuiltIn, CONFIGURATIONS, type Configuration } from '../../../scenarios/configurations';
import { whyNotApplicable } from '../../../scenarios/versions';
import { AUDIT_DELIVERY_PREFIX, AUDIT_SEGMENT, FLUSH_ROUTE } from '../../../contract';
import type { AuditedApp } from '../../app/inspect';
import { readReporters } from '../../app/error-reporters';
import { CannotRun } from '../../../harness/failures';

/** Where the reference app keeps each entry's route and the throwers they import. */
const REFERENCE_ROUTES = join('app', '(site)', 'scenarios');
/** Where it keeps the Pages Router's: its pages, and its API routes. */
const REFERENCE_PAGES = [join('pages', 'scenarios'), join('pages', 'api', 'scenarios')];
const THROWERS = 'bundled';
/** The throwers' folder in the workspace: private (`_`), so no route of its own. */
const PLACED_THROWERS = '_throwers';
/** Their folder in an app with the Pages Router only, beside `pages/` (where every file is a route). */
const PAGES_THROWERS = 'faultline-audit-throwers';

/**
 * Why an entry cannot be placed in another app, as data: the first rule that matches says why in
 * one line. Whatever matches none is placed.
 */
const NOT_PLACED: {
  applies: (scenario: Scenario, app: AuditedApp, imports: string[], text: string) => boolean;
  why: (app: AuditedApp, scenario: Scenario) => string;
}[] = [
  // The catalogue's own word: the entry's route cannot exist in a build of the app's configuration.
  { applies: (s, app) => whyNotApplicable(s, configurationOfApp(app).id) !== null, why: (app, s) => whyNotApplicable(s, configurationOfApp(app).id)! },
  { applies: (s) => s.id === 'root-layout-throws', why: () => "the root layout is the app's own: faultline does not replace it" },
  { applies: (s) => s.id === 'pages-app-gip-throws', why: () => "_app is the app's own: faultline does not replace it" },
  { applies: (s) => s.id === 'pages-document-throws', why: () => "_document is the app's own: faultline does not replace it" },
  {
    applies: (_s, _a, imports) => imports.some((name) => name.endsWith('/SegmentFallback')),
    why: () => "it brings the reference app's own error.tsx, where the audit judges the app's own boundaries",
  },
  {
    applies: (_s, app, _i, text) => !app.authInterrupts && /\b(forbidden|unauthorized)\b/.test(text),
    why: () => 'it calls forbidden() or unauthorized(), which the app does not enable (experimental.authInterrupts)',
  },
];

/** The configuration the app builds in, as the reference app's configurations name it: what of faultline's files it takes, and how. */
export const configurationOfApp = (app: Pick<AuditedApp, 'cacheComponents'>): Configuration =>
  CONFIGURATIONS[app.cacheComponents ? 'cache-components' : 'default'];

/** The app's own `/robots.txt`, if it serves one: a robots route in its app folder, or a file there or in `public/`. */
function ownRobots(workspace: string, appDir: string): string | null {
  const candidates = [...['ts', 'js', 'tsx', 'jsx', 'mjs', 'txt'].map((ext) => join(appDir, `robots.${ext}`)), join('public', 'robots.txt')];
  return candidates.find((file) => existsSync(join(workspace, file))) ?? null;
}

/**
 * Entries whose thrower is a file at the app's root rather than a route under the segment: the
 * proxy (its file named as the app's `next` names it, matching the entry's route only) and
 * `robots.ts`. Each writes its file, or says why it cannot.
 */
const AT_ROOT: Record<
  string,
  (ctx: {
    faultline: string;
    workspace: string;
    app: AuditedApp;
    throwersDir: string;
    url: string;
    passes: readonly RegExp[];
  }) => { why: string } | { write: () => void }
> = {
  'proxy-throws': ({ workspace, app, throwersDir, url, passes }) => {
    const convention = proxyConvention(app.next);
    const dir = join(workspace, dirname(app.appDir));
    const route = url.replace(/\/$/, '').slice(app.basePath.length);
    if (app.ownProxy) {
      const file = join(dir, app.ownProxy);
      const text = readFileSync(file, 'utf8');
      // A failure thrown in front of the app's function would bypass what the app catches and reports itself: whether it reports its proxy's errors would be guessed.
      if (/\bcatch\b|captureException/.test(text))
        return { why: `the app's ${app.ownProxy} handles errors itself (a catch), which a failure placed in front of its function would bypass` };
      const wrapped = wrappedProxy(text, { fails: { route, secretImport: importPath(dir, join(throwersDir, 'secret.js')) }, passes });
      if (wrapped === null) return { why: `faultline finds no function in the app's ${app.ownProxy} it can wrap (an exported proxy, middleware or default)` };
      return { write: () => writeSource(file, wrapped) };
    }
    const config = { matcher: [route, `${route}/`], ...(convention.runtime && { runtime: convention.runtime }) };
    const text = [
      `import { secretMessage } from '${importPath(dir, join(throwersDir, 'secret.js'))}';`,
      '',
      `/** Placed by faultline audit: fails for its own route only, as an app's ${convention.name} fails. */`,
      `export function ${convention.name}() {`,
      `  throw new Error(secretMessage('proxy-throws'));`,
      '}',
      '',
      `export const config = { matcher: ${JSON.stringify(config.matcher)}${config.runtime ? `, runtime: ${JSON.stringify(config.runtime)}` : ''} };`,
      '',
    ].join('\n');
    return { write: () => writeSource(join(dir, `${convention.name}.js`), text) };
  },
  'robots-throws': ({ faultline, workspace, app, throwersDir }) => {
    const own = ownRobots(workspace, app.appDir);
    if (own) return { why: `the app serves its own /robots.txt (${own}), which a placed one would replace` };
    return { write: () => placeFile(join(faultline, 'app', 'robots.ts'), join(workspace, app.appDir, 'robots.ts'), throwersDir) };
  },
};

/** The name the app's own proxy function takes in its wrapped file. */
const APP_PROXY = '__faultlineAppProxy';

/**
 * The ways an app's proxy file exports its function, each rewritten to bind it to `APP_PROXY`
 * instead (the first that matches): the file otherwise stays as written, since Next reads its
 * `config` (the matcher) from the file itself, as a literal.
 */
const PROXY_EXPORTS: [RegExp, (...groups: string[]) => string][] = [
  [/export\s+default\s+(async\s+)?function\b\s*\w*\s*\(/, (_all, async = '') => `${async}function ${APP_PROXY}(`],
  [/export\s+(async\s+)?function\s+(?:proxy|middleware)\s*\(/, (_all, async = '') => `${async}function ${APP_PROXY}(`],
  [/export\s+const\s+(?:proxy|middleware)\b\s*(?::[^=]+)?=/, () => `const ${APP_PROXY} =`],
  [
    /export\s*\{\s*(\w+)\s+as\s+(?:proxy|middleware|default)\s*\}\s*from\s*(['"][^'"]+['"])\s*;?/,
    (_all, name, from) => `import { ${name} as ${APP_PROXY} } from ${from};`,
  ],
  [/export\s+default\s+(?!async\s+function|function)/, () => `const ${APP_PROXY} = `],
];

/**
 * The app's proxy file with faultline's wrapper in front of its own function: the entry's failure
 * thrown for its route (`fails`), faultline's own routes (`passes`, patterns of paths) let through
 * untouched, every other request to the app's proxy as before, under the app's own matcher (the
 * audit checks after the build that it runs for the entry's route). Null when no export of a
 * function is found to wrap.
 */
export function wrappedProxy(text: string, { fails, passes }: { fails?: { route: string; secretImport: string }; passes: readonly RegExp[] }): string | null {
  const rewrite = PROXY_EXPORTS.find(([pattern]) => pattern.test(text));
  if (!rewrite) return null;
  const rewritten = text.replace(rewrite[0], rewrite[1] as (substring: string, ...args: string[]) => string);
  // A second export of the function (`export function proxy` and `export default proxy`) would clash with the wrapper: not guessed at.
  if (PROXY_EXPORTS.some(([pattern]) => pattern.test(rewritten))) return null;
  return [
    rewritten,
    '',
    ...(fails ? [`import { secretMessage as faultlineSecretMessage } from '${fails.secretImport}';`, ''] : []),
    "/** Placed by faultline audit: fails for its entry's route, as an app's proxy fails; lets faultline's own routes through; every other request is the app's proxy's. */",
    'export default async function faultlineWrappedProxy(request, event) {',
    ...(fails
      ? [`  if (request.nextUrl.pathname.replace(/\\/$/, '') === ${JSON.stringify(fails.route)}) throw new Error(faultlineSecretMessage('proxy-throws'));`]
      : []),
    ...(passes.length ? ["  const faultlinePath = request.nextUrl.pathname.replace(/\\/$/, '');"] : []),
    // A proxy that returns nothing lets the request through: faultline's plumbing never waits on what the app's proxy allows (a CSRF guard, a wall).
    ...passes.map((path) => `  if (${path}.test(faultlinePath)) return;`),
    `  return ${APP_PROXY}(request, event);`,
    '}',
    '',
  ].join('\n');
}

/** The app's own proxy wrapped to let faultline's routes through; left as it is where no function is found to wrap (its wall, if any, is then said). */
function letThroughAppProxy(file: string, passes: readonly RegExp[]): void {
  const wrapped = wrappedProxy(readFileSync(file, 'utf8'), { passes });
  if (wrapped !== null) writeSource(file, wrapped);
}

/** The name the app's own `onRequestError` takes in its counted instrumentation file. */
const APP_HOOK = '__faultlineAppOnRequestError';

/** The ways an instrumentation file exports `onRequestError`, each rewritten to bind it to `APP_HOOK` instead. */
const HOOK_EXPORTS: [RegExp, (...groups: string[]) => string][] = [
  [/export\s+(async\s+)?function\s+onRequestError\s*\(/, (_all, async = '') => `${async}function ${APP_HOOK}(`],
  [/export\s+const\s+onRequestError\b\s*(?::[^=]+)?=/, () => `const ${APP_HOOK} =`],
  [/export\s*\{\s*onRequestError\s*\}\s*from\s*(['"][^'"]+['"])\s*;?/, (_all, from) => `import { onRequestError as ${APP_HOOK} } from ${from};`],
  [/export\s*\{\s*(\w+)\s+as\s+onRequestError\s*\}\s*from\s*(['"][^'"]+['"])\s*;?/, (_all, name, from) => `import { ${name} as ${APP_HOOK} } from ${from};`],
];

/**
 * The app's instrumentation file (null: it has none) with every error Next hands to
 * `onRequestError` counted first, as a line in the server log (`AUDIT_DELIVERY_PREFIX`), then
 * handed to the app's own hook, if it has one, as before. Null when the file names
 * `onRequestError` in a form not rewritten here: not counted, rather than guessed.
 */
export function countedInstrumentation(text: string | null): string | null {
  // CommonJS exports cannot take an ES export beside them.
  if (text !== null && /\bmodule\.exports\b|\bexports\.\w+\s*=/.test(text)) return null;
  const rewrite = text === null ? undefined : HOOK_EXPORTS.find(([pattern]) => pattern.test(text));
  if (text !== null && !rewrite && /\bonRequestError\b/.test(text)) return null;
  const rewritten = text === null ? '' : rewrite ? text.replace(rewrite[0], rewrite[1] as (substring: string, ...args: string[]) => string) : text;
  if (rewrite && HOOK_EXPORTS.some(([pattern]) => pattern.test(rewritten))) return null;
  return [
    rewritten,
    '',
    "/** Placed by faultline audit: counts each error Next hands to onRequestError, then hands it to the app's hook as before. */",
    'export async function onRequestError(error, request, context) {',
    `  console.log(${JSON.stringify(AUDIT_DELIVERY_PREFIX)} + JSON.stringify({ path: request?.path ?? null, routeType: context?.routeType ?? null }));`,
    ...(rewrite ? [`  return ${APP_HOOK}(error, request, context);`] : []),
    '}',
    '',
  ].join('\n');
}

export interface PlacedEntry {
  scenario: Scenario;
  /** Where the browser triggers it: the app's basePath, the reserved segment, the entry's own path. */
  url: string;
  /** The placed entries its page leads to (a link to another entry's route), besides itself: a report about one of them is this entry's. */
  reaches: string[];
}

export interface Placement {
  /** The folder of the app's root layout the entries were placed under, when it is not the app folder itself (`app/[locale]`). */
  under?: string;
  /** Whether Next's hand-overs to `onRequestError` are counted (the app's instrumentation wrapped, or one placed that only counts). */
  countsDeliveries?: boolean;
  /** Whether the flush route is placed: the app has Sentry, or traces with OpenTelemetry, whose spans wait in a batch. */
  flushes?: boolean;
  /** The flush route's path, before the app's basePath: the App Router's, or a Pages Router API route where the app has only that. */
  flushRoute?: string;
  placed: PlacedEntry[];
  notApplicable: { id: string; why: string }[];
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

const importsOf = (text: string) => [...text.matchAll(/from\s+'([^']+)'/g)].map((match) => match[1]);

const LAYOUT = /^layout\.[cm]?[jt]sx?$/;

const PAGE = /^page\.[cm]?[jt]sx?$/;

/** A layout that renders the document: a root layout, rather than one that only returns its children. */
const rendersDocument = (file: string) => /<html[\s>]/.test(readFileSync(file, 'utf8'));

/**
 * The folder under the app folder whose layout is the app's root layout, where the catalogue is
 * placed: the app folder itself; or a folder the URL does not name a fixed segment for, holding a
 * layout of its own: a route group (several root layouts, each with its `<html>`; faultline's
 * reference app is one), or a dynamic segment whose layout renders `<html>` (next-intl's
 * `app/[locale]/`, under an `app/layout.tsx` that only returns its children, or none). Among
 * several, the one serving the home page, else the first. A catch-all never: it would take every
 * path beneath it.
 */
export function rootLayoutGroup(appDir: string): string {
  const layoutIn = (dir: string) => readdirSync(dir).find((name) => LAYOUT.test(name));
  const holds = (dir: string, pattern: RegExp) => readdirSync(dir).some((name) => pattern.test(name));
  const own = layoutIn(appDir);
  if (own && rendersDocument(join(appDir, own))) return '';
  const candidates = readdirSync(appDir)
    .sort()
    .filter((name) => (/^\(.+\)$/.test(name) || /^\[[^.[\]]+\]$/.test(name)) && statSync(join(appDir, name)).isDirectory())
    .filter((name) => {
      const layout = layoutIn(join(appDir, name));
      // A route group's layout is a root wherever the app folder has none; otherwise, only a layout that renders the document is.
      return layout !== undefined && ((own === undefined && name.startsWith('(')) || rendersDocument(join(appDir, name, layout)));
    });
  if (own && candidates.length === 0) return '';
  return candidates.find((group) => holds(join(appDir, group), PAGE)) ?? candidates[0] ?? '';
}

/** Where an entry's path lands in the audited app. */
export function placedPath(path: string, app: Pick<AuditedApp, 'basePath' | 'trailingSlash'>): string {
  // The reference app's `/scenarios/x` (and its Pages Router API routes' `/api/scenarios/x`) under the reserved segment.
  const inAudit = path.replace(/^(\/api)?\/scenarios\//, `$1/${AUDIT_SEGMENT}/`);
  // Next adds the slash to pages, never to a file's name (`sitemap.xml`, `robots.txt`).
  const slash = app.trailingSlash && !inAudit.endsWith('/') && !/\.\w+$/.test(inAudit);
  return `${app.basePath}${inAudit}${slash ? '/' : ''}`;
}

/** A source of faultline's as plain JavaScript with JSX, so that neither the app's TypeScript nor its settings judge it. */
function asJavaScript(file: string, text: string): { name: string; text: string } {
  const jsx = file.endsWith('.tsx');
  const { code } = transformSync(text, { loader: jsx ? 'tsx' : 'ts', jsx: 'preserve', target: 'es2022' });
  return { name: file.replace(/\.tsx?$/, jsx ? '.jsx' : '.js'), text: code };
}

/** An import specifier from `fromDir` to `file`. */
function importPath(fromDir: string, file: string): string {
  const path = relative(fromDir, file);
  return path.startsWith('.') ? path : `./${path}`;
}

/** Faultline's imports made relative to where the file lands, and its links to entries pointed at the reserved segment. */
function relinked(text: string, fileDir: string, throwersDir: string): string {
  const toThrowers = relative(fileDir, throwersDir) || '.';
  return text
    .replace(/(['"])@\/bundled\//g, `$1${toThrowers.startsWith('.') ? toThrowers : `./${toThrowers}`}/`)
    .replace(/(['"])\/scenarios\//g, `$1/${AUDIT_SEGMENT}/`);
}

/**
 * Heads every file faultline places: the app's own checks are not for faultline's sources (already
 * type-checked and linted here), and a strict `checkJs` tsconfig or Next 15's lint in `next build`
 * would otherwise fail the app's build on them.
 */
const PLACED_HEADER = '// @ts-nocheck\n/* eslint-disable */\n';

function writeSource(target: string, text: string): void {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${PLACED_HEADER}${text}`);
}

/** One of faultline's sources placed at `target` as plain JavaScript, its imports and links relinked; the links it holds to other entries. */
function placeFile(source: string, target: string, throwersDir: string): string[] {
  const placed = asJavaScript(target, readFileSync(source, 'utf8'));
  const text = relinked(placed.text, dirname(target), throwersDir);
  writeSource(placed.name, text);
  return [...text.matchAll(new RegExp(`/${AUDIT_SEGMENT}/([a-z0-9-]+)`, 'g'))].map((link) => link[1]);
}

/** The entries a source of faultline's links to, as the reference app names their routes (`'/scenarios/ID`). */
const linksIn = (text: string) => [...text.matchAll(/['"`]\/scenarios\/([a-z0-9-]+)/g)].map((link) => link[1]);

/**
 * What an audit places in the workspace for a selection (`asked`; every entry of `ids` for none):
 * the entries asked for, the entries their pages and faultline's throwers lead to (a navigation's
 * target, a redirect's), and the entries the workspace's last build held (`held`), so that no
 * selection loses the build another one made. A few routes build in a few seconds where all of
 * them cost Turbopack 6 to 12 s more.
 */
export function entriesToPlace(faultline: string, ids: readonly string[], asked: readonly string[], held: readonly string[]): Set<string> {
  const known = new Set(ids);
  if (asked.length === 0) return known;
  const throwers = walk(join(faultline, THROWERS)).flatMap((file) => linksIn(readFileSync(file, 'utf8')));
  const place = new Set<string>();
  const add = (id: string) => {
    if (!known.has(id) || place.has(id)) return;
    place.add(id);
    const routeDir = join(faultline, REFERENCE_ROUTES, id);
    for (const file of existsSync(routeDir) ? walk(routeDir) : []) for (const link of linksIn(readFileSync(file, 'utf8'))) add(link);
  };
  for (const id of [...asked, ...held, ...throwers]) add(id);
  return place;
}

/** Where the reference app keeps an entry's route files, and the router that serves them. */
interface ReferenceRoute {
  router: 'app' | 'pages';
  /** The folder its files are relative to (an App Router entry's own folder; the Pages Router's `scenarios/` or `api/scenarios/`). */
  base: string;
  files: string[];
}

/** The reference app's route files of an entry: its App Router folder, or its Pages Router page or API route. */
function referenceRoute(faultline: string, id: string): ReferenceRoute {
  const appRoute = join(faultline, REFERENCE_ROUTES, id);
  if (existsSync(appRoute)) return { router: 'app', base: appRoute, files: walk(appRoute) };
  for (const base of REFERENCE_PAGES.map((folder) => join(faultline, folder))) {
    const files = existsSync(base) ? readdirSync(base).filter((name) => name.split('.')[0] === id) : [];
    if (files.length > 0) return { router: 'pages', base, files: files.map((name) => join(base, name)) };
  }
  return { router: 'app', base: appRoute, files: [] };
}

/** Where faultline's own files go in the app's workspace: the reserved segment of each router it has, its throwers, its flush route. */
interface Destinations {
  workspace: string;
  /** The App Router's root layout group the entries go under (`''`: the app folder itself). */
  group: string;
  /** `{appDir}/{group}/faultline-audit`, where the App Router has one. */
  auditDir: string | null;
  /** `{pagesDir}`, where the Pages Router has one. */
  pagesDir: string | null;
  throwersDir: string;
  /** The flush route's path (before the app's basePath), and where its file goes. */
  flush: { route: string; file: string; router: 'app' | 'pages' };
}

function destinationsIn(workspace: string, app: AuditedApp): Destinations {
  const group = app.appRouter ? rootLayoutGroup(join(workspace, app.appDir)) : '';
  const auditDir = app.appRouter ? join(workspace, app.appDir, group, AUDIT_SEGMENT) : null;
  const pagesDir = app.pagesDir ? join(workspace, app.pagesDir) : null;
  // The workspace holds the app's sources afresh: a folder there is the app's own route, which would answer instead of what is placed.
  for (const reserved of [auditDir, pagesDir && join(pagesDir, AUDIT_SEGMENT), pagesDir && join(pagesDir, 'api', AUDIT_SEGMENT)])
    if (reserved && existsSync(reserved))
      throw new CannotRun(
        'audited app',
        `it has a route of its own at ${relative(workspace, reserved)}/, the segment faultline reserves for the failures it places: its pages would answer instead of them, so nothing could be judged`,
      );
  // Every file under pages/ is a route: with the Pages Router only, faultline's throwers live beside it, never in it.
  const throwersDir = auditDir ? join(auditDir, PLACED_THROWERS) : join(workspace, dirname(app.appDir), PAGES_THROWERS);
  const flush = auditDir
    ? {
        route: `${group.startsWith('[') ? '/[^/]+' : ''}/${AUDIT_SEGMENT}/${FLUSH_ROUTE}`,
        file: join(auditDir, FLUSH_ROUTE, 'route.js'),
        router: 'app' as const,
      }
    : { route: `/api/${AUDIT_SEGMENT}/${FLUSH_ROUTE}`, file: join(pagesDir!, 'api', AUDIT_SEGMENT, `${FLUSH_ROUTE}.js`), router: 'pages' as const };
  return { workspace, group, auditDir, pagesDir, throwersDir, flush };
}

/** Where a reference route file lands: its App Router folder under the reserved segment, or a Pages Router file named for the entry. */
function targetOf(file: string, reference: ReferenceRoute, id: string, to: Destinations, app: AuditedApp, configuration: Configuration, path: string): string {
  const name = asBuiltIn(configuration, basename(file))!;
  if (reference.router === 'pages') return join(to.pagesDir!, ...(path.startsWith('/api/') ? ['api'] : []), AUDIT_SEGMENT, name);
  // A metadata file's route (`sitemap.xml`) needs no root layout, and a proxy's matcher commonly lets paths with a dot
  // through untouched: under a dynamic segment, none would reach it. Its page stays under the root layout.
  const fileRoute = to.group.startsWith('[') && /\.\w+$/.test(path) && !PAGE.test(basename(file));
  return join(fileRoute ? join(to.workspace, app.appDir, AUDIT_SEGMENT) : to.auditDir!, id, dirname(relative(reference.base, file)), name);
}

/** Why an entry of a router the app does not have cannot be placed; null where it has it. */
function missingRouter(reference: ReferenceRoute, scenario: Scenario, app: AuditedApp): string | null {
  if (reference.router === 'pages' && !app.pagesDir) return 'the app has no Pages Router (no pages/ folder): its failures cannot happen there';
  // The proxy's file is the app's, whichever router it has; every other App Router entry needs one.
  if (reference.router === 'app' && !app.appRouter && scenario.failureClass !== 'proxy') {
    const why = app.layoutlessAppDir ? `its ${app.appDir}/ folder holds no root layout, so Next builds no page there` : 'no app/ folder';
    return `the app has no App Router (${why}): its failures cannot happen there`;
  }
  return null;
}

/**
 * Places the entries of `catalogue` that can live in the app (its workspace copy at `workspace`)
 * under the reserved segment of each router it has (`{appDir}/faultline-audit/`,
 * `{pagesDir}/faultline-audit/` and `{pagesDir}/api/faultline-audit/`), with faultline's throwers
 * beside them and, when the app has `@sentry/nextjs`, the flush route; returns what was placed and,
 * for every other entry, why not.
 */
export function placeCatalogue(faultline: string, workspace: string, app: AuditedApp, catalogue: readonly Scenario[]): Placement {
  const to = destinationsIn(workspace, app);
  const configuration = configurationOfApp(app);
  const traces = readReporters(app.otherReporters).includes('OpenTelemetry');
  const flushes = app.sentry || traces;
  // faultline's own routes, which the app's proxy must let through: the flush route where it is placed (under a dynamic segment, a locale's, only once the app's proxy sent it there).
  const passes = flushes ? [new RegExp(`^${to.flush.route}$`)] : [];
  let proxyWrapped = false;
  const placed: PlacedEntry[] = [];
  const notApplicable: Placement['notApplicable'] = [];
  for (const scenario of catalogue) {
    const reference = referenceRoute(faultline, scenario.id);
    // The files the app's build takes in, as they are named there.
    const files = reference.files.filter((file) => asBuiltIn(configuration, basename(file)) !== null);
    const texts = files.map((file) => readFileSync(file, 'utf8'));
    const rule = NOT_PLACED.find((candidate) => candidate.applies(scenario, app, texts.flatMap(importsOf), texts.join('\n')));
    const missing = missingRouter(reference, scenario, app);
    if (missing || rule) {
      notApplicable.push({ id: scenario.id, why: missing ?? rule!.why(app, scenario) });
      continue;
    }
    const url = placedPath(scenario.path, app);
    const atRoot = AT_ROOT[scenario.id]?.({ faultline, workspace, app, throwersDir: to.throwersDir, url, passes });
    if ((atRoot && 'why' in atRoot) || (files.length === 0 && !atRoot)) {
      notApplicable.push({ id: scenario.id, why: atRoot && 'why' in atRoot ? atRoot.why : `faultline has no route for it under ${REFERENCE_ROUTES}` });
      continue;
    }
    atRoot?.write();
    if (atRoot && scenario.failureClass === 'proxy') proxyWrapped = true;
    const reaches = new Set<string>();
    for (const file of files)
      for (const link of placeFile(file, targetOf(file, reference, scenario.id, to, app, configuration, scenario.path), to.throwersDir))
        if (link !== scenario.id) reaches.add(link);
    placed.push({ scenario, url, reaches: [...reaches] });
  }
  for (const file of walk(join(faultline, THROWERS))) placeFile(file, join(to.throwersDir, relative(join(faultline, THROWERS), file)), to.throwersDir);
  if (app.ownProxy && passes.length && !proxyWrapped) letThroughAppProxy(join(workspace, dirname(app.appDir), app.ownProxy), passes);
  if (flushes) writeSource(to.flush.file, flushRouteSource(app.sentry, traces, to.flush.router));
  // As the reference app's root layouts do under Cache Components: the placed pages' request-time part streams in a <Suspense>.
  if (configuration.requestTimeSuspends && to.auditDir) writeSource(join(to.auditDir, 'layout.jsx'), requestTimeLayoutSource(to.auditDir, to.throwersDir));
  const countsDeliveries = countDeliveries(workspace, app.appDir);
  const under = to.group !== '' ? { under: join(app.appDir, to.group) } : {};
  return { ...under, countsDeliveries, flushes, flushRoute: to.flush.route.replace('/[^/]+', ''), placed, notApplicable };
}

/** The instrumentation files Next reads: at the root, or in `src/` beside `src/app`. */
const INSTRUMENTATION = ['ts', 'js', 'mjs'].map((ext) => `instrumentation.${ext}`);

/**
 * Counts Next's hand-overs to `onRequestError` in the workspace: the app's instrumentation file
 * (where Next would find it) wrapped, or, where it has none, one placed that only counts. False
 * when its file exports the hook in a form not rewritten.
 */
export function countDeliveries(workspace: string, appDir: string): boolean {
  // Where Next looks, its own folder first: a second file placed beside the app's would be read instead of it.
  const dirs = [...new Set([join(workspace, dirname(appDir)), workspace, join(workspace, 'src')])];
  const own = dirs.flatMap((dir) => INSTRUMENTATION.map((name) => join(dir, name))).find((file) => existsSync(file));
  const counted = countedInstrumentation(own ? readFileSync(own, 'utf8') : null);
  if (counted === null) return false;
  writeSource(own ?? join(dirs[0], 'instrumentation.js'), counted);
  return true;
}

/** The reserved segment's layout under Cache Components: its pages in the reference app's request-time boundary. */
function requestTimeLayoutSource(auditDir: string, throwersDir: string): string {
  return [
    `import { RequestTime } from '${importPath(auditDir, join(throwersDir, 'request-time'))}';`,
    '',
    'export default function FaultlineAuditLayout({ children }) {',
    '  return <RequestTime suspends>{children}</RequestTime>;',
    '}',
    '',
  ].join('\n');
}

/**
 * The audit's flush: the app's own server SDKs send what they hold. Sentry's (the one its
 * instrumentation set up: same module, same client) says whether it had a client that can send at
 * all: `Sentry.init` without a DSN still makes a client, which drops everything. OpenTelemetry's
 * tracer provider, reached through the API's global (`@opentelemetry/api` keeps it on a symbol per
 * major version, whichever copy registered it), exports the spans its batch holds.
 */
function flushRouteSource(sentry: boolean, traces: boolean, router: 'app' | 'pages'): string {
  // A POST handler is never prerendered: no segment config, which Cache Components would refuse.
  const answer = `{ client: ${sentry ? 'Boolean(client?.getDsn()), flushed' : 'null'}${traces ? ', traced: await flushTraces()' : ''} }`;
  return [
    ...(sentry ? ["import * as Sentry from '@sentry/nextjs';", ''] : []),
    ...(traces
      ? [
          'async function flushTraces() {',
          "  const api = globalThis[Symbol.for('opentelemetry.js.api.1')];",
          '  const provider = api?.trace?.getDelegate?.() ?? api?.trace;',
          "  if (typeof provider?.forceFlush !== 'function') return false;",
          '  await provider.forceFlush();',
          '  return true;',
          '}',
          '',
        ]
      : []),
    // The App Router's route handler, or the Pages Router's API route where the app has only that.
    router === 'app' ? 'export async function POST() {' : 'export default async function flush(_request, response) {',
    ...(sentry ? ['  const client = Sentry.getClient();', '  const flushed = client ? await Sentry.flush(5000) : null;'] : []),
    router === 'app' ? `  return Response.json(${answer});` : `  response.status(200).json(${answer});`,
    '}',
    '',
  ].join('\n');
}
