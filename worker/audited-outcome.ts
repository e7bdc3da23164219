import type { AuditEntryRecord } from '../verdict/attachment';

/**
 * What an audited entry's check can come to short of a judgement, the same for every kind of
 * entry: not judged (it could not be checked in this app: the audit is incomplete), or not
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
