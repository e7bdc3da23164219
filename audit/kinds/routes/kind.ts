import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../../harness/failures';
import type { EntryKind, KindPlacement } from '../../entry-kind';
import { ROUTES_KIND, type RouteEntry } from './entry';
import { builtRoutes, readManifests } from './manifests';
import { planRoutes, type RoutePlan, type RoutesConfig } from './select';
import { recorderImport } from './protocol';
import { SENTRY_ENVELOPE } from '../../../contract';

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

/** The entries of a route plan, each at the app's basePath, and the routes it leaves out as not applicable, each with its why. */
export function routeEntries({ audited, notAudited }: RoutePlan, basePath: string): Pick<KindPlacement<RouteEntry>, 'entries' | 'notApplicable'> {
  return {
    entries: audited.map(({ route, path, from }) => ({
      id: route.route,
      router: route.router,
      kind: route.kind,
      runtime: route.runtime,
      entry: route.entry,
      file: route.entry,
      url: `${basePath}${path === '/' && basePath !== '' ? '' : path}`,
      from,
    })),
    notApplicable: notAudited.map(({ route, why }) => ({ id: route, why })),
  };
}

/** The route's file in the app (`src/app/dashboard/page.tsx`): its entry with the extension its file has, under `src/` where the app keeps its routers there. */
function sourceFile(dir: string, appDir: string, entry: string): string {
  const prefix = appDir.startsWith('src/') || appDir === 'src' ? 'src/' : '';
  const found = ['.tsx', '.ts', '.jsx', '.js', '.mdx', '.mjs']
    .flatMap((extension) => [`${prefix}${entry}${extension}`, `${entry}${extension}`])
    .find((file) => existsSync(join(dir, file)));
  return found ?? entry;
}

/** A pick that names no route of the build, refused in one line: a typo would otherwise audit nothing in silence. */
function refuseUnknown(unknown: readonly string[], picks: readonly string[]) {
  if (unknown.length === 0) return;
  const by = picks.length > 0 ? '--route' : 'routes.include';
  throw new UsageError(`${by} names no route of the app's build: ${unknown.join(', ')}`);
}

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
      const plan = planRoutes(builtRoutes(readManifests(join(dir, app.distDir))), config, picks);
      refuseUnknown(plan.unknown, picks);
      const { entries, notApplicable } = routeEntries(plan, app.basePath);
      const located = entries.map((entry) => ({ ...entry, file: sourceFile(dir, app.appDir, entry.entry) }));
      return { ...placement, entries: located, notApplicable: [...placement.notApplicable, ...notApplicable] };
    },
    // Faults are per request (the recorder's headers), so every route runs beside any.
    groups: (entries) => entries.map((entry) => [entry]),
    // A route's errors are the app's own: none names an entry of this kind.
    named: () => [],
    // Not built: a report after a route's check is nobody's until the routes' claiming is.
    late: (entries, records, unclaimed) => ({ records: entries.flatMap((entry) => records.get(entry.id) ?? []), left: [...unclaimed] }),
  };
}
