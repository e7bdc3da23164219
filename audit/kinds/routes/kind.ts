import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../../harness/failures';
import type { EntryKind, KindPlacement } from '../../entry-kind';
import { aboutRoute, ROUTES_KIND, type RouteEntry } from './entry';
import { linksInBuild } from './links';
import { builtRoutes, readManifests, type BuiltRoute } from './manifests';
import { planRoutes, type RoutePlan, type RoutesConfig } from './select';
import { recorderImport } from './protocol';
import { SENTRY_ENVELOPE } from '../../../contract';
import { namesNoRequest, type AuditReport } from '../../../verdict/audit-reporting';

/**
 * The app's own routes: each loaded once as the audit's server runs, then again with each backend
 * it called refused, answering 500 and hanging (`worker/`, `server/recorder.mjs`). It places
 * nothing: its entries are known only once the app is built, from the build's manifests
 * (`manifests.ts`), chosen by the team's `routes` config and `--route` (`select.ts`).
 */

/** What the team asked of the routes: its config's `routes` and `--route` picks (which win). */
export interface RoutesOptions {
  config?: RoutesConfig;
  picks?: readonly string[];
}

/** A path at the app's basePath. */
const atBase = (basePath: string, path: string) => `${basePath}${path === '/' && basePath !== '' ? '' : path}`;

/**
 * The entries of a route plan, each at the app's basePath, and the routes it leaves out as not
 * applicable, each with its why. A route awaiting a link carries every route of `routes`, to tell
 * which one Next serves a link by.
 */
export function routeEntries(
  { audited, notAudited }: RoutePlan,
  basePath: string,
  routes: readonly BuiltRoute[] = [],
): Pick<KindPlacement<RouteEntry>, 'entries' | 'notApplicable'> {
  const linkRoutes = routes.map(({ route, dynamic, regex }) => ({ route, dynamic, regex }));
  return {
    entries: audited.map((pick) => ({
      id: pick.route.route,
      router: pick.route.router,
      kind: pick.route.kind,
      runtime: pick.route.runtime,
      entry: pick.route.entry,
      file: pick.route.entry,
      url: pick.path === null ? null : atBase(basePath, pick.path),
      from: pick.from,
      ...('pages' in pick && { linkedFrom: { pages: pick.pages.map((page) => atBase(basePath, page)), routes: linkRoutes } }),
    })),
    notApplicable: notAudited.map(({ route, why }) => ({ id: route, why })),
  };
}

/** The names a route's file may have: its entry with a source extension; a metadata route's (`app/robots.txt/route`) its own file (`app/robots.ts`, `app/robots.txt`). */
function fileNames(entry: string): string[] {
  const metadata = /^(.*)\/([^/]+?)(\.\w+)?\/route$/.exec(entry);
  const bases = metadata ? [`${metadata[1]}/${metadata[2]}`, entry] : [entry];
  const sources = bases.flatMap((base) => ['.tsx', '.ts', '.jsx', '.js', '.mdx', '.mjs'].map((extension) => `${base}${extension}`));
  return metadata?.[3] ? [...sources, `${metadata[1]}/${metadata[2]}${metadata[3]}`] : sources;
}

/** The route's file in the app (`src/app/dashboard/page.tsx`), under `src/` where the app keeps its routers there; its entry where no file has it. */
function sourceFile(dir: string, appDir: string, entry: string): string {
  const prefix = appDir.startsWith('src/') || appDir === 'src' ? 'src/' : '';
  const found = fileNames(entry)
    .flatMap((name) => [`${prefix}${name}`, name])
    .find((file) => existsSync(join(dir, file)));
  return found ?? entry;
}

/** A pick that names no route of the build, refused in one line: a typo would otherwise audit nothing in silence. */
function refuseUnknown(unknown: readonly string[], picks: readonly string[]) {
  if (unknown.length === 0) return;
  const by = picks.length > 0 ? '--route' : 'routes.include';
  throw new UsageError(`${by} names no route of the app's build: ${unknown.join(', ')}`);
}

/** How many of a route's errors a background reporter sent naming no route, over its loads under a fault. */
const unattributedIn = (judged: { route?: { faults: readonly { unattributed?: number }[] } }) =>
  (judged.route?.faults ?? []).reduce((sum, fault) => sum + (fault.unattributed ?? 0), 0);

export function routesOfApp({ config = {}, picks = [] }: RoutesOptions = {}): EntryKind<RouteEntry> {
  return {
    name: ROUTES_KIND,
    // Nothing is placed: the routes are the build's.
    place: () => ({
      entries: [],
      notApplicable: [],
      holds: [],
      proxyWrapped: false,
      said: "The app's own routes: read from its build, each loaded with every backend it calls refused, answering 500, hanging",
      fromBuild: true,
    }),
    // The recorder: every outbound call of a route's request written down, and that request's fault applied to its calls alone.
    server: (_entries, state) => {
      const log = join(state, 'calls.jsonl');
      return { preload: recorderImport(log, SENTRY_ENVELOPE.path), log };
    },
    built(placement, { dir, app }) {
      // A route whose file is in the workspace and not in the app is one faultline placed there (robots.ts, for a metadata route's failure).
      const own = builtRoutes(readManifests(join(dir, app.distDir))).filter((route) => {
        const file = sourceFile(dir, app.appDir, route.entry);
        return file === route.entry || existsSync(join(app.root, file));
      });
      const plan = planRoutes(own, config, picks, linksInBuild(join(dir, app.distDir), app.basePath));
      refuseUnknown(plan.unknown, picks);
      const { entries, notApplicable } = routeEntries(plan, app.basePath, own);
      const located = entries.map((entry) => ({ ...entry, file: sourceFile(dir, app.appDir, entry.entry) }));
      return { ...placement, entries: located, notApplicable: [...placement.notApplicable, ...notApplicable] };
    },
    // Faults are per request (the recorder's headers), so every route runs beside any.
    groups: (entries) => entries.map((entry) => [entry]),
    // A route's errors are the app's own: none names an entry of this kind.
    named: () => [],
    // A server report about a route that came after its check (a reporter that sent late) is that route's, not one nobody claims;
    // its findings were judged from the reports its loads saw.
    // So are the reports a background reporter sent naming no route, as many as its loads' errors that one could not tell apart (`unattributed`).
    late: (entries, records, unclaimed) => {
      const own = entries.flatMap((entry) => records.get(entry.id) ?? []);
      let untold = own.reduce((sum, record) => sum + ('judged' in record ? unattributedIn(record.judged) : 0), 0);
      const about = ({ runtime, event }: AuditReport) => runtime !== 'browser' && entries.some((entry) => aboutRoute(event, entry.url ?? entry.id, entry.id));
      return { records: own, left: unclaimed.filter((report) => !about(report) && !(namesNoRequest(report) && untold-- > 0)) };
    },
  };
}
