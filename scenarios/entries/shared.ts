import { REDACTED_MESSAGE_START } from '../golden';

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
 * The start of the app's own `pages/_error` page as a response body (16.4.5): its title is the
 * fallback's. Next answers a failure that no App Router boundary renders (the proxy's, an Edge
 * route's) with it, once the app has a `pages/` folder; its rest carries per-request trace ids and
 * the build's chunks.
 */
export const pagesErrorDocument = {
  startsWith:
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8" data-next-head=""/><meta name="viewport" ' +
    'content="width=device-width" data-next-head=""/><title data-next-head="">Application error</title>',
} as const;

/**
 * Under Cache Components a page's request-time part streams inside `<Suspense>` after its
 * prerendered shell, so the status is sent (200) before that part fails: observed on 16.4.5 for
 * every failure the catalogue places there, the screen and the reports otherwise unchanged.
 */
export const shellStreamedFirst = {
  configuration: 'cache-components',
  expect: { status: 200 },
  note: "Observed on 16.4.5: the prerendered shell went out with 200 before the page's request-time part failed inside <Suspense>; the same screen and reports as without Cache Components.",
} as const;

/**
 * Under Cache Components a routing signal thrown in a streamed part cannot change the status any
 * more: the shell was sent with 200 (vercel/next.js#98518, #54374), and the page shows Next's screen
 * for the signal all the same.
 */
export const signalAfterTheShell = {
  configuration: 'cache-components',
  expect: { status: 200 },
  note:
    'Observed on 16.4.5: the signal was thrown in the request-time part, after the shell went out with 200, so the ' +
    "status stays 200 (vercel/next.js#98518, #54374) while the screen is Next's screen for the signal.",
} as const;

/**
 * Under Cache Components a `redirect()` thrown in a streamed part cannot answer with a redirect any
 * more: the shell went out with 200, so the redirect is made in the page, and the user lands where
 * it points all the same.
 */
export const redirectAfterTheShell = {
  configuration: 'cache-components',
  expect: { redirectStatus: null },
  note:
    'Observed on 16.4.5: the redirect was thrown in the request-time part, after the shell went out with 200 (vercel/next.js#98518, #54374): ' +
    'no HTTP redirect, the page itself goes to the target.',
} as const;

/** An entry whose route carries segment config that Next refuses under Cache Components: not in that build. */
export const refusedSegmentConfig = (config: string) =>
  ({
    configuration: 'cache-components',
    why: `its route sets \`${config}\` (route segment config), which Next refuses under Cache Components ("is not compatible with \`nextConfig.cacheComponents\`")`,
  }) as const;

/**
 * Where the server's report of an entry resolves through the build's own maps (`source`, checked by
 * a run: docs/source-maps.md, "The reference run's pins"): the reference app's file, as the map
 * names its source, and the line of the `throw` (of the `new Error` a rejection carries), as
 * resolved from real reports of the reference app's build (next 16.5.0, Turbopack; the same with and
 * without Cache Components). The function is null in every pin: the name is not pinned. The maps
 * restore a name for some throwers (an action, a property's arrow such as `aggregate`, `robots`)
 * and none for others (`ThrowingServerComponent`, minified `d`): the bundler's doing, which a pin of
 * the name would hold to; a pin that names one is judged on it.
 * The browser's reports are pinned nowhere: the build writes no browser maps.
 */
export const thrownAt = (file: string, line: number) => ({ server: { file, line, function: null } }) as const;

/** `ThrowingServerComponent` (bundled/server.tsx): the thrower of most Server Component entries. */
export const inThrowingServerComponent = thrownAt('bundled/server.tsx', 7);
/** `throwingRouteHandler` (bundled/server.tsx), on the Node.js and the Edge runtime alike. */
export const inThrowingRouteHandler = thrownAt('bundled/server.tsx', 56);
