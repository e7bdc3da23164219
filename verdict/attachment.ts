import type { TestInfo } from '@playwright/test';
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

/** The failure message of a verdict with differences: one line each. */
export function verdictFailure(verdict: Verdict): string {
  return [`${verdict.entry}: ${verdict.differences.length} difference(s) (expected vs observed)`, ...verdict.differences.map(describeDifference)].join('\n  ');
}
