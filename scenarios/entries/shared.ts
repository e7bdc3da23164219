import { REDACTED_MESSAGE_START } from '../../verdict/golden';

/** The secret-looking token in every thrown message: where a browser receives it, a message leaked. */
export const THROWN_SECRET = 'hunter2';

/**
 * The message each thrower throws, written out on the checking side: the app has its own copy
 * (`bundled/secret.ts`), and a report with another message is a deviation.
 */
export const thrownMessage = (id: string) => `${id}: db password ${THROWN_SECRET}`;

export const load = { kind: 'load' } as const;
export const serverFallback = { fallback: 'server', digest: true } as const;
export const clientFallback = { fallback: 'client', digest: false } as const;
export const noFallback = { fallback: 'none', digest: false } as const;

/** React's message in place of a Server Component error's own, in production builds. */
export const REDACTED = REDACTED_MESSAGE_START;
/** One event from the server SDK (onRequestError), tagged with the digest. */
export const fromServer = (value: string, digest = true) => ({ runtime: 'server', type: 'Error', value, digest }) as const;
/** One event from the browser SDK, which never sees a digest. */
export const fromBrowser = (value: string | { startsWith: string }, type = 'Error') => ({ runtime: 'browser', type, value, digest: false }) as const;

/**
 * The start of the pages router's own 500 page, which Next 15 answers with where 16 answers plain
 * text; its rest carries per-request trace ids and the build's id.
 */
export const pagesRouter500 = {
  startsWith:
    '<!DOCTYPE html><html><head><meta charSet="utf-8" data-next-head=""/><meta name="viewport" content="width=device-width" data-next-head=""/><title data-next-head="">500: Internal Server Error</title>',
} as const;
