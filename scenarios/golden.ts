/**
 * The golden copy of the contract, on the checking side: the classic Next.js (15.2–16.1) failure
 * fallback's wording and the digest rule.
 *
 * Written out here once, by hand, and never imported from the app: every check, `repro` and the
 * mutants compare what the app shows and sends with these, so a changed character in the app's own
 * copy (`app/_fallback/sentence.ts`, `app/_sentry/options.ts`) fails every check that sees it.
 */
export type Variant = 'server' | 'client';

export const CLASSIC_SENTENCE: Record<Variant, (host: string) => string> = {
  server: (host) => `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`,
  client: (host) => `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`,
};

/** Starts the `<p>` under a server sentence; what follows it is the digest, any string. */
export const DIGEST_LINE_PREFIX = 'Digest: ';

/** What both sentences start with: how a driver sees that *some* fallback is shown. */
export const FALLBACK_HEADING_START = 'Application error: a ';

/**
 * The host the sentence names for a browser that loaded `url`: `window.location.hostname`, that is
 * no port, lower case, IDN as punycode, IPv6 in brackets (WHATWG URL parsing, in Node as in Chromium).
 */
export function expectedHost(url: string | URL): string {
  return new URL(url).hostname;
}

/**
 * The variant a fallback heading names, by the side it says the exception occurred on
 * (`Application error: a server-side exception…`); null for a heading that names neither. The
 * whole sentence is compared by the verdict: this only says which one the page meant.
 */
export function sideOf(heading: string): Variant | null {
  for (const variant of ['server', 'client'] as const) if (heading.startsWith(`${FALLBACK_HEADING_START}${variant}-side `)) return variant;
  return null;
}

/** What Next puts on the `<html>` of the error document it renders (its own global error among them). */
export const NEXT_ERROR_DOCUMENT_ID = '__next_error__';

/**
 * The digest a digest line shows: the whole rest of the line after the prefix, whatever string it
 * is (Next writes digits for most errors, `1164953051@E394` for some thrown values in 16.1, and an
 * app may set its own). Null when the line is not a digest line or shows nothing.
 */
export function digestOf(line: string | null): string | null {
  if (line === null || !line.startsWith(DIGEST_LINE_PREFIX)) return null;
  const digest = line.slice(DIGEST_LINE_PREFIX.length);
  return digest.trim() === '' ? null : digest;
}

/**
 * How React's production build replaces a Server Component error's message before it reaches the
 * browser (Next 15 and 16.1 also report this text instead of the thrown one for thrown non-Errors):
 * meant for the browser, so never a leak.
 */
export const REDACTED_MESSAGE_START = 'An error occurred in the Server Components render.';

/** The tag on a Sentry event that carries the digest shown on screen and printed in the server log. */
export const REPORT_DIGEST_TAG = 'digest';

/**
 * Every digest a production server log prints: `digest: '<digest>'` (Node's inspect of the error;
 * double quotes when the digest holds a single quote), any string.
 */
export function digestsInLog(log: string): string[] {
  return [...log.matchAll(/digest: (?:'([^'\n]*)'|"([^"\n]*)")/g)].map((match) => match[1] ?? match[2]);
}

/**
 * Next's own error page of the Pages Router (`next/error`, the default `_error`) for a server
 * failure: the status on a line of its own, then its title with a full stop.
 */
export const isNextPagesErrorScreen = (lines: readonly string[]): boolean =>
  /^5\d\d$/.test(lines[0] ?? '') && ['Internal Server Error.', 'An unexpected error has occurred.'].includes(lines[1] ?? '');

/** An HTTP error status a screen names: a line of its own (`404`), or said so (`Status Code: 404`, `Error 404`). */
export function statusNamed(lines: readonly string[]): number | null {
  for (const line of lines) {
    const named = /^([45]\d\d)$/.exec(line) ?? /\b(?:status(?: code)?|error)[:\s]+([45]\d\d)\b/i.exec(line);
    if (named) return Number(named[1]);
  }
  return null;
}

/** A Sentry event id a screen shows (32 hex digits): the reference a Pages Router app can give its users. */
export const eventIdShown = (lines: readonly string[]): string | null =>
  lines
    .join('\n')
    .match(/\b[0-9a-f]{32}\b/i)?.[0]
    .toLowerCase() ?? null;

/** The first line of Next's own error screen from 16.2 (its built-in global error and app error). */
export const NEXT_BUILTIN_HEADING = 'This page couldn’t load';

/**
 * What React's production client (19.3, in Next 16.4.5) names the browser's copy of a server
 * error: the code of the redacted message, not its words (`Error(formatProdErrorMessage(441))` in
 * react-server-dom-turbopack's client; it is what an app's global-error reports).
 */
export const REDACTED_MESSAGE_CODE = 'Minified React error #441;';

/**
 * What React reports in the browser when the server could not finish a Suspense boundary and it
 * renders that boundary in the browser instead (React's error #419; its development words, and its
 * production code): the server's failure seen from the browser, without its message. Under Cache
 * Components every request-time failure sits in such a boundary.
 */
export const SWITCHED_TO_CLIENT = ['The server could not finish this Suspense boundary', 'Minified React error #419;'] as const;

/** Whether an error's message is React's word that a boundary the server failed was rendered in the browser instead. */
export const isSwitchedToClient = (value: string): boolean => SWITCHED_TO_CLIENT.some((start) => value.startsWith(start));

/** Whether an error's message is the browser's redacted copy of a server error, in either form. */
export function isRedactedMessage(value: string): boolean {
  return value.startsWith(REDACTED_MESSAGE_START) || value.startsWith(REDACTED_MESSAGE_CODE);
}
