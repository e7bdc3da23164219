import type { ErrorEvent } from '@sentry/core';
import type { Build } from '../../source-maps/chunks';
import { sentryStack } from '../../source-maps/frames';
import { codeRuntime, judgeSource, type Reporter, type Runtime, type SourceFinding, type SourceJudgement, type SourceSetup } from './judge';
import { resolveStack, type Resolution } from '../../source-maps/resolve';

/**
 * "Traceable to source" as an audit entry's check: each of its reports, from every runtime (Node.js,
 * the Edge runtime, the browser), its top frame of the app's code resolved through the build's own
 * maps as its reporter resolves it, and judged against the line where faultline placed the entry's
 * thrower (its file and line; the function's name is not judged here).
 */

/** What the check says of one report. */
export type TraceableResult =
  'ok' | 'resolved to a wrong place' | 'map missing' | 'upload not seen' | 'no debug ID' | 'map served to anyone' | 'no stack' | 'not judged';

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
  runtime: Runtime;
  reporter?: string;
  event: ErrorEvent;
}

/**
 * The reporters whose reports are judged, by the name the audit keeps them under (Sentry's
 * unnamed): those whose frames the audit's ingest keeps, in a Sentry event's shape (PostHog's
 * `chunk_id` as its `debug_meta`, OpenTelemetry's `exception.stacktrace` as frames), so one reader
 * reads them all.
 */
const JUDGED: Record<string, Reporter> = { Sentry: 'Sentry', PostHog: 'PostHog', OpenTelemetry: 'OpenTelemetry' };

/** The result a judgement comes to: the worst of what it found, in this order. */
const BY_FINDING: [SourceFinding['kind'][], TraceableResult][] = [
  [['wrong place'], 'resolved to a wrong place'],
  [['no map'], 'map missing'],
  // Deleted after an upload step that uploaded nothing here: whether the team's CI uploads them first is not seen.
  [['maps deleted'], 'upload not seen'],
  [['no debug ID'], 'no debug ID'],
  [['map served'], 'map served to anyone'],
];

/** What one finding of a judgement is said as: the result its kind gives, or its kind where it gives none (`names lost`). */
export const resultOfKind = (kind: SourceFinding['kind']): string => BY_FINDING.find(([kinds]) => kinds.includes(kind))?.[1] ?? kind;

/** What a report without frames of its own is said to be: it has no stack, which is no failure to resolve one. */
const hasNoStack = (resolution: Resolution) => 'none' in resolution && resolution.none !== 'no app frame';

/** A judgement said as the check's result, with the fix of its worst finding. */
function resultOf(judged: SourceJudgement, resolution: Resolution): Pick<TraceableToSource, 'result' | 'fix' | 'at' | 'findings'> {
  const findings = judged.findings.map(({ kind, cause, fix, at }) => ({ kind, cause, fix, at }));
  const cause = BY_FINDING.flatMap(([kinds, result]) => {
    const found = findings.find((finding) => kinds.includes(finding.kind));
    return found ? [{ result, found }] : [];
  })[0];
  if (cause) return { result: cause.result, fix: cause.found.fix, at: cause.found.at, findings };
  return { result: judged.traced ? 'ok' : hasNoStack(resolution) ? 'no stack' : 'not judged', findings };
}

/** Where the report's top frame ran, as the result is said: an Edge chunk's frame is the Edge runtime's, whichever SDK sent it. */
function ranIn(reported: Runtime, resolution: Resolution): Runtime {
  if ('resolved' in resolution) return codeRuntime(reported, resolution.resolved.chunk, resolution.resolved.source);
  if ('unresolved' in resolution) return codeRuntime(reported, resolution.unresolved.chunk);
  return reported;
}

/** One report of `entry` resolved through `build` and judged against `thrower`. */
function traceOne(entry: string, thrower: { file: string; line: number }, report: KeptReport, build: Build, setup: SourceSetup): TraceableToSource[] {
  const reporter = JUDGED[report.reporter ?? 'Sentry'];
  if (!reporter) return [];
  let resolution: Resolution;
  try {
    resolution = resolveStack(build, sentryStack(report.event));
  } catch (error) {
    // A map the library cannot read (cut short, not JSON) is said, never the audit's end.
    const seen = `the build's files could not be read: ${error instanceof Error ? error.message : String(error)}`;
    return [{ runtime: report.runtime, reporter, result: 'not judged', seen, findings: [] }];
  }
  const runtime = ranIn(report.runtime, resolution);
  const judgement = judgeSource({ ...thrower, function: null }, { entry, runtime, reporter, resolution }, setup);
  return [{ runtime, reporter, seen: judgement.seen, ...resultOf(judgement, resolution) }];
}

/** Each report of `entry` whose reporter is judged, from whatever runtime sent it, against where its error is made (`thrower`). */
export function traceableToSource(
  entry: string,
  thrower: { file: string; line: number },
  reports: readonly KeptReport[],
  build: Build,
  setup: SourceSetup,
): TraceableToSource[] {
  return reports.flatMap((report) => traceOne(entry, thrower, report, build, setup));
}
