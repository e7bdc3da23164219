import type { ErrorEvent, Exception } from '@sentry/core';
import { REPORT_DIGEST_TAG } from '../scenarios/golden';

/**
 * What an error event says, read one way for both targets (a run's summaries, an audit's verdict
 * and outputs). The app's server keeps its own reading (`app-server/store.ts`): it imports
 * nothing of the checking side.
 */

/** The exception a report is about: the last of its values (Sentry lists a thrown error's causes before it). */
export const thrownOf = (event: ErrorEvent): Exception | undefined => event.exception?.values?.at(-1);

/** What a report says happened: its thrown error's message, or its own message (a captured message); null: neither. */
export const whatItSays = (event: ErrorEvent): string | null => thrownOf(event)?.value ?? (typeof event.message === 'string' ? event.message : null);

/** The digest tag the app put on a report (Next's digest of the failure), or null. */
export function digestTagOf(event: ErrorEvent): string | null {
  const tag = event.tags?.[REPORT_DIGEST_TAG];
  return typeof tag === 'string' ? tag : null;
}

/** What a report says, in brief: one model for a run's summaries and an audit's reports, each adding who sent it. */
export interface EventInBrief {
  /** Its thrown error's type; null: nothing was thrown (a captured message). */
  type: string | null;
  /** What it says happened (`whatItSays`). */
  value: string | null;
  /** Whether the SDK marked it handled; null: it does not say. */
  handled: boolean | null;
  /** How the SDK caught it (`auto.function.nextjs.on_request_error`, say); null: it does not say. */
  mechanism: string | null;
  /** The digest tag, any string, or null. */
  digest: string | null;
}

export function eventInBrief(event: ErrorEvent): EventInBrief {
  const thrown = thrownOf(event);
  return {
    type: thrown?.type ?? null,
    value: whatItSays(event),
    handled: thrown?.mechanism?.handled ?? null,
    mechanism: thrown?.mechanism?.type ?? null,
    digest: digestTagOf(event),
  };
}

/**
 * A report in one line, as every output shows it (repro, the matrices' pages): where it came from,
 * what was thrown (`message` for a captured message), what it says, then how the SDK caught it and
 * its digest tag, each only where the event says.
 */
export function reportInOneLine(
  report: { runtime: string } & Pick<EventInBrief, 'type' | 'value'> & Partial<Pick<EventInBrief, 'handled' | 'digest'>>,
): string {
  const how = [report.handled === true ? 'handled' : report.handled === false ? 'unhandled' : null, report.digest ? `digest ${report.digest}` : null];
  const said = how.filter((part) => part !== null);
  return `${report.runtime} ${report.type ?? 'message'}: ${report.value}${said.length > 0 ? ` (${said.join(', ')})` : ''}`;
}

/** A report's value without what each build names its own way (chunk file names, module ids) and numbers: the same report of any build reads the same. */
export const unhashed = (value: string | null) => (value ?? '').replace(/\b(?=[0-9a-z_-]*\d)[0-9a-z_-]{8,}\b/gi, '…').replace(/\d+/g, 'N');
