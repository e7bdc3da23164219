import type { BaselineComparison } from './baseline';
import type { AuditCheck, Finding } from './finding';
import type { EventInBrief } from './report-event';
import type { ScreenKind } from './screen-kind';

/**
 * What an audit writes to `report.json`, whatever kinds of entry it judged: each entry judged,
 * what was not applicable or not judged, what the app tried to reach beyond the machine, and how
 * the shards of one audit join into it.
 */

/** Hosts beyond the machine that were asked for and refused, by who asked: each once per request. */
export interface Refused {
  server: string[];
  browser: string[];
}

/** What an app tried to reach beyond the machine, by host and runtime, counted: every request refused, nothing left the machine. */
export interface ReachedOut {
  host: string;
  runtime: 'server' | 'browser';
  requests: number;
}

/** The hosts of `refused` counted by host and runtime, most asked first. */
export function reachedOut(refused: readonly Refused[]): ReachedOut[] {
  const counts = new Map<string, ReachedOut>();
  for (const side of refused)
    for (const runtime of ['server', 'browser'] as const)
      for (const host of side[runtime]) {
        const key = `${runtime} ${host}`;
        const seen = counts.get(key) ?? { host, runtime, requests: 0 };
        seen.requests += 1;
        counts.set(key, seen);
      }
  return [...counts.values()].sort((a, b) => b.requests - a.requests || a.host.localeCompare(b.host) || a.runtime.localeCompare(b.runtime));
}

/** Counts of the same host and runtime added up (the shards of one audit). */
export function sumReachedOut(counted: readonly ReachedOut[]): ReachedOut[] {
  const refused: Refused[] = counted.map(({ host, runtime, requests }) => ({
    server: runtime === 'server' ? Array(requests).fill(host) : [],
    browser: runtime === 'browser' ? Array(requests).fill(host) : [],
  }));
  return reachedOut(refused);
}

/** What the app tried to reach, in a line: `api.flags.example (server, 3 requests), www.google-analytics.com (browser, 51)`. */
export function reachedOutInWords(reached: readonly ReachedOut[]): string {
  return reached
    .map(({ host, runtime, requests }, i) => `${host} (${runtime}, ${requests}${i === 0 ? ` request${requests === 1 ? '' : 's'}` : ''})`)
    .join(', ');
}

export interface EntryAudit {
  id: string;
  screen: ScreenKind;
  /** Per check: 'ok', 'finding', or why it does not apply here. */
  checks: Record<AuditCheck, 'ok' | 'finding' | string>;
  findings: Finding[];
}

/**
 * The app's own error that every checked entry met (a root layout that needs a database, a session,
 * a variable: it renders beside each placed page, whose thrower may fail too): every judged entry
 * answered 5xx, and one error the server log printed, naming no placed entry, came at least once
 * per judged entry. Its text, or null. `named`: the entries whose throwers' errors say their id
 * (a thrown value that names nothing cannot be told from the app's own, and counts for nothing).
 */
export function errorBeforeEveryEntry(judged: readonly { status: number }[], log: string, named: readonly string[], segment: string): string | null {
  if (judged.length < 2 || named.length === 0 || judged.some((entry) => entry.status < 500)) return null;
  const counts = new Map<string, number>();
  for (const line of log.split('\n')) {
    if (!/^\s*⨯ /.test(line)) continue;
    const error = line.replace(/^\s*⨯ /, '').trim();
    if (named.some((id) => error.includes(`${id}:`) || error.includes(`/${segment}/${id}`))) continue;
    counts.set(error, (counts.get(error) ?? 0) + 1);
  }
  // An Error the app threw, never a bare value (`⨯ null`): faultline's opaque throwers print those, some more than once.
  const [common] = [...counts].filter(([error]) => /^\[?(?:[A-Z]\w*)?(?:Error|Exception)\b/.test(error)).sort((a, b) => b[1] - a[1]);
  return common && common[1] >= judged.length ? common[0] : null;
}

/** What an audit writes to `report.json`: the app, what was placed and not, each entry's observation and findings. */
export interface AuditResult {
  app: { root: string; name: string; next: string; sentry: boolean; appDir: string; basePath: string; distDir: string; packageManager: string };
  /** What faultline put in the app's place to build it offline (Google fonts), in words. */
  substituted: string[];
  /** Findings about the app as a whole (no error reporting, reports no entry claims). */
  appFindings: Finding[];
  /** What faultline cannot see of the app's reporting (a reporter other than Sentry), in a line each. */
  unseen?: string[];
  entries: (EntryAudit & {
    title: string;
    failureClass: string;
    url: string;
    status: number;
    lines: string[];
    screenshot: string | null;
    trace?: string;
    /** `late`: it came after the entry's check ended, and named the entry (audit/kinds/placed/late-reports.ts). */
    reports: (EventInBrief & { runtime: string; reporter?: string; late?: boolean })[];
    /** Hosts beyond the machine its server and its page asked for, refused. */
    refused?: Refused;
    /**
     * Traceable to source: each report (Sentry's from Node.js, the Edge runtime and the browser), its
     * top frame of the app's code resolved through the build's own maps as its reporter resolves it
     * and judged against the line where faultline placed the thrower (`audit/source/traceable.ts`, through `source-maps/`):
     * what the `source` check read. `no stack`: the report has none to resolve; `upload not seen`: its maps were deleted
     * by an upload step that had nothing to upload here.
     */
    traceableToSource?: {
      runtime: string;
      reporter: string;
      result: 'ok' | 'resolved to a wrong place' | 'map missing' | 'upload not seen' | 'no debug ID' | 'map served to anyone' | 'no stack' | 'not judged';
      seen: string;
      fix?: string;
      at?: string | null;
      findings: { kind: string; cause: string; fix: string; at: string | null }[];
    }[];
    /** One of the app's own routes (`failureClass` 'route'): each backend it called, and what each fault of each showed (audit/kinds/routes/judge.ts). */
    route?: {
      backends: { backend: string; sides: string[]; asked: string[]; calls: number; at: string | null; faults: string[] }[];
      faults: {
        backend: string | null;
        fault: string | null;
        screen: ScreenKind;
        status: number;
        lines: string[];
        pageErrors: string[];
        reports: (EventInBrief & { runtime: string })[];
        screenshot: string | null;
        alsoCalled: string[];
        unanswered?: string;
        met?: boolean;
        /** Its errors a background reporter sent naming no route (audit/kinds/routes/judge.ts): accounted for, not judged. */
        unattributed?: number;
        findings: Finding[];
      }[];
    };
    ms: Record<string, number>;
  })[];
  notApplicable: { id: string; why: string }[];
  /** What the app tried to reach beyond this machine while the audit ran, by host and runtime: refused, so nothing left the machine. */
  reachedOut: ReachedOut[];
  /** Placed entries that could not be driven here (their page never loaded, their control could not be clicked), with why: the audit is incomplete (exit 2). */
  notJudged: { id: string; why: string }[];
  /** Proven at the end: the app's files byte for byte as they were. */
  treeUnchanged: true;
  build: { built: boolean; seconds: number };
  testSeconds: number;
  /** The shard of the placed entries this audit checked (`--shard`), or null for all of them. */
  shard: { current: number; total: number } | null;
  /** What was audited (the app, its next, the placed entries) as a hash: every shard of one audit shares it. */
  selection: string;
  /** Read against the team's baseline of accepted findings: how many are new, how many accepted, which were fixed since. */
  baseline?: BaselineComparison;
}

/** The failure class of a route of the app's own among an audit's entries (audit/kinds/routes/). */
export const ROUTE_CLASS = 'route';

/** What an audit judged, in words: `51 failures judged`, `51 failures and 5 routes judged`, `5 routes judged`. */
export function judgedInWords(entries: readonly { failureClass: string }[]): string {
  const routes = entries.filter((entry) => entry.failureClass === ROUTE_CLASS).length;
  const failures = entries.length - routes;
  const parts = [
    ...(failures > 0 || routes === 0 ? [`${failures} failure${failures === 1 ? '' : 's'}`] : []),
    ...(routes > 0 ? [`${routes} route${routes === 1 ? '' : 's'}`] : []),
  ];
  return `${parts.join(' and ')} judged`;
}

/** How many findings an audit has: the app's own and every judged entry's. */
export const findingCount = (result: Pick<AuditResult, 'appFindings' | 'entries'>) =>
  result.appFindings.length + result.entries.reduce((sum, entry) => sum + entry.findings.length, 0);

/**
 * The shards of one audit joined into the audit one unsharded run would have written: every
 * entry judged or not judged, in `order` (the catalogue's), the findings about the app as a whole
 * once each (each shard's server accounted for its own reports), the test phases added up. The
 * shards are one set (`shardSetProblem`), checked before.
 */
export function mergeAuditShards(shards: readonly AuditResult[], order: readonly string[]): AuditResult {
  const [first] = shards;
  const rank = (id: string) => order.indexOf(id);
  const byRank = <T extends { id: string }>(items: T[]) => items.sort((a, b) => rank(a.id) - rank(b.id));
  const appFindings = new Map(shards.flatMap((shard) => shard.appFindings).map((finding) => [JSON.stringify(finding), finding]));
  return {
    ...first,
    appFindings: [...appFindings.values()],
    entries: byRank(shards.flatMap((shard) => shard.entries)),
    // What the placement ruled out is every shard's; what driving an entry ruled out, its shard's alone.
    notApplicable: [...new Map(shards.flatMap((shard) => shard.notApplicable).map((entry) => [entry.id, entry])).values()],
    notJudged: byRank(shards.flatMap((shard) => shard.notJudged)),
    reachedOut: sumReachedOut(shards.flatMap((shard) => shard.reachedOut ?? [])),
    testSeconds: Math.round(shards.reduce((sum, shard) => sum + shard.testSeconds, 0) * 10) / 10,
    shard: null,
  };
}

/** Why part of what was placed went unjudged, in one line; null when every placed entry was judged. */
export function incompleteness(result: AuditResult): string | null {
  if (result.notJudged.length === 0) return null;
  const placed = result.entries.length + result.notJudged.length;
  return `${result.notJudged.length} of ${placed} failures could not be judged, so the audit is incomplete: ${result.notJudged
    .slice(0, 2)
    .map((entry) => `${entry.id} (${entry.why})`)
    .join('; ')}${result.notJudged.length > 2 ? '; …' : ''}`;
}
