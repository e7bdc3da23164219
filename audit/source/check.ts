import type { AuditEntryRecord } from '../../verdict/attachment';
import type { Finding } from '../../verdict/finding';
import type { Build } from '../../source-maps/chunks';
import type { SourceFindingKind, SourceSetup } from './judge';
import { resultOfKind, traceableToSource, type KeptReport, type TraceableResult, type TraceableToSource } from './traceable';

/**
 * The `source` check, run over every judged entry whatever its kind: each report its record kept,
 * from every runtime, traced through the build's maps to where the entry's kind says its error is
 * made (issue #86). A cause in the app's files is a finding, located at the config line that
 * causes it; what the build here cannot show (an upload the team's CI makes) is said as not seen.
 */

/** What a kind tells of an entry it planned: where its error is made, when it placed the thrower itself. */
export interface PlannedThrower {
  id: string;
  thrower?: { file: string; line: number };
}

/** Kinds of what the judgement found that depend on a step of the team's CI the build here does not make: said, never a finding. */
const NOT_SEEN: readonly SourceFindingKind[] = ['maps deleted'];

const SIDE: Record<TraceableToSource['runtime'], string> = { node: "the server's", edge: "the Edge runtime's", browser: "the browser's" };

/** What an entry's reports came to, in the words of its check's column: a finding, ok, or why neither. */
function stateOf(traced: readonly TraceableToSource[], findings: readonly Finding[]): string {
  if (findings.length > 0) return 'finding';
  const results = new Set<TraceableResult>(traced.map((one) => one.result));
  if (results.has('upload not seen')) return "not seen: whether the maps its reports need are uploaded before they are deleted, a step of the team's CI";
  if (results.has('ok')) return 'ok';
  if (results.has('not judged')) return `not judged: ${traced.find((one) => one.result === 'not judged')!.seen}`;
  return 'no stack: its reports carry no frames to resolve';
}

/** Each judgement's findings as the audit's, one per cause: what its kind comes to and where it was seen before the cause, so that entries share it. */
export function findingsOf(traced: readonly TraceableToSource[]): Finding[] {
  return traced.flatMap((one) =>
    one.findings
      .filter((found) => !NOT_SEEN.includes(found.kind))
      .map((found) => ({
        check: 'source' as const,
        what: `${resultOfKind(found.kind)} (${SIDE[one.runtime]} reports, ${one.reporter}): ${found.cause}`,
        fix: found.fix,
        ...(found.at && { at: found.at }),
        evidence: one.seen,
      })),
  );
}

/** The line said once for the whole audit where some report's maps were deleted by an upload step that could upload nothing here. */
const uploadUnseen = (traced: readonly TraceableToSource[]) =>
  [...new Set(traced.filter((one) => one.result === 'upload not seen').map((one) => SIDE[one.runtime]))].map(
    (side) =>
      `whether ${side} maps are uploaded before Sentry's plugin deletes them: the build here uploads nothing (nothing leaves this machine) ` +
      `and deleted them; the reports that need them were not traced to source`,
  );

/** Every judged entry with its `source` check, its reports traced where its kind told the thrower's line, and what could not be seen. */
export function sourceCheck<E extends { id: string; checks: Record<string, string>; findings: Finding[] }>(
  entries: readonly E[],
  records: ReadonlyMap<string, AuditEntryRecord>,
  planned: readonly PlannedThrower[],
  build: Build,
  setup: SourceSetup,
): { entries: (E & { traceableToSource?: TraceableToSource[] })[]; unseen: string[] } {
  const throwers = new Map(planned.flatMap((entry) => (entry.thrower ? [[entry.id, entry.thrower] as const] : [])));
  const checked = entries.map((entry): E & { traceableToSource?: TraceableToSource[] } => {
    const thrower = throwers.get(entry.id);
    if (!thrower) return { ...entry, checks: { ...entry.checks, source: 'not traced: faultline does not know the line its error is made on' } };
    const record = records.get(entry.id);
    const reports = record && 'judged' in record ? ((record.observed as { reports?: KeptReport[] }).reports ?? []) : [];
    const traced = traceableToSource(entry.id, thrower, reports, build, setup);
    if (traced.length === 0) return { ...entry, checks: { ...entry.checks, source: 'not traced: no report of a reporter whose frames faultline reads' } };
    const findings = findingsOf(traced);
    return { ...entry, checks: { ...entry.checks, source: stateOf(traced, findings) }, findings: [...entry.findings, ...findings], traceableToSource: traced };
  });
  return { entries: checked, unseen: [...new Set(uploadUnseen(checked.flatMap((entry) => entry.traceableToSource ?? [])))] };
}
