import type { EntryKind } from './entry-kind';
import type { RoutesConfig } from './kinds/routes/select';
import { placedFailures } from './kinds/placed/kind';
import { routesOfApp } from './kinds/routes/kind';

/**
 * What an audit checks: a list of kinds of entry, which the pipeline runs alike. A kind is a folder
 * of its own, `audit/kinds/NAME/`: what it places in the workspace before the build and which
 * entries it plans (`kind.ts`: an `EntryKind`, `entry-kind.ts`), how one entry is judged (`judge.ts`, pure), and in `worker/`
 * what Playwright's processes run of it (its spec, a test per planned entry, read from the plan in
 * the audited target, and its check, which attaches the entry's record). The pipeline does the
 * rest for every kind: the build, the audited server, the runner, the records composed into one
 * result, the team's levels and baseline, the outputs.
 */

/** What the audit's options say of its kinds (the job's options: it imports this file, never the other way). */
interface KindsAsked {
  scenarios: readonly string[];
  routePicks: readonly string[];
  noRoutes: boolean;
  routes: RoutesConfig;
}

/**
 * Every kind an audit of `options` checks, in the order its entries are planned, checked and
 * reported: the placed failures and the app's own routes, both unless one is picked alone
 * (`--scenario` picks placed failures only, `--route` routes only, both together both) or the
 * routes are turned off (`--no-routes`).
 */
export function kindsFor({ scenarios, routePicks, noRoutes, routes }: KindsAsked): EntryKind[] {
  const placed = scenarios.length > 0 || routePicks.length === 0;
  const routed = !noRoutes && (routePicks.length > 0 || scenarios.length === 0);
  return [...(placed ? [placedFailures] : []), ...(routed ? [routesOfApp({ config: routes, picks: routePicks })] : [])] as EntryKind[];
}
