import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import { proxyConvention } from '../../../scenarios/next-adaptations';
import type { Scenario } from '../../../scenarios/schema';
import { asBuiltIn, CONFIGURATIONS, type Configuration } from '../../../scenarios/configurations';
import { whyNotApplicable } from '../../../scenarios/versions';
import { AUDIT_SEGMENT } from '../../../contract';
import type { AuditedApp } from '../../app/inspect';
import { importPath, PAGE, wrappedProxy, writeSource, type Reserved } from '../../plumbing';
import type { PlacedEntry } from './entry';
import { placedThrower } from './throwers';

/**
 * The catalogue placed in the app's workspace: each entry's route from the reference app under the
 * reserved segment of each router the app has, faultline's throwers beside them, the entries at
 * the app's root (a proxy, a robots route) where the app lets them be, and for every entry that
 * cannot live in this app, why not.
 */

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
    faultlineRoot: string;
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
  'robots-throws': ({ faultlineRoot, workspace, app, throwersDir }) => {
    const own = ownRobots(workspace, app.appDir);
    if (own) return { why: `the app serves its own /robots.txt (${own}), which a placed one would replace` };
    return { write: () => placeFile(join(faultlineRoot, 'app', 'robots.ts'), join(workspace, app.appDir, 'robots.ts'), throwersDir) };
  },
};

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

const importsOf = (text: string) => [...text.matchAll(/from\s+'([^']+)'/g)].map((match) => match[1]);

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

/** Faultline's imports made relative to where the file lands, and its links to entries pointed at the reserved segment. */
function relinked(text: string, fileDir: string, throwersDir: string): string {
  const toThrowers = relative(fileDir, throwersDir) || '.';
  return text
    .replace(/(['"])@\/bundled\//g, `$1${toThrowers.startsWith('.') ? toThrowers : `./${toThrowers}`}/`)
    .replace(/(['"])\/scenarios\//g, `$1/${AUDIT_SEGMENT}/`);
}

/** One of faultline's sources placed at `target` as plain JavaScript, its imports and links relinked: the file written, and the links it holds to other entries. */
function placeFile(source: string, target: string, throwersDir: string): { written: string; links: string[] } {
  const placed = asJavaScript(target, readFileSync(source, 'utf8'));
  const text = relinked(placed.text, dirname(target), throwersDir);
  writeSource(placed.name, text);
  return { written: placed.name, links: [...text.matchAll(new RegExp(`/${AUDIT_SEGMENT}/([a-z0-9-]+)`, 'g'))].map((link) => link[1]) };
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
export function entriesToPlace(faultlineRoot: string, ids: readonly string[], asked: readonly string[], held: readonly string[]): Set<string> {
  const known = new Set(ids);
  if (asked.length === 0) return known;
  const throwers = walk(join(faultlineRoot, THROWERS)).flatMap((file) => linksIn(readFileSync(file, 'utf8')));
  const place = new Set<string>();
  const add = (id: string) => {
    if (!known.has(id) || place.has(id)) return;
    place.add(id);
    const routeDir = join(faultlineRoot, REFERENCE_ROUTES, id);
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
function referenceRoute(faultlineRoot: string, id: string): ReferenceRoute {
  const appRoute = join(faultlineRoot, REFERENCE_ROUTES, id);
  if (existsSync(appRoute)) return { router: 'app', base: appRoute, files: walk(appRoute) };
  for (const base of REFERENCE_PAGES.map((folder) => join(faultlineRoot, folder))) {
    const files = existsSync(base) ? readdirSync(base).filter((name) => name.split('.')[0] === id) : [];
    if (files.length > 0) return { router: 'pages', base, files: files.map((name) => join(base, name)) };
  }
  return { router: 'app', base: appRoute, files: [] };
}

/** Where a reference route file lands: its App Router folder under the reserved segment, or a Pages Router file named for the entry. */
function targetOf(file: string, reference: ReferenceRoute, id: string, to: Reserved, app: AuditedApp, configuration: Configuration, path: string): string {
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

/** Where faultline's throwers go: under the reserved segment, or, with the Pages Router only, beside `pages/` (where every file is a route). */
const throwersIn = (reserved: Reserved, app: AuditedApp) =>
  reserved.auditDir ? join(reserved.auditDir, PLACED_THROWERS) : join(reserved.workspace, dirname(app.appDir), PAGES_THROWERS);

/** The catalogue placed: its entries, why each other one is not, and whether an entry took the app's own proxy (wrapping it). */
export interface CataloguePlacement {
  placed: PlacedEntry[];
  notApplicable: { id: string; why: string }[];
  proxyWrapped: boolean;
}

/**
 * Places the entries of `catalogue` that can live in the app (its workspace copy) under the
 * reserved segment of each router it has (`{appDir}/faultline-audit/`, `{pagesDir}/faultline-audit/`
 * and `{pagesDir}/api/faultline-audit/`), with faultline's throwers beside them; `passes`: the
 * audit's own routes, which a proxy it wraps must let through. Returns what was placed and, for
 * every other entry, why not.
 */
export function placeCatalogue(
  faultlineRoot: string,
  reserved: Reserved,
  app: AuditedApp,
  catalogue: readonly Scenario[],
  passes: readonly RegExp[],
): CataloguePlacement {
  const { workspace } = reserved;
  const throwersDir = throwersIn(reserved, app);
  const configuration = configurationOfApp(app);
  let proxyWrapped = false;
  const placed: PlacedEntry[] = [];
  const notApplicable: CataloguePlacement['notApplicable'] = [];
  // The files placed for each entry under the segment (an entry at the app's root is its own file, read nowhere here).
  const writtenFor = new Map<string, string[]>();
  for (const scenario of catalogue) {
    const reference = referenceRoute(faultlineRoot, scenario.id);
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
    const atRoot = AT_ROOT[scenario.id]?.({ faultlineRoot, workspace, app, throwersDir, url, passes });
    if ((atRoot && 'why' in atRoot) || (files.length === 0 && !atRoot)) {
      notApplicable.push({ id: scenario.id, why: atRoot && 'why' in atRoot ? atRoot.why : `faultline has no route for it under ${REFERENCE_ROUTES}` });
      continue;
    }
    atRoot?.write();
    if (atRoot && scenario.failureClass === 'proxy') proxyWrapped = true;
    const reaches = new Set<string>();
    const written: string[] = [];
    for (const file of files) {
      const done = placeFile(file, targetOf(file, reference, scenario.id, reserved, app, configuration, scenario.path), throwersDir);
      written.push(done.written);
      for (const link of done.links) if (link !== scenario.id) reaches.add(link);
    }
    placed.push({ id: scenario.id, scenario, url, reaches: [...reaches] });
    if (!atRoot) writtenFor.set(scenario.id, written);
  }
  for (const file of walk(join(faultlineRoot, THROWERS))) placeFile(file, join(throwersDir, relative(join(faultlineRoot, THROWERS), file)), throwersDir);
  // Once the throwers are written: where each entry's error is made, read from what was written (what its reports must resolve to).
  for (const entry of placed) {
    const written = writtenFor.get(entry.id);
    const thrower = written && placedThrower(workspace, written, throwersDir);
    if (thrower) entry.thrower = thrower;
  }
  // As the reference app's root layouts do under Cache Components: the placed pages' request-time part streams in a <Suspense>.
  if (configuration.requestTimeSuspends && reserved.auditDir)
    writeSource(join(reserved.auditDir, 'layout.jsx'), requestTimeLayoutSource(reserved.auditDir, throwersDir));
  return { placed, notApplicable, proxyWrapped };
}
