import type { ErrorEvent, EventHint } from '@sentry/core';

/** Tag that carries the digest shown on screen and printed in the server log. */
export const DIGEST_TAG = 'digest';

/**
 * Adds the Next.js digest of the original error to the event, so the screen finds the report. A
 * digest is any string: Next writes digits for most errors, other strings for some thrown values,
 * and an app may set its own.
 */
export function tagDigest(event: ErrorEvent, hint: EventHint): ErrorEvent {
  const digest = digestOf(hint);
  if (digest !== undefined && digest !== '') {
    event.tags = { ...event.tags, [DIGEST_TAG]: digest };
  }
  return event;
}

function digestOf(hint: EventHint): string | undefined {
  const digest = (hint.originalException as { digest?: unknown } | undefined)?.digest;
  return typeof digest === 'string' ? digest : undefined;
}

/**
 * Browser only: an error with a digest came from the server (a failed render or Server Action)
 * and the server already reported it with its real message; the browser holds a redacted copy.
 */
export function dropServerOriginated(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  return digestOf(hint) === undefined ? scrubPrivate(event) : null;
}

/** Headers that name the client's address; Sentry v11 forwards them (and infers user.ip_address). */
const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip', 'true-client-ip'];

/**
 * Removes what identifies the user and Sentry's own filters miss: the client IP, and the query
 * string that `contexts.nextjs.request_path` carries unfiltered (it may hold tokens).
 */
export function scrubPrivate(event: ErrorEvent): ErrorEvent {
  if (event.user) {
    const { ip_address: _ip, ...user } = event.user;
    event.user = user;
  }
  const headers = event.request?.headers;
  if (headers) for (const name of CLIENT_ADDRESS_HEADERS) delete headers[name];
  const nextjs = event.contexts?.nextjs as { request_path?: unknown } | undefined;
  if (nextjs && typeof nextjs.request_path === 'string') nextjs.request_path = nextjs.request_path.split('?')[0];
  return event;
}

/** Options both runtimes share; privacy first: no IP, no cookies, nothing personal by default. */
export const sharedOptions = {
  sendDefaultPii: false,
  tracesSampleRate: 0,
  beforeSend: (event: ErrorEvent, hint: EventHint) => scrubPrivate(tagDigest(event, hint)),
} as const;
