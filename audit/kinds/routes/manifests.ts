import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_SEGMENT } from '../../../contract';

/**
 * The app's own routes as its build lists them: the pages and route handlers of both routers,
 * read from the manifests `next build` writes (their names and shapes the same on 15.5, 16.4 and
 * 16.5, webpack and Turbopack: unit/routes-manifests.test.ts reads builds of each). Next's build
 * adapter (`adapterPath`, `onBuildComplete`) would give the same typed, but setting it changes
 * where the build writes its prerendered files, and an audit builds the team's app as it is.
 */

/** The manifests read, each as `next build` wrote it (absent: that router is not there). */
export interface BuildManifests {
  /** `.next/app-path-routes-manifest.json`: each App Router entry (`/(shop)/products/[id]/page`) and the path it serves. */
  appPathRoutes?: Record<string, string>;
  /** `.next/server/pages-manifest.json`: each Pages Router path and its server file. */
  pages?: Record<string, string>;
  /** `.next/prerender-manifest.json`: the paths the build prerendered, each with the route it came from (`srcRoute`). */
  prerender?: { routes?: Record<string, { srcRoute?: string | null }> };
  /** `.next/routes-manifest.json`: the dynamic routes with Next's own regular expression for each, and the basePath. */
  routes?: { basePath?: string; dynamicRoutes?: { page: string; regex: string }[] };
  /** `.next/server/middleware-manifest.json`: the Edge runtime's functions, by entry (`/api/edge/route`, `/api/edge`). */
  middleware?: { functions?: Record<string, unknown> };
}

/** A route of the app's: a page or route handler of one router, as its build serves it. */
export interface BuiltRoute {
  /** As the app names it, without route groups or basePath: `/products/[id]`, `/` for the home. */
  route: string;
  router: 'app' | 'pages';
  /** A page a user loads; a route handler (the Pages Router's API routes too); a metadata route (`/sitemap.xml`, `/opengraph-image`). */
  kind: 'page' | 'handler' | 'metadata';
  runtime: 'nodejs' | 'edge';
  /** Where it is in the app, without the extension: `app/(shop)/products/[id]/page`, `pages/posts/[id]`. */
  entry: string;
  dynamic: boolean;
  /** Next's regular expression for a dynamic route's paths (routes-manifest), to tell which route a path is. */
  regex?: string;
  /** The paths the build prerendered for a dynamic route (`generateStaticParams`, `getStaticPaths`), in the manifest's order. */
  prerendered: string[];
}

/** Next's own pages of a router: its error and not-found pages, the Pages Router's wrappers. */
const NEXT_INTERNAL = new Set(['/_not-found', '/_global-error', '/_app', '/_document', '/_error', '/404', '/500']);
/** The App Router's own pages: its `/404` and `/500` are the app's routes like any (custom-error-pages' `/500` is an ordinary page). */
const APP_INTERNAL = new Set(['/_not-found', '/_global-error']);

/**
 * Whether a route is faultline's, not the app's: the failures an audit places under its segment
 * (`/faultline-audit/…`, `/[locale]/faultline-audit/…`, `/api/faultline-audit/flush`), and the
 * reference app's harness endpoints (`/api/faultline/…`).
 */
export const isFaultlines = (route: string): boolean => route.split('/').includes(AUDIT_SEGMENT) || /^\/api\/faultline(\/|$)/.test(route);

/** A metadata route, as Next's `isMetadataRoute` tells it (unit/routes-manifests.test.ts holds the two together on every recorded entry). */
const METADATA =
  /\/(robots(\.txt)?|manifest(\.webmanifest|\.json)?|sitemap(\.xml)?|favicon\.ico|(icon|apple-icon|opengraph-image|twitter-image)\d?(-\w{6})?(\.\w+)?)$/;
export const isMetadataEntry = (entry: string): boolean =>
  entry.endsWith('/route') &&
  METADATA.test(
    entry
      .replace(/\/route$/, '')
      .replace('/[__metadata_id__]', '')
      .replace(/\/\([^/)]*\)(?=\/)/g, ''),
  );

/** An intercepting route's entry (`/feed/@modal/(..)photo/[id]/page`): it renders on a soft navigation, inside another page; its path has a page of its own. */
const isIntercepting = (entry: string) => entry.split('/').some((segment) => /^\(\.{1,3}\)|^\(\.\.\)\(\.\.\)/.test(segment));
/** A parallel route's slot in an entry (`/dash/@side/page`): it renders beside the page of the same path. */
const inSlot = (entry: string) => entry.split('/').some((segment) => segment.startsWith('@'));

const isDynamic = (route: string) => /\[[^\]]+\]/.test(route);

/** The App Router's routes: each entry's page or handler, slots and intercepting routes folded into the page their path has. */
function appRoutes(manifests: BuildManifests): BuiltRoute[] {
  const edge = new Set(Object.keys(manifests.middleware?.functions ?? {}));
  const found = new Map<string, BuiltRoute>();
  for (const [entry, path] of Object.entries(manifests.appPathRoutes ?? {}).sort(([a], [b]) => Number(inSlot(a)) - Number(inSlot(b)) || a.localeCompare(b))) {
    const kind = entry.endsWith('/page') ? 'page' : entry.endsWith('/route') ? (isMetadataEntry(entry) ? 'metadata' : 'handler') : null;
    if (!kind || APP_INTERNAL.has(path) || isFaultlines(path) || isIntercepting(entry)) continue;
    const key = `${kind === 'page' ? 'page' : 'handler'} ${path}`;
    if (found.has(key)) continue;
    found.set(key, {
      route: path,
      router: 'app',
      kind,
      runtime: edge.has(entry) ? 'edge' : 'nodejs',
      entry: `app${entry}`,
      dynamic: isDynamic(path),
      prerendered: [],
    });
  }
  return [...found.values()];
}

/** The Pages Router's pages and API routes, without Next's own wrappers and error pages. */
function pagesRoutes(manifests: BuildManifests): BuiltRoute[] {
  const edge = new Set(Object.keys(manifests.middleware?.functions ?? {}));
  return Object.entries(manifests.pages ?? {})
    .filter(([path]) => !NEXT_INTERNAL.has(path) && !isFaultlines(path))
    .map(([path, file]) => ({
      route: path,
      router: 'pages' as const,
      kind: path === '/api' || path.startsWith('/api/') ? ('handler' as const) : ('page' as const),
      runtime: edge.has(path) || file.startsWith('edge/') ? ('edge' as const) : ('nodejs' as const),
      entry: `pages${path === '/' ? '/index' : path}`,
      dynamic: isDynamic(path),
      prerendered: [],
    }));
}

/** Every route of the app's, both routers, each dynamic one with Next's regex and the paths its build prerendered. */
export function builtRoutes(manifests: BuildManifests): BuiltRoute[] {
  const regexOf = new Map((manifests.routes?.dynamicRoutes ?? []).map(({ page, regex }) => [page, regex]));
  const prerendered = new Map<string, string[]>();
  for (const [path, { srcRoute }] of Object.entries(manifests.prerender?.routes ?? {}))
    if (srcRoute && srcRoute !== path) prerendered.set(srcRoute, [...(prerendered.get(srcRoute) ?? []), path]);
  return [...appRoutes(manifests), ...pagesRoutes(manifests)].map((route) =>
    route.dynamic ? { ...route, regex: regexOf.get(route.route), prerendered: prerendered.get(route.route) ?? [] } : route,
  );
}

/** The manifest files, relative to the build's folder (`distDir`). */
export const MANIFEST_FILES = {
  appPathRoutes: 'app-path-routes-manifest.json',
  pages: join('server', 'pages-manifest.json'),
  prerender: 'prerender-manifest.json',
  routes: 'routes-manifest.json',
  middleware: join('server', 'middleware-manifest.json'),
} as const satisfies Record<keyof BuildManifests, string>;

/** The manifests of the build in `distDir` (an app's `.next`), those there. */
export function readManifests(distDir: string): BuildManifests {
  const manifests: BuildManifests = {};
  for (const [name, file] of Object.entries(MANIFEST_FILES) as [keyof BuildManifests, string][])
    if (existsSync(join(distDir, file))) Object.assign(manifests, { [name]: JSON.parse(readFileSync(join(distDir, file), 'utf8')) });
  return manifests;
}
