import { AUDIT_CHECKS, type AuditCheck, type Finding } from './finding';

/** How much a check's findings count, as a team's config sets it: `error` (the default), `warn` (said, failing nothing), `off` (not judged). */
export type CheckLevel = 'error' | 'warn' | 'off';

/**
 * Each check's level where the team's config does not set one: `error`, but `source` at `warn`.
 * Its findings read a build faultline made without the team's upload step, whose maps and debug IDs
 * are the bundler's and the reporter plugin's doing more than the app's failure behaviour; a team
 * makes it fail the audit with `checks: { source: 'error' }`.
 */
export const DEFAULT_LEVELS: Record<AuditCheck, CheckLevel> = {
  ...(Object.fromEntries(AUDIT_CHECKS.map((check) => [check, 'error'])) as Record<AuditCheck, CheckLevel>),
  source: 'warn',
};

interface Audited {
  appFindings: Finding[];
  entries: { findings: Finding[]; checks: Record<string, string> }[];
}

/**
 * An audit with the team's levels applied: a check `off` is not judged (its findings gone, its state
 * says why), a check at `warn` keeps its findings, marked, so that they are said and fail nothing.
 */
export function withLevels<R extends Audited>(result: R, levels: Partial<Record<AuditCheck, CheckLevel>>, file: string): R {
  const kept = (finding: Finding) => levels[finding.check] !== 'off';
  const marked = (finding: Finding): Finding => (levels[finding.check] === 'warn' ? { ...finding, level: 'warn' } : finding);
  const off = Object.entries(levels).flatMap(([check, level]) => (level === 'off' ? [check] : []));
  return {
    ...result,
    appFindings: result.appFindings.filter(kept).map(marked),
    entries: result.entries.map((entry) => ({
      ...entry,
      findings: entry.findings.filter(kept).map(marked),
      checks: { ...entry.checks, ...Object.fromEntries(off.map((check) => [check, `off in ${file}`])) },
    })),
  };
}

/** The findings that fail an audit: not at `warn`, and against a baseline only those it does not accept. */
export function failingFindings(result: Audited & { baseline?: unknown }): Finding[] {
  return [...result.appFindings, ...result.entries.flatMap((entry) => entry.findings)].filter(
    (finding) => finding.level !== 'warn' && (result.baseline === undefined || finding.baseline === 'new'),
  );
}
