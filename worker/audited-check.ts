import type { TestInfo } from '@playwright/test';
import { reportAbort } from '../harness/abort';
import { CannotRun } from '../harness/failures';
import { recordAuditEntry, type AuditEntryRecord } from '../verdict/attachment';
import type { AuditCheck, AuditedSession } from './audited-session';

/**
 * One audited entry's check, the same for every kind of entry: begun on the session, run by its
 * kind, and its record attached for the reporter. Short of a judgement it comes to one of two
 * outcomes: not judged (it could not be checked in this app: the audit is incomplete), or not
 * applicable (the app's own shape rules it out, found only by checking it: the audit stays
 * complete). Each kind says which of its reasons is which; the record is written one way.
 */

/** Why an entry could not be checked in this app (its page never loaded, its control could not be clicked, its server never settled). */
export class NotJudged extends Error {
  override name = 'NotJudged';
  /** What answered instead, when its route never did (a wall of the app's): said of the app as a whole when every entry meets one. */
  readonly unreached: string | null;
  constructor(message: string, unreached: string | null = null) {
    super(message);
    this.unreached = unreached;
  }
}

/** What the app's own shape rules out, found only by checking the entry (its navigation asks for no payload to fail, a route that answers as a wall). */
export class RuledOut extends Error {
  override name = 'RuledOut';
}

/** Whether `error` is an entry's outcome rather than a failure of faultline's or of Playwright's. */
export const isOutcome = (error: unknown): error is NotJudged | RuledOut => error instanceof NotJudged || error instanceof RuledOut;

/** The record of an entry its check could not judge: not applicable, with the reason, or not judged (and what answered instead). */
export function outcomeRecord(id: string, error: NotJudged | RuledOut): AuditEntryRecord {
  if (error instanceof RuledOut) return { id, notApplicable: error.message };
  return { id, notJudged: error.message, ...(error.unreached !== null && { unreached: error.unreached }) };
}

/**
 * Checks one entry of the audited app: `run` is its kind's check, which returns the entry's
 * record. A part of faultline's that failed on the way (the audit's flush route) stops the audit
 * naming it, with the entry, never an entry's record; an outcome short of a judgement is recorded
 * as one while the browser is up (a browser that died is the worker fixture's to say); anything
 * else fails the test, Playwright's to report.
 */
export async function checkAuditedEntry(
  session: Pick<AuditedSession, 'begin' | 'browser'>,
  id: string,
  testInfo: TestInfo,
  run: (check: AuditCheck) => Promise<AuditEntryRecord>,
): Promise<void> {
  const check = await session.begin(id);
  let record: AuditEntryRecord;
  try {
    record = await run(check);
  } catch (error) {
    if (error instanceof CannotRun) reportAbort(`${error.message} (${id})`, { part: error.part });
    if (!isOutcome(error) || !session.browser.isConnected()) throw error;
    record = outcomeRecord(id, error);
  }
  await recordAuditEntry(testInfo, record);
}
