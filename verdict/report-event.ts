import type { ErrorEvent, Exception } from '@sentry/core';
import { REPORT_DIGEST_TAG } from './golden';

/**
 * What an error event says, read one way for both targets (a run's summaries, an audit's verdict
 * and outputs). The app's server keeps its own reading (`fixtures/server/store.ts`): it imports
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
