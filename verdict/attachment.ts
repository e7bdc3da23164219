import type { TestInfo } from '@playwright/test';
import type { Scenario } from '../scenarios/schema';
import type { AuditResult } from './audit-result';
import { describeDifference, type Verdict } from './verdict';

/** Names the catalogue entry a test checks: report rows are keyed by it, whatever the test's title. */
export const ENTRY_ANNOTATION = 'faultline-entry';

/** A catalogue entry's test details, for a run's check and an audit's alike: its id (the row's key) and its title. */
export function entryDetails(scenario: Pick<Scenario, 'id' | 'title'>) {
  return {
    annotation: [
      { type: ENTRY_ANNOTATION, description: scenario.id },
      { type: 'title', description: scenario.title },
    ],
  };
}

/**
 * A check's result carried from its test to the reporter: attached as JSON by the worker, read back
 * from the test's result in the runner's process. One way for both targets' results.
 */
function jsonAttachment<T>(name: string) {
  return {
    /** The attachment's name: what a reporter told to hand it on looks for. */
    name,
    attach: (testInfo: TestInfo, value: T): Promise<void> => testInfo.attach(name, { body: JSON.stringify(value), contentType: 'application/json' }),
    /** What the test attached, if it got that far. */
    read(attachments: readonly { name: string; body?: Buffer }[]): T | undefined {
      const body = attachments.find((attachment) => attachment.name === name)?.body;
      return body ? (JSON.parse(body.toString('utf8')) as T) : undefined;
    },
  };
}

/** A run's check: its verdict, for the reporter and report.json. */
export const verdictAttachment = jsonAttachment<Verdict>('faultline-verdict.json');

/** The screen differences a reader wants named: what showed instead of the fallback or the text the entry pins. */
const SHOWN_INSTEAD = new Set(['fallback', 'heading', 'digest line', 'sees']);

/** The failure message of a verdict with differences: one line each, what the user saw where the screen is not as pinned, the fix and its replay. */
export function verdictFailure(verdict: Verdict): string {
  const { differences, observed } = verdict;
  const shownInstead = differences.some(({ check, what }) => check === 'screen' && SHOWN_INSTEAD.has(what));
  return [
    `${verdict.entry}: ${differences.length} difference(s) (expected vs observed)`,
    ...differences.map(describeDifference),
    ...(shownInstead ? [`what the user saw: ${observed.screen.kind}`] : []),
    ...(verdict.fix ? [`fix: ${verdict.fix}`] : []),
    ...(verdict.replay ? [`replay: ${verdict.replay}`] : []),
  ].join('\n  ');
}

/**
 * One audited entry as its check ends: judged (with the server reports it claimed, by key), or why
 * it could not be (and what answered, when its route never did). `observed`: what its kind judged
 * it from, for its kind to judge it again with a report that comes after its check.
 */
export type AuditEntryRecord<Observed = unknown> =
  | { id: string; judged: AuditResult['entries'][number]; claimed: string[]; observed: Observed }
  | { id: string; notJudged: string; unreached?: string }
  /** Ruled out by the app's own shape, found while driving it. */
  | { id: string; notApplicable: string };

/** An audit's check: its entry's record, for the audit's reporter. */
export const auditRecordAttachment = jsonAttachment<AuditEntryRecord>('faultline-audit-entry.json');

/** What Playwright's report says of an audited entry, read from its record: each finding with its fix; why it was not judged, or does not apply. */
export function recordAnnotations(record: AuditEntryRecord): { type: string; description: string }[] {
  if ('notJudged' in record) return [{ type: 'not judged', description: record.notJudged }];
  if ('notApplicable' in record) return [{ type: 'not applicable', description: record.notApplicable }];
  return record.judged.findings.map(({ check, what, fix }) => ({ type: 'finding', description: `${check}: ${what}${fix ? ` (fix: ${fix})` : ''}` }));
}

/**
 * An audited entry's record handed to the reporter as its check ends, for every kind of entry
 * alike: said in Playwright's report (`recordAnnotations`), and attached for the events reporter.
 */
export async function recordAuditEntry(testInfo: TestInfo, record: AuditEntryRecord): Promise<void> {
  testInfo.annotations.push(...recordAnnotations(record));
  await auditRecordAttachment.attach(testInfo, record);
}
