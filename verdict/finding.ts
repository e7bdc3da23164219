/**
 * What an audit finds, check by check: the model every output of an audit (its table, JUnit,
 * SARIF, `audit.html`) and the team's baseline and levels read.
 */

/** The checks an audit makes of every entry, in the order its outputs show them. */
export const AUDIT_CHECKS = ['screen', 'reported once', 'traceable', 'no leak', 'privacy', 'framework', 'source'] as const;
export type AuditCheck = (typeof AUDIT_CHECKS)[number];

export interface Finding {
  check: AuditCheck;
  /** What is wrong, in a line. */
  what: string;
  /** The one-line fix, where there is one. */
  fix?: string;
  /** Where in the app's files its fix goes (`next.config.ts:9`), where faultline read the line that causes it. */
  at?: string;
  /** What was observed that shows it (a digest, the fields), where the words above leave it out so that entries share a finding. */
  evidence?: string;
  /** Against the team's baseline (`--baseline`): a finding it does not hold, or one it accepts. */
  baseline?: 'new' | 'accepted';
  /** Its check set to `warn` in the team's config: said, failing nothing. */
  level?: 'warn';
}
