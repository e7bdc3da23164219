import type { AuditCheck, Finding } from './finding';

/** What of an audit a baseline reads: its findings, app-wide and by entry. */
interface Audited {
  appFindings: Finding[];
  entries: { id: string; findings: Finding[] }[];
}

/**
 * A team's accepted findings (`faultline-baseline.json`), and an audit read against them: what is
 * new, what is accepted, what was fixed since. A finding is known by its check, its kind (what is
 * wrong, its counts and digits left out: "reported 2 times" and "3 times" are one kind) and its
 * entry, so that the same finding has the same key from run to run.
 */

/** Where an app-wide finding (reports no entry claims, no reporting at all) is held. */
export const WHOLE_APP = 'the whole app';

export interface BaselineFinding {
  check: AuditCheck;
  entry: string;
  kind: string;
}

export interface Baseline {
  version: 1;
  findings: BaselineFinding[];
}

/** A finding's kind: its words with every number made `N`, so that counts and digests never make a new finding. */
export const kindOf = (finding: Pick<Finding, 'what'>) => finding.what.replace(/\d+/g, 'N');

/** The key of a finding of `entry` in a baseline. */
export const findingKey = ({ check, entry, kind }: BaselineFinding) => JSON.stringify([check, entry, kind]);

/** Every finding of an audit, each with its entry (app-wide ones `WHOLE_APP`). */
export function findingsOf(result: Audited): (Finding & { entry: string })[] {
  return [
    ...result.appFindings.map((finding) => ({ ...finding, entry: WHOLE_APP })),
    ...result.entries.flatMap((entry) => entry.findings.map((finding) => ({ ...finding, entry: entry.id }))),
  ];
}

/** The baseline that accepts every finding of `result`, in a stable order (one line per finding changes in a diff). */
export function baselineOf(result: Audited): Baseline {
  const keyed = new Map(findingsOf(result).map((finding) => [findingKey({ ...finding, kind: kindOf(finding) }), finding]));
  const findings = [...keyed.values()].map(({ check, entry, what }) => ({ check, entry, kind: kindOf({ what }) }));
  findings.sort((a, b) => findingKey(a).localeCompare(findingKey(b)));
  return { version: 1, findings };
}

/** What an audit says against a baseline: the counts, and the accepted findings no longer found (of entries it judged). */
export interface BaselineComparison {
  /** The baseline file, as the outputs name it. */
  file: string;
  new: number;
  accepted: number;
  fixed: BaselineFinding[];
}

/** What an audit judged of the app besides its entries: the whole app only when it ran every entry (no `--scenario`, no `--shard`), since a report no failure claims may come from any of them. */
export interface Judged {
  wholeApp: boolean;
}

const judgedBy = (result: Audited, { wholeApp }: Judged) => new Set([...(wholeApp ? [WHOLE_APP] : []), ...result.entries.map((entry) => entry.id)]);

/** The baseline that accepts every finding of `result`, keeping what `previous` accepted of what this audit did not judge. */
export function updatedBaseline(previous: Baseline | null, result: Audited, judged: Judged): Baseline {
  const now = judgedBy(result, judged);
  const kept = new Map(
    [...(previous?.findings ?? []).filter((finding) => !now.has(finding.entry)), ...baselineOf(result).findings].map((finding) => [
      findingKey(finding),
      finding,
    ]),
  );
  return { version: 1, findings: [...kept.values()].sort((a, b) => findingKey(a).localeCompare(findingKey(b))) };
}

/**
 * `result` read against `baseline`: each finding marked `new` or `accepted`; the baseline's
 * findings of entries this audit judged (and of the whole app, when it judged it) that it no
 * longer found, fixed. An entry not judged this time (another `--scenario`, another shard) keeps
 * its findings accepted.
 */
export function compareWithBaseline<R extends Audited>(
  result: R,
  baseline: Baseline,
  file: string,
  judgedApp: Judged,
): { result: R; comparison: BaselineComparison } {
  const accepted = new Set(baseline.findings.map(findingKey));
  const mark = <F extends Finding>(finding: F, entry: string): F & { baseline: 'new' | 'accepted' } => ({
    ...finding,
    baseline: accepted.has(findingKey({ check: finding.check, entry, kind: kindOf(finding) })) ? 'accepted' : 'new',
  });
  const marked: R = {
    ...result,
    appFindings: result.appFindings.map((finding) => mark(finding, WHOLE_APP)),
    entries: result.entries.map((entry) => ({ ...entry, findings: entry.findings.map((finding) => mark(finding, entry.id)) })),
  };
  const found = new Set(findingsOf(result).map((finding) => findingKey({ ...finding, kind: kindOf(finding) })));
  const judged = judgedBy(result, judgedApp);
  const all = findingsOf(marked);
  return {
    result: marked,
    comparison: {
      file,
      new: all.filter((finding) => finding.baseline === 'new').length,
      accepted: all.filter((finding) => finding.baseline === 'accepted').length,
      fixed: baseline.findings.filter((finding) => judged.has(finding.entry) && !found.has(findingKey(finding))),
    },
  };
}

/** The baseline without the findings fixed since (`--prune-baseline`). */
export const prunedBaseline = (baseline: Baseline, comparison: BaselineComparison): Baseline => {
  const fixed = new Set(comparison.fixed.map(findingKey));
  return { version: 1, findings: baseline.findings.filter((finding) => !fixed.has(findingKey(finding))) };
};
