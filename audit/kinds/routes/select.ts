import { z } from 'zod';
import type { BuiltRoute } from './manifests';

/**
 * Which of the app's routes an audit loads, and at which path: from its build's routes, the team's
 * `routes` config and `--route` picks, within a bound. Every route left out is named with why, so
 * a report never passes over a route in silence.
 */

/** A dynamic route's params as the app's code reads them: a catch-all's as an array. */
export type RouteParams = Record<string, string | string[]>;

/** `routes` in `faultline.config.*`. */
export interface RoutesConfig {
  /** Only these (routes as the app names them, `/products/[id]`; paths, `/products/7`; a folder and all below it, `/admin/**`). */
  include?: string[];
  /** Never these (the same forms). */
  exclude?: string[];
  /** Params for dynamic routes, by route: what the build did not prerender, or a path the team prefers. */
  params?: Record<string, RouteParams | RouteParams[]>;
  /** How many routes an audit loads at most (default `DEFAULT_ROUTE_LIMIT`); the rest are named as not audited. */
  limit?: number;
}

export const DEFAULT_ROUTE_LIMIT = 50;

const routeName = z.string().regex(/^\//, 'a route or path, from its leading /');
const params = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
/** `routes` as `faultline.config.*` may give it: what its key in audit/job.ts's `KEYS` will take in (every problem named by its field, as the rest of the config's). */
export const RoutesConfigSchema = z.strictObject({
  include: z.array(routeName).optional(),
  exclude: z.array(routeName).optional(),
  params: z.record(routeName, z.union([params, z.array(params).min(1)])).optional(),
  limit: z.number().int().min(1).optional(),
}) satisfies z.ZodType<RoutesConfig>;

/** A route an audit loads: the path it asks for (basePath not included) and where that path came from. */
export interface RoutePick {
  route: BuiltRoute;
  path: string;
  from: 'static' | 'prerendered' | 'a link' | 'routes.params' | '--route' | 'routes.include';
}

/**
 * A dynamic route nothing of the build gives a path to: its worker looks for one on the pages the
 * audit loads as they render at request time (`pages`, those of the plan's), a link Next
 * serves by it among every route of the app (`routes`), before loading it (`worker/linked-path.ts`).
 */
export interface LinkAwaited {
  route: BuiltRoute;
  path: null;
  from: 'a link at request time';
  pages: string[];
}

/** What a route's link is matched against: every route of the app, as Next tells which one serves a path. */
export type LinkRoute = Pick<BuiltRoute, 'route' | 'dynamic' | 'regex'>;

export interface NotAudited {
  route: string;
  why: string;
}

export interface RoutePlan {
  audited: (RoutePick | LinkAwaited)[];
  notAudited: NotAudited[];
  /** What `--route` or `routes.include` named that no route of the build is: said, never dropped. */
  unknown: string[];
}

/** The path of a dynamic route with `params`; null when one it needs is missing. */
export function pathWith(route: string, params: RouteParams): string | null {
  let missing = false;
  const encoded = (value: string | string[]) => (Array.isArray(value) ? value : [value]).map(encodeURIComponent).join('/');
  const path = route.replace(/\/\[\[\.\.\.([^\]]+)\]\]|\[\.\.\.([^\]]+)\]|\[([^\]]+)\]/g, (segment, optional?: string, catchAll?: string, single?: string) => {
    const name = optional ?? catchAll ?? single!;
    const value = params[name];
    if (optional) return value === undefined || (Array.isArray(value) && value.length === 0) ? '' : `/${encoded(value)}`;
    if (value === undefined || (Array.isArray(value) && value.length === 0)) missing = true;
    return value === undefined ? segment : encoded(value);
  });
  return missing ? null : path || '/';
}

/** Whether `name` (a route, a path, or `prefix/**`) names `route`; the path it names, when it is one of the route's. */
function named(name: string, route: BuiltRoute): { path: string | null } | null {
  if (name.endsWith('/**')) {
    const prefix = name.slice(0, -3);
    return route.route === prefix || route.route.startsWith(`${prefix}/`) || prefix === '' ? { path: null } : null;
  }
  if (name === route.route) return { path: null };
  if (route.dynamic && route.regex && new RegExp(route.regex).test(name)) return { path: name };
  return null;
}

const KIND_ORDER = { page: 0, handler: 1, metadata: 2 } as const;
/** Pages first, then route handlers; the home first, then by route. */
const byImportance = (a: BuiltRoute, b: BuiltRoute) =>
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || Number(a.route !== '/') - Number(b.route !== '/') || a.route.localeCompare(b.route);

/**
 * How general a route is, as Next orders them to serve a path: an optional catch-all most, then a
 * catch-all, then a param; among equals, the one with fewer segments of its own text.
 */
function generality(route: string): number {
  const segments = route.split('/').filter(Boolean);
  const weight = (segment: string) => (segment.startsWith('[[...') ? 1000 : segment.startsWith('[...') ? 100 : segment.startsWith('[') ? 10 : -1);
  return segments.reduce((sum, segment) => sum + weight(segment), 0);
}

/** The first of `links` (paths the app's pages link to) that Next serves by `route`: of every route that matches it, `route` is the most specific. */
export function linkTo(route: LinkRoute, routes: readonly LinkRoute[], links: readonly string[]): string | undefined {
  const matches = (candidate: LinkRoute, link: string) =>
    candidate.dynamic ? !!candidate.regex && new RegExp(candidate.regex).test(link) : candidate.route === link;
  const served = (link: string) =>
    routes
      .filter((candidate) => matches(candidate, link))
      .sort((a, b) => Number(a.dynamic) - Number(b.dynamic) || generality(a.route) - generality(b.route) || a.route.localeCompare(b.route))[0];
  return links.find((link) => served(link) === route);
}

/** The path a route is loaded at, and from where; or why it cannot be. */
function pathOf(
  route: BuiltRoute,
  config: RoutesConfig,
  picked: { path: string; by: '--route' | 'routes.include' } | null,
  linked: () => string | undefined = () => undefined,
): Omit<RoutePick, 'route'> | Pick<LinkAwaited, 'path' | 'from'> | { why: string } {
  if (picked) return { path: picked.path, from: picked.by };
  if (!route.dynamic) return { path: route.route, from: 'static' };
  const given = config.params?.[route.route];
  if (given !== undefined) {
    const first = Array.isArray(given) ? given[0] : given;
    const path = first ? pathWith(route.route, first) : null;
    return path ? { path, from: 'routes.params' } : { why: `routes.params names ${route.route} without a value for each of its params` };
  }
  if (route.prerendered.length > 0) return { path: route.prerendered[0], from: 'prerendered' };
  const link = linked();
  if (link) return { path: link, from: 'a link' };
  return { path: null, from: 'a link at request time' };
}

/** Why a dynamic route is not loaded: no path from the build, its config, or a link on any page the audit loads. */
export const noPathFor = (route: Pick<BuiltRoute, 'router'>, pages: number) =>
  `a dynamic route whose build prerendered no params (${route.router === 'app' ? 'generateStaticParams' : 'getStaticPaths'}) and that none of ` +
  `the ${pages} page${pages === 1 ? '' : 's'} the audit loads links to: routes.params in faultline.config gives some`;

/** How many of the plan's pages a route awaiting a link reads at request time. */
export const LINK_PAGES = 20;

/**
 * The routes to load: each once (a dynamic route at one path: its failure with a backend down is
 * the route's, not a param's: the team's params, else the build's first prerendered path, else the
 * first of `links` Next serves by it, else a link its worker finds on the plan's pages as they render
 * at request time, those last), `--route` picks (`picks`) or else `routes.include` choosing, then
 * `routes.exclude` leaving out, pages before route handlers, at most `limit`. Metadata routes are
 * loaded only when named: crawlers and browsers ask for them, no user sees them.
 */
export function planRoutes(routes: readonly BuiltRoute[], config: RoutesConfig = {}, picks: readonly string[] = [], links: readonly string[] = []): RoutePlan {
  const choosing = picks.length > 0 ? picks : (config.include ?? []);
  const chooser = picks.length > 0 ? '--route' : 'routes.include';
  const limit = config.limit ?? DEFAULT_ROUTE_LIMIT;
  const audited: RoutePick[] = [];
  const notAudited: NotAudited[] = [];
  const used = new Set<string>();
  const awaiting: Omit<LinkAwaited, 'pages'>[] = [];
  for (const route of [...routes].sort(byImportance)) {
    const chosen = choosing.map((name) => ({ name, match: named(name, route) })).find(({ match }) => match);
    if (chosen) used.add(chosen.name);
    if (choosing.length > 0 && !chosen) {
      notAudited.push({ route: route.route, why: `not among those ${chooser} names` });
      continue;
    }
    if ((config.exclude ?? []).some((name) => named(name, route))) {
      notAudited.push({ route: route.route, why: 'routes.exclude names it' });
      continue;
    }
    if (route.kind === 'metadata' && !chosen) {
      notAudited.push({ route: route.route, why: 'a metadata route: crawlers and browsers ask for it, no user sees it (routes.include names it to load it)' });
      continue;
    }
    const where = pathOf(route, config, chosen?.match?.path ? { path: chosen.match.path, by: chooser } : null, () => linkTo(route, routes, links));
    if ('why' in where) notAudited.push({ route: route.route, why: where.why });
    else if (audited.length + awaiting.length >= limit)
      notAudited.push({ route: route.route, why: `beyond the first ${limit} routes (routes.limit raises it)` });
    else if (where.path === null) awaiting.push({ route, ...where });
    else audited.push({ route, ...where });
  }
  // The pages whose links a route awaiting one reads: those the audit loads, the home first.
  const pages = audited
    .filter(({ route }) => route.kind === 'page')
    .map(({ path }) => path)
    .slice(0, LINK_PAGES);
  return {
    audited: [...audited, ...awaiting.map((pick) => ({ ...pick, pages }))],
    notAudited,
    unknown: choosing.filter((name) => !used.has(name)),
  };
}
