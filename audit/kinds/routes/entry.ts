import type { ErrorEvent } from '@sentry/core';
import { AUDIT_DELIVERY_PREFIX } from '../../../contract';
import type { BuiltRoute } from './manifests';
import type { LinkAwaited, LinkRoute, RoutePick } from './select';

/** A route of the app's own as the CLI planned it and its workers will read it: both sides of the kind share it. */

/** The kind's name: its entries' key in the plan (`kind.ts`). */
export const ROUTES_KIND = 'routes';

/** The routes of the plan the workers read. */
export const routesIn = (plan: { entries: Readonly<Record<string, readonly { id: string }[]>> }) => (plan.entries[ROUTES_KIND] ?? []) as RouteEntry[];

export interface RouteEntry {
  /** The route as the app names it (`/products/[id]`): its findings stay its own whatever params it is loaded with, and whatever the app's other routes do. */
  id: string;
  router: BuiltRoute['router'];
  kind: BuiltRoute['kind'];
  runtime: BuiltRoute['runtime'];
  /** The route's file in the app, without its extension (`app/dashboard/page`): where SARIF locates a finding with no calling line. */
  entry: string;
  /** The route's file as the app names it (`app/dashboard/page.tsx`), or its entry where no file of the built copy has it: where a finding with no calling line is located. */
  file: string;
  /** Where the browser loads it: the app's basePath and the path picked (`select.ts`); null for a route that awaits a link (`linkedFrom`). */
  url: string | null;
  /** Where that path came from. */
  from: RoutePick['from'] | LinkAwaited['from'];
  /** A dynamic route nothing of the build gives a path to: the pages whose links its worker reads (each at the basePath), and every route of the app, to tell which one Next serves a link by. */
  linkedFrom?: { pages: string[]; routes: LinkRoute[] };
}

/** Whether a server report is about the route loaded at `url` (the path it was asked at; its route as the app names it). */
export function aboutRoute(event: ErrorEvent, url: string, route: string): boolean {
  const asked = event.request?.url;
  if (asked && URL.canParse(asked, 'http://app.invalid') && new URL(asked, 'http://app.invalid').pathname === url) return true;
  const transaction = event.transaction ?? '';
  return transaction === route || transaction.endsWith(` ${route}`) || transaction === url || transaction.endsWith(` ${url}`);
}

/**
 * How many errors Next handed to the app's `onRequestError` for a load at `url`, as faultline's
 * counted instrumentation prints them (`audit/plumbing.ts`): by the path Next names, its query
 * aside, with the app's `basePath` or without it.
 */
export function handOversAt(log: string, url: string, basePath = ''): number {
  const pathOf = (line: string) => {
    try {
      const { path } = JSON.parse(line.slice(AUDIT_DELIVERY_PREFIX.length)) as { path?: unknown };
      return typeof path === 'string' ? path.split('?')[0] : null;
    } catch {
      return null;
    }
  };
  const wanted = url.split('?')[0];
  const at = (path: string | null) => path !== null && (path === wanted || `${basePath}${path === '/' ? '' : path}` === wanted);
  return log.split('\n').filter((line) => line.startsWith(AUDIT_DELIVERY_PREFIX) && at(pathOf(line))).length;
}
