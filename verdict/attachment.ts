import type { TestInfo } from '@playwright/test';
import type { AuditResult } from './audit';
import { describeDifference, type Verdict } from './verdict';

/** Names the catalogue entry a test checks: report rows are keyed by it, whatever the test's title. */
export const ENTRY_ANNOTATION = 'faultline-entry';

/** The attachment that carries a check's verdict to the reporter and report.json. */
const VERDICT_ATTACHMENT = 'faultline-verdict.json';

export function attachVerdict(testInfo: TestInfo, verdict: Verdict): Promise<void> {
  return testInfo.attach(VERDICT_ATTACHMENT, { body: JSON.stringify(verdict), contentType: 'application/json' });
}

/** The verdict a test attached, if it got that far. */
export function readVerdict(attachments: readonly { name: string; body?: Buffer }[]): Verdict | undefined {
  const body = attachments.find((attachment) => attachment.name === VERDICT_ATTACHMENT)?.body;
  return body ? (JSON.parse(body.toString('utf8')) as Verdict) : undefined;
}

/** The screen differences a reader wants named: what showed instead of the fallback or the text the entry pins. */
const SHOWN_INSTEAD = new Set(['fallback', 'heading', 'digest line', 'sees']);

/** The failure message of a verdict with differences: one line each, then what the user saw where the screen is not as pinned. */
export function verdictFailure(verdict: Verdict): string {
  const { differences, observed } = verdict;
  const shownInstead = differences.some(({ check, what }) => check === 'screen' && SHOWN_INSTEAD.has(what));
  return [
    `${verdict.entry}: ${differences.length} difference(s) (expected vs observed)`,
    ...differences.map(describeDifference),
    ...(shownInstead ? [`what the user saw: ${observed.screen.kind}`] : []),
  ].join('\n  ');
}

/** The attachment that carries an audited entry's record to the audit's reporter. */
const AUDIT_ENTRY_ATTACHMENT = 'faultline-audit-entry.json';

/** One audited entry as its check ends: judged (with the server reports it claimed, by key), or why it could not be (and what answered, when its route never did). */
export type AuditEntryRecord =
  { id: string; judged: AuditResult['entries'][number]; claimed: string[] } | { id: string; notJudged: string; unreached?: string };

export function attachAuditRecord(testInfo: TestInfo, record: AuditEntryRecord): Promise<void> {
  return testInfo.attach(AUDIT_ENTRY_ATTACHMENT, { body: JSON.stringify(record), contentType: 'application/json' });
}

/** The record an audit's check attached, if it got that far. */
export function readAuditRecord(attachments: readonly { name: string; body?: Buffer }[]): AuditEntryRecord | undefined {
  const body = attachments.find((attachment) => attachment.name === AUDIT_ENTRY_ATTACHMENT)?.body;
  return body ? (JSON.parse(body.toString('utf8')) as AuditEntryRecord) : undefined;
}
