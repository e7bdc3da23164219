import type { ErrorEvent } from '@sentry/core';
import type { Build } from './build';
import { sentryStack } from './frames';
import { judgeSource, type Reporter, type Runtime, type SourceFinding, type SourceSetup } from './judge';
import { resolveStack } from './resolve';

/**
 * "Traceable to source" as an audit entry's check: each of its Node.js reports from Sentry, its
 * top frame of the app's code resolved through the build's own maps as Sentry resolves it, and
 * judged against the line where faultline placed the entry's thrower (its file and line; the
 * function's name is not judged here). The other runtimes and reporters are not wired yet (issue #86).
 */

/** What the check says of one report. */
export type TraceableResult = 'ok' | 'resolved to a wrong place' | 'map missing' | 'no debug ID' | 'not judged';

export interface TraceableToSource {
  runtime: Runtime;
  reporter: Reporter;
  result: TraceableResult;
  /** The resolved frame beside the raw one, or why there is none. */
  seen: string;
  /** The fix of what made it other than ok, from the app's files, and where it goes (null: no line of the app's). */
  fix?: string;
  at?: string | null;
  /** Everything the judgement found, the result's cause first among them. */
  findings: Pick<SourceFinding, 'kind' | 'cause' | 'fix' | 'at'>[];
}

/** A report as the audit keeps it: who sent it and the event whole. */
export interface KeptReport {
  runtime: 'node' | 'edge' | 'browser';
  reporter?: string;
  event: ErrorEvent;
}

/** The result a judgement comes to: the worst of what it found, in this order. */
const BY_FINDING: [SourceFinding['kind'][], TraceableResult][] = [
  [['wrong place'], 'resolved to a wrong place'],
  [['no map', 'maps deleted'], 'map missing'],
  [['no debug ID'], 'no debug ID'],
];

/** Each Node.js report from Sentry of `entry`, judged against where its error is made (`thrower`). */
export function traceableToSource(
  entry: string,
  thrower: { file: string; line: number },
  reports: readonly KeptReport[],
  build: Build,
  setup: SourceSetup,
): TraceableToSource[] {
  return reports
    .filter((report) => report.runtime === 'node' && report.reporter === undefined)
    .map((report): TraceableToSource => {
      let resolution: ReturnType<typeof resolveStack>;
      try {
        resolution = resolveStack(build, sentryStack(report.event));
      } catch (error) {
        // A map the library cannot read (cut short, not JSON) is said, never the audit's end.
        const seen = `the build's files could not be read: ${error instanceof Error ? error.message : String(error)}`;
        return { runtime: 'node', reporter: 'Sentry', result: 'not judged', seen, findings: [] };
      }
      const judged = judgeSource({ ...thrower, function: null }, { entry, runtime: 'node', reporter: 'Sentry', resolution }, setup);
      const findings = judged.findings.map(({ kind, cause, fix, at }) => ({ kind, cause, fix, at }));
      const cause = BY_FINDING.flatMap(([kinds, result]) => {
        const found = findings.find((finding) => kinds.includes(finding.kind));
        return found ? [{ result, found }] : [];
      })[0];
      const base = { runtime: 'node' as const, reporter: 'Sentry' as const, seen: judged.seen };
      if (cause) return { ...base, result: cause.result, fix: cause.found.fix, at: cause.found.at, findings };
      return { ...base, result: judged.traced ? 'ok' : 'not judged', findings };
    });
}
