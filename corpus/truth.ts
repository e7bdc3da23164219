/**
 * The corpus's truth (corpus/README.md): what was observed by hand of a real app, and whether an
 * audit of it agrees. The expectation lives here, on the checking side, written from the hand
 * observation; nothing in it is read from faultline's own code.
 */
import { z } from 'zod';

const CHECKS = ['screen', 'reported once', 'traceable', 'no leak', 'privacy', 'framework', 'unseen'] as const;

const Claim = z.strictObject({
  check: z.enum(CHECKS),
  /** The entry the finding is about; absent: any entry, or the app as a whole. */
  entry: z.string().optional(),
  /** A part of the finding's words (`what`), or of an unseen line. */
  includes: z.string().min(1),
});
export type Claim = z.infer<typeof Claim>;

const Hand = z.looseObject({
  placed: z.string(),
  like: z.string(),
  url: z.string(),
  status: z.number().int(),
  screen: z.string(),
  reports: z.strictObject({ server: z.number().int(), browser: z.number().int() }),
  digest: z.strictObject({ screen: z.boolean(), log: z.boolean(), report: z.boolean() }),
});

/**
 * What a reporter would get of a failure's frame, per runtime, as the hand look found it through
 * the build's own maps (docs/source-maps.md, "Truth on real apps"): the results report.json's
 * `traceableToSource` gives, less `no stack` and `not judged`, which say nothing of the maps.
 */
const SOURCE_RESULTS = ['ok', 'no debug ID', 'map missing', 'upload not seen', 'resolved to a wrong place', 'map served to anyone'] as const;
const SourceResult = z.enum(SOURCE_RESULTS);
/** One result every report of the runtime gave, or the several the hand look found (some entries ok, others not), each given at least once. */
const SourceTruth = z.union([SourceResult, z.array(SourceResult).min(2)]);
/** The results that say nothing of a runtime's frames: left out of the comparison. */
const SAYS_NOTHING = new Set(['no stack', 'not judged']);

/** What a load showed, in the audit's names for screens (verdict/screen-kind.ts's, written here again: the truth names them by hand). */
const SCREENS = [
  'a blank page',
  'classic fallback',
  "Next's built-in screen",
  'the unchanged page',
  "the app's own error UI",
  'still loading',
  'a page',
  'a response',
] as const;
/**
 * A route's load under one fault as the hand look saw it: the document's (or response's) status,
 * its screen, whether the backend's secret or internal host reached the user, and the server's
 * error events where counted.
 */
const FaultSeen = z.strictObject({
  status: z.number().int(),
  screen: z.enum(SCREENS),
  leak: z.boolean(),
  reports: z.number().int().min(0).optional(),
});
/** The backend as the app calls it under the runner's env, `host:port`. */
const Backend = z.string().regex(/^(\[[^\]]+\]|[^:\s]+):\d+$/, 'host:port');
const RouteChecked = z.strictObject({
  /** The route as the app names it (`/products/[id]`): the audit entry's id. */
  route: z.string().startsWith('/'),
  /** The path the hand look loaded. */
  url: z.string().startsWith('/'),
  backend: Backend,
  /** With the backends as this machine has them. */
  asIs: z.strictObject({ status: z.number().int(), screen: z.enum(SCREENS) }),
  faults: z.strictObject({ refused: FaultSeen.optional(), '500': FaultSeen.optional(), hang: FaultSeen.optional() }),
});
/**
 * The app's own routes under backend faults (issue #85), as the hand look loaded them: each route that called a backend,
 * with what each fault of it showed; the routes it could not reach (a wall, a redirect) and a part of why; the routes that
 * called no backend when loaded.
 */
const RoutesTruth = z.strictObject({
  checked: z.array(RouteChecked),
  /** `url`: the path the hand look loaded, where it is not the route's own name (a dynamic route, a locale's path). */
  notReached: z.array(z.strictObject({ route: z.string().startsWith('/'), url: z.string().startsWith('/').optional(), includes: z.string().min(1) })),
  /** A route loaded at its own name, or `{ route, url }`. */
  noBackend: z.array(z.union([z.string().startsWith('/'), z.strictObject({ route: z.string().startsWith('/'), url: z.string().startsWith('/') })])),
});
export type RoutesTruth = z.infer<typeof RoutesTruth>;

export const Truth = z.strictObject({
  slug: z.string(),
  cannot: z.strictObject({ step: z.enum(['install', 'build', 'start']), command: z.string(), error: z.string() }).nullable(),
  env: z.record(z.string(), z.string()),
  hand: z.array(Hand),
  audit: z.strictObject({
    outcome: z.enum(['findings', 'clean', 'refused']),
    refused: z.strictObject({ owner: z.enum(['app', 'faultline', 'machine']), includes: z.string().min(1) }).nullable(),
    must: z.array(Claim),
    mustNot: z.array(Claim),
  }),
  /** Traceable to source, per runtime, only those the hand look established; absent: the app has no reporter, or none was looked at. */
  source: z.strictObject({ node: SourceTruth.optional(), edge: SourceTruth.optional(), browser: SourceTruth.optional() }).optional(),
  /** A miss faultline knows it has on this app, and why: said in the app's row beside what the run gave, never counted truthful. */
  known: z.string().min(1).optional(),
  routes: RoutesTruth.optional(),
});
export type Truth = z.infer<typeof Truth>;

/** The truth in a corpus page: its one fenced `json` block, checked against the schema. */
export function readTruth(markdown: string, file: string): Truth {
  const blocks = [...markdown.matchAll(/^```json\n([\s\S]*?)^```$/gm)];
  if (blocks.length !== 1) throw new Error(`${file}: ${blocks.length} json blocks, where the truth is exactly one`);
  const parsed = Truth.safeParse(JSON.parse(blocks[0][1]));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error).replaceAll('\n', '; ')}`);
  if ((parsed.data.audit.outcome === 'refused') !== (parsed.data.audit.refused !== null) && parsed.data.cannot === null)
    throw new Error(`${file}: "refused" says why exactly when the outcome is refused`);
  return parsed.data;
}

/** What an audit gave, as `npm run corpus` read it: its exit code, its last line, and report.json when it wrote one. */
export interface AuditOutcome {
  exit: number;
  line: string;
  report: {
    entries: {
      id: string;
      findings: { check: string; what: string }[];
      /** Per report its runtime, reporter and result (report.json's field, passed through). */
      traceableToSource?: { runtime: string; reporter: string; result: string }[];
      /** A route entry's (`failureClass` 'route'): the load as the machine had its backends and each fault's, as report.json has them. */
      failureClass?: string;
      status?: number;
      screen?: string;
      route?: {
        backends: { backend: string; sides?: string[] }[];
        faults: {
          backend: string | null;
          fault: string | null;
          status: number;
          screen: string;
          reports?: { runtime: string }[];
          findings: { check: string; what: string }[];
        }[];
      };
    }[];
    appFindings: { check: string; what: string }[];
    unseen?: string[];
    notApplicable?: { id: string; why: string }[];
  } | null;
}

const EXIT = { findings: 1, clean: 0, refused: 2 } as const;

/** The findings (and unseen lines) a claim could be about. */
function candidates(claim: Claim, report: NonNullable<AuditOutcome['report']>): string[] {
  if (claim.check === 'unseen') return report.unseen ?? [];
  const entries = report.entries.filter((entry) => claim.entry === undefined || entry.id === claim.entry);
  const findings = [...entries.flatMap((entry) => entry.findings), ...(claim.entry === undefined ? report.appFindings : [])];
  return findings.filter((finding) => finding.check === claim.check).map((finding) => finding.what);
}

const named = (claim: Claim) => `${claim.check}${claim.entry ? ` on ${claim.entry}` : ''} "${claim.includes}"`;

/** Every way the audit disagrees with the truth, in one line each; none: truthful. */
export function untruths(truth: Truth, outcome: AuditOutcome): string[] {
  const expected = truth.audit;
  const misses: string[] = [];
  if (outcome.exit !== EXIT[expected.outcome])
    misses.push(`exit ${outcome.exit} (${expected.outcome} expected)${outcome.exit === 2 ? `: ${outcome.line}` : ''}`);
  else if (expected.refused && !outcome.line.includes(expected.refused.includes))
    misses.push(`refused with "${outcome.line}", not "${expected.refused.includes}" (the ${expected.refused.owner}'s)`);
  if (expected.outcome === 'refused' || outcome.report === null) return misses;
  const judged = new Set(outcome.report.entries.map((entry) => entry.id));
  for (const claim of expected.must) {
    if (claim.entry && !judged.has(claim.entry)) misses.push(`${claim.entry} not judged, where the truth says ${named(claim)}`);
    else if (!candidates(claim, outcome.report).some((what) => what.includes(claim.includes))) misses.push(`missing: ${named(claim)}`);
  }
  for (const claim of expected.mustNot) {
    const said = candidates(claim, outcome.report).find((what) => what.includes(claim.includes));
    if (said) misses.push(`untrue: ${claim.check}${claim.entry ? ` on ${claim.entry}` : ''} "${said}"`);
  }
  return [...misses, ...sourceUntruths(truth, outcome.report), ...routesUntruths(truth, outcome.report)];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
/** A backend's name with loopback said one way: `localhost:5432`, `127.0.0.1:5432` and `[::1]:5432` are one backend. */
function sameBackend(a: string, b: string): boolean {
  const key = (backend: string) => {
    const at = backend.lastIndexOf(':');
    const host = backend.slice(0, at).toLowerCase();
    return `${LOOPBACK.has(host) ? 'loopback' : host}:${backend.slice(at + 1)}`;
  };
  return key(a) === key(b);
}

const FAULT_WORDS = { refused: 'refused', '500': 'answering 500', hang: 'hanging' } as const;

/** Each way the audit's route entries disagree with the routes the hand look loaded: one line each. */
export function routesUntruths(truth: Truth, report: NonNullable<AuditOutcome['report']>): string[] {
  if (!truth.routes) return [];
  const misses: string[] = [];
  const routeOf = (id: string) => report.entries.find((entry) => entry.id === id && entry.route !== undefined);
  for (const checked of truth.routes.checked) {
    const entry = routeOf(checked.route);
    if (!entry?.route) {
      misses.push(`${checked.route}: not judged as a route, where the hand look saw it call ${checked.backend}`);
      continue;
    }
    const { backends, faults } = entry.route;
    if (!backends.some(({ backend }) => sameBackend(backend, checked.backend))) {
      misses.push(
        `${checked.route}: ${checked.backend} not among its backends (${backends.map(({ backend }) => backend).join(', ') || 'none'}), where the hand look saw it called`,
      );
      continue;
    }
    const healthy = faults.find((row) => row.fault === null) ?? { status: entry.status, screen: entry.screen };
    const asIs = `${checked.route} with its backends as they are`;
    if (healthy.status !== checked.asIs.status) misses.push(`${asIs}: status ${healthy.status}, where the hand look saw ${checked.asIs.status}`);
    if (healthy.screen !== checked.asIs.screen) misses.push(`${asIs}: ${healthy.screen}, where the hand look saw ${checked.asIs.screen}`);
    for (const fault of ['refused', '500', 'hang'] as const) {
      const seen = checked.faults[fault];
      if (!seen) continue;
      const label = `${checked.route} with ${checked.backend} ${FAULT_WORDS[fault]}`;
      const row = faults.find((load) => load.fault === fault && load.backend !== null && sameBackend(load.backend, checked.backend));
      if (!row) {
        misses.push(`${label}: not applied, where the hand look saw it`);
        continue;
      }
      if (row.status !== seen.status) misses.push(`${label}: status ${row.status}, where the hand look saw ${seen.status}`);
      if (row.screen !== seen.screen) misses.push(`${label}: ${row.screen}, where the hand look saw ${seen.screen}`);
      const leak = row.findings.find((finding) => finding.check === 'no leak');
      if (seen.leak && !leak) misses.push(`${label}: no "no leak" finding, where the hand look saw the secret reach the user`);
      if (!seen.leak && leak) misses.push(`${label}: a "no leak" finding (${leak.what}), where the hand look saw nothing leak`);
      const server = (row.reports ?? []).filter((sent) => sent.runtime !== 'browser').length;
      if (seen.reports !== undefined && server !== seen.reports) misses.push(`${label}: ${server} server reports, where the hand look counted ${seen.reports}`);
    }
  }
  for (const { route, includes } of truth.routes.notReached) {
    const why = (report.notApplicable ?? []).find((entry) => entry.id === route)?.why;
    const saw = `where the hand look saw it not reached: ${includes}`;
    if (routeOf(route)) misses.push(`${route}: judged, ${saw}`);
    else if (why === undefined) misses.push(`${route}: neither judged nor said not reached, ${saw}`);
    // Not reached as itself (a redirect, a wall) or not loaded as asked (a route handler that answers GET with 405): said, never judged.
    else if (!/^not (reached|loaded):/.test(why) || !why.includes(includes)) misses.push(`${route}: "${why}", ${saw}`);
  }
  for (const named of truth.routes.noBackend) {
    const route = typeof named === 'string' ? named : named.route;
    const entry = routeOf(route);
    if (!entry?.route) misses.push(`${route}: not judged as a route, where the hand look saw it call no backend`);
    else if (entry.route.backends.length)
      misses.push(`${route}: backends ${entry.route.backends.map(({ backend }) => backend).join(', ')}, where the hand look saw it call none`);
  }
  return misses;
}

/** The routes an audit of the app is asked to load (`--route`): the path the hand look loaded of each checked route, and each other route the truth speaks of. */
export function routesFor(truth: Truth): string[] {
  const routes = truth.routes;
  if (!routes) return [];
  return [
    ...new Set([
      ...routes.checked.map(({ url }) => url),
      ...routes.notReached.map(({ route, url }) => url ?? route),
      ...routes.noBackend.map((named) => (typeof named === 'string' ? named : named.url)),
    ]),
  ];
}

/** Each runtime of the hand look the audit gave another result for, or none: one line each. */
function sourceUntruths(truth: Truth, report: NonNullable<AuditOutcome['report']>): string[] {
  const misses: string[] = [];
  for (const [runtime, expected] of Object.entries(truth.source ?? {})) {
    if (expected === undefined) continue;
    const given = new Map<string, string[]>();
    for (const entry of report.entries)
      for (const traced of entry.traceableToSource ?? [])
        if (traced.runtime === runtime && !SAYS_NOTHING.has(traced.result))
          given.set(traced.result, [...new Set([...(given.get(traced.result) ?? []), entry.id])]);
    const results: readonly string[] = typeof expected === 'string' ? [expected] : expected;
    const found = `where the hand look found ${results.map((result) => `"${result}"`).join(', ')}`;
    if (given.size === 0) {
      misses.push(`traceable to source: said nothing of the ${runtime} runtime's frames, ${found}`);
      continue;
    }
    const other = [...given].filter(([result]) => !results.includes(result));
    if (other.length)
      misses.push(
        `traceable to source: the ${runtime} runtime's frames ${other.map(([result, ids]) => `"${result}" on ${ids.join(', ')}`).join('; ')}, ${found}`,
      );
    const never = results.filter((result) => !given.has(result));
    if (never.length && other.length === 0)
      misses.push(`traceable to source: the ${runtime} runtime's frames never ${never.map((result) => `"${result}"`).join(', ')}, ${found}`);
  }
  return misses;
}

/** An untrue row's words: what the audit gave, how it disagrees, and the miss its truth explains. */
export const untrueSaid = (summary: string, misses: readonly string[], truth: Pick<Truth, 'known'>) =>
  [summary, ...misses, ...(truth.known ? [`known miss: ${truth.known}`] : [])].join('; ');

/** The entries an audit of the app is asked for: what the truth speaks of, and the base every app gets. */
export function entriesFor(truth: Truth, base: readonly string[]): string[] {
  const named = [...truth.hand.map((row) => row.like), ...[...truth.audit.must, ...truth.audit.mustNot].flatMap((claim) => claim.entry ?? [])];
  return [...new Set([...base, ...named])];
}
