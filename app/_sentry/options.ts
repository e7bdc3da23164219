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

/**
 * The request headers a report keeps: what was asked for and by which kind of client, never who
 * asked. Every other header goes, whatever its name (a list of names to remove always misses one).
 * `x-faultline-test` is the harness's own marker, set by faultline's tests only.
 */
export const KEPT_HEADERS = new Set([
  'host',
  'user-agent',
  'accept',
  'accept-language',
  'accept-encoding',
  'content-type',
  'content-length',
  'referer',
  'rsc',
  'next-action',
  'x-faultline-test',
]);

/** A URL (or path) without its query string and fragment, where tokens, codes and addresses travel. */
function withoutQuery(url: unknown): unknown {
  return typeof url === 'string' ? url.split(/[?#]/)[0] : url;
}

/**
 * Keeps only what is known to be safe, in both runtimes: no query string and no fragment anywhere
 * (request, Next's request path, breadcrumbs), no cookie, no request body, only the headers above,
 * no client address.
 */
export function scrubPrivate(event: ErrorEvent): ErrorEvent {
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id };
  const request = event.request;
  if (request) {
    request.url = withoutQuery(request.url) as string | undefined;
    delete request.query_string;
    delete request.cookies;
    delete request.data;
    if (request.headers) {
      const kept = Object.entries(request.headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()));
      request.headers = Object.fromEntries(kept.map(([name, value]) => [name, name.toLowerCase() === 'referer' ? (withoutQuery(value) as string) : value]));
    }
  }
  const nextjs = event.contexts?.nextjs as { request_path?: unknown } | undefined;
  if (nextjs) nextjs.request_path = withoutQuery(nextjs.request_path);
  for (const breadcrumb of event.breadcrumbs ?? []) {
    const data = breadcrumb.data;
    if (data) for (const key of ['url', 'from', 'to']) if (key in data) data[key] = withoutQuery(data[key]);
  }
  return event;
}

/**
 * Options both runtimes share; privacy first: no IP, no cookies, nothing personal by default.
 * Errors only: no `tracesSampleRate`, which is how Sentry turns tracing off. Set to 0, both SDKs
 * would still make every span and, at each flush, send a client report of the transactions they dropped.
 */
export const sharedOptions = {
  sendDefaultPii: false,
  beforeSend: (event: ErrorEvent, hint: EventHint) => scrubPrivate(tagDigest(event, hint)),
} as const;
