import { REDACTED_MESSAGE_START } from '../verdict/golden';
import { parseCatalogue, type ScenarioInput } from './schema';

/**
 * The message each thrower throws, written out on the checking side: the app has its own copy
 * (`fixtures/throwers/secret.ts`), and a report with another message is a deviation.
 */
export const thrownMessage = (id: string) => `${id}: db password hunter2`;

const load = { kind: 'load' } as const;
const serverFallback = { fallback: 'server', digest: true } as const;
const clientFallback = { fallback: 'client', digest: false } as const;
const noFallback = { fallback: 'none', digest: false } as const;

/** One event from the server SDK (onRequestError), tagged with the digest. */
const REDACTED = REDACTED_MESSAGE_START;
const fromServer = (value: string, digest = true) => ({ runtime: 'server', type: 'Error', value, digest }) as const;
/** One event from the browser SDK, which never sees a digest. */
const fromBrowser = (value: string | { startsWith: string }, type = 'Error') =>
  ({ runtime: 'browser', type, value, digest: false }) as const;

/**
 * Every way the reference app fails, with what a user sees. Pinned against Next.js 16.4.5
 * production builds; `note` says why where the outcome surprises.
 */
const entries: ScenarioInput[] = [
  // Server Components
  {
    id: 'server-page-throws',
    title: 'A dynamic Server Component page throws',
    failureClass: 'server-component',
    path: '/scenarios/server-page-throws',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('server-page-throws'))],
  },
  {
    id: 'nested-layout-throws',
    title: 'A nested layout throws',
    failureClass: 'server-component',
    path: '/scenarios/nested-layout-throws',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('nested-layout-throws'))],
  },
  {
    id: 'root-layout-throws',
    title: 'The root layout throws',
    failureClass: 'server-component',
    path: '/scenarios/root-layout-throws',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('root-layout-throws'))],
  },
  {
    id: 'async-component-rejects',
    title: 'An async Server Component awaits a rejecting data source',
    failureClass: 'server-component',
    path: '/scenarios/async-component-rejects',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('async-component-rejects'))],
  },
  {
    id: 'suspense-streamed-throws',
    title: 'A component streamed inside <Suspense> throws',
    failureClass: 'server-component',
    path: '/scenarios/suspense-streamed-throws',
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    note: 'The shell was already sent with 200 when the streamed part failed.',
    reports: [fromServer(thrownMessage('suspense-streamed-throws'))],
  },
  {
    id: 'metadata-throws',
    title: 'generateMetadata throws',
    failureClass: 'server-component',
    path: '/scenarios/metadata-throws',
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    note: 'Metadata streams after the shell in Next 16, so the failure arrives after a 200.',
    reports: [fromServer(thrownMessage('metadata-throws'))],
    overrides: [
      {
        next: '<16.0.0-0',
        expect: { ...clientFallback },
        reports: [
          fromServer(thrownMessage('metadata-throws'), false),
          { runtime: 'server', type: 'Error', value: { startsWith: REDACTED }, digest: true },
          fromBrowser({ startsWith: REDACTED }),
        ],
        note: "Observed on 15.5.29: the error reaches the browser without its digest, so the client variant shows, and it is reported three times: by Sentry's wrapper of generateMetadata (webpack builds only, no digest), by onRequestError (React's redacted message, with the digest) and by the browser's global error (the redacted message). Reported exactly once from 16.0 on.",
      },
    ],
  },
  // Thrown values that are not plain Errors
  {
    id: 'throws-string',
    title: 'A Server Component throws a string',
    failureClass: 'thrown-value',
    path: '/scenarios/throws-string',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('throws-string'))],
    overrides: [
      {
        next: '<16.3.0',
        reports: [{ runtime: 'server', type: 'Error', value: { startsWith: REDACTED }, digest: true }],
        note: "Observed on 15.5.29, 16.0.11, 16.1.7 and 16.2.12: the server reports React's redacted message, not the thrown string; from 16.3 (16.3.8, 16.4.5) it reports the string.",
      },
    ],
  },
  {
    id: 'throws-plain-object',
    title: 'A Server Component throws a plain object',
    failureClass: 'thrown-value',
    path: '/scenarios/throws-plain-object',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(JSON.stringify({ reason: thrownMessage('throws-plain-object') }))],
  },
  {
    id: 'throws-error-with-digest',
    title: 'A Server Component throws an Error whose digest the app set',
    failureClass: 'thrown-value',
    path: '/scenarios/throws-error-with-digest',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    note: 'Next keeps a digest the error already has: the screen, the server log and the report show the app\'s string (`throws-error-with-digest@order-7f3a`), not a hash.',
    reports: [fromServer(thrownMessage('throws-error-with-digest'))],
  },
  {
    id: 'throws-error-with-cause',
    title: 'A Server Component throws an Error with a cause',
    failureClass: 'thrown-value',
    path: '/scenarios/throws-error-with-cause',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer('throws-error-with-cause: lookup failed')],
  },
  // Client Components
  {
    id: 'client-throws-on-server-only',
    title: 'A Client Component throws during server render only',
    failureClass: 'client-component',
    path: '/scenarios/client-throws-on-server-only',
    trigger: load,
    expect: { ...noFallback, status: 500, sees: 'Rendered in the browser' },
    note: 'The server answers 500, but the browser re-renders the page and recovers.',
    reports: [fromServer(thrownMessage('client-throws-on-server-only'))],
  },
  {
    id: 'client-throws-everywhere',
    title: 'A Client Component throws on the server and in the browser',
    failureClass: 'client-component',
    path: '/scenarios/client-throws-everywhere',
    trigger: load,
    expect: { ...clientFallback, status: 500 },
    note: 'The browser re-render throws again; that error has no digest, so the client variant shows.',
    reports: [fromServer(thrownMessage('client-throws-everywhere')), fromBrowser(thrownMessage('client-throws-everywhere'))],
  },
  {
    id: 'client-effect-throws',
    title: 'A Client Component throws in useEffect',
    failureClass: 'client-component',
    path: '/scenarios/client-effect-throws',
    trigger: load,
    expect: { ...clientFallback, status: 200 },
    reports: [fromBrowser(thrownMessage('client-effect-throws'))],
  },
  {
    id: 'client-click-render-throws',
    title: 'A Client Component throws while rendering after a click',
    failureClass: 'client-component',
    path: '/scenarios/client-click-render-throws',
    trigger: { kind: 'click', button: 'Break the page' },
    expect: { ...clientFallback, status: 200 },
    reports: [fromBrowser(thrownMessage('client-click-render-throws'))],
  },
  {
    id: 'client-event-handler-throws',
    title: 'An event handler throws',
    failureClass: 'client-component',
    path: '/scenarios/client-event-handler-throws',
    trigger: { kind: 'click', button: 'Throw in handler' },
    expect: { ...noFallback, status: 200, sees: 'Handler ran' },
    note: 'Event handlers run outside React rendering: the error is uncaught, the page stays.',
    reports: [fromBrowser(thrownMessage('client-event-handler-throws'))],
  },
  {
    id: 'client-hydration-mismatch',
    title: 'Server and browser render different text (hydration mismatch)',
    failureClass: 'client-component',
    path: '/scenarios/client-hydration-mismatch',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Hydrated' },
    note: 'React recovers by rendering on the client.',
    reports: [fromBrowser({ startsWith: 'Minified React error #418;' })],
  },
  {
    id: 'client-unhandled-rejection',
    title: 'A promise rejects with no handler',
    failureClass: 'client-component',
    path: '/scenarios/client-unhandled-rejection',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Rejection raised' },
    reports: [fromBrowser(thrownMessage('client-unhandled-rejection'))],
  },
  // Server Actions
  {
    id: 'action-form-throws',
    title: 'A Server Action used as <form action> throws',
    failureClass: 'server-action',
    path: '/scenarios/action-form-throws',
    trigger: { kind: 'submit', button: 'Submit' },
    expect: { ...serverFallback, status: 200, actionStatus: 500 },
    reports: [fromServer(thrownMessage('action-form-throws'))],
  },
  {
    id: 'action-onclick-throws',
    title: 'A Server Action awaited in onClick throws',
    failureClass: 'server-action',
    path: '/scenarios/action-onclick-throws',
    trigger: { kind: 'click', button: 'Call action' },
    expect: { ...noFallback, status: 200, sees: 'Action rejected', actionStatus: 500 },
    note: 'The rejected action becomes an unhandled rejection in the handler, not a render error. It carries the digest, so the browser drops its redacted copy: the server reported the real one. The page shows "Action rejected" once the rejection was raised, so the check never flushes the browser SDK before a report could exist (settling on "Action called" let a browser that reported the error again pass: found by `npm run mutants`).',
    reports: [fromServer(thrownMessage('action-onclick-throws'))],
  },
  // Navigation
  {
    id: 'navigate-to-failing-route',
    title: 'Client-side navigation to a failing server route',
    failureClass: 'navigation',
    path: '/scenarios/navigate-to-failing-route',
    trigger: { kind: 'navigate', link: 'Go to the failing page' },
    expect: {
      ...serverFallback,
      status: 200,
      url: '/scenarios/server-page-throws',
      directLoad: { path: '/scenarios/server-page-throws', sameDigest: false },
    },
    note: 'The digest hashes the whole stack, and the RSC render of a navigation has another stack than the HTML render of a direct load: same error, same log line, another digest (Next 16.4.5).',
    overrides: [
      {
        next: '<16.3.0',
        expect: { directLoad: { path: '/scenarios/server-page-throws', sameDigest: true } },
        note: 'Observed on 15.5.29, 16.0.11, 16.1.7 and 16.2.12: the navigation shows the same digest as a direct load; from 16.3 (16.3.8, 16.4.5) another.',
      },
    ],
    reports: [fromServer(thrownMessage('server-page-throws'))],
  },
  {
    id: 'chunk-load-fails',
    title: 'A JavaScript chunk fails to load during client navigation',
    failureClass: 'navigation',
    path: '/scenarios/chunk-load-fails',
    trigger: { kind: 'navigate', link: 'Go to the lazily loaded page', blockChunks: true },
    expect: { ...clientFallback, status: 200, url: '/scenarios/chunk-load-fails/target' },
    reports: [fromBrowser({ startsWith: 'Failed to load chunk ' }, 'ChunkLoadError')],
    overrides: [
      {
        next: '<16.0.0-0',
        reports: [fromBrowser({ startsWith: 'Loading chunk ' }, 'ChunkLoadError')],
        note: "Observed on 15.5.29, built with webpack (Next 15's default): webpack's own ChunkLoadError, `Loading chunk 966 failed.` with the chunk's URL.",
      },
      {
        next: '>=16.0.0-0 <16.1.0',
        reports: [fromBrowser({ startsWith: 'Failed to load chunk ' })],
        note: "Observed on 16.0.11: Turbopack's runtime throws a plain Error (same message); from 16.1 a ChunkLoadError.",
      },
    ],
  },
  // Not documents: route handlers and the proxy
  {
    id: 'route-handler-throws',
    title: 'A Route Handler throws',
    failureClass: 'route-handler',
    path: '/scenarios/route-handler-throws',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    note: 'No document, so no fallback: the response is an empty 500.',
    reports: [fromServer(thrownMessage('route-handler-throws'), false)],
  },
  {
    id: 'proxy-throws',
    title: 'proxy.ts throws',
    failureClass: 'proxy',
    path: '/scenarios/proxy-throws',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: 'Internal Server Error' },
    note: 'The proxy runs before rendering: Next answers with plain text.',
    reports: [fromServer(thrownMessage('proxy-throws'), false)],
  },
  // Routing signals: thrown like errors, never the fallback
  {
    id: 'not-found-signal',
    title: 'notFound() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/not-found-signal',
    trigger: load,
    expect: { ...noFallback, status: 404, sees: 'This page could not be found.' },
    reports: [],
  },
  {
    id: 'forbidden-signal',
    title: 'forbidden() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/forbidden-signal',
    trigger: load,
    expect: { ...noFallback, status: 403, sees: 'This page could not be accessed.' },
    reports: [],
  },
  {
    id: 'unauthorized-signal',
    title: 'unauthorized() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/unauthorized-signal',
    trigger: load,
    expect: { ...noFallback, status: 401, sees: "You're not authorized to access this page." },
    reports: [],
  },
  {
    id: 'redirect-signal',
    title: 'redirect() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/redirect-signal',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy page', url: '/scenarios/healthy' },
    reports: [],
  },
  // Control
  {
    id: 'healthy',
    title: 'A healthy page (control)',
    failureClass: 'control',
    path: '/scenarios/healthy',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy page' },
    reports: [],
  },
];

export const catalogue = parseCatalogue(entries);

export function findScenario(id: string) {
  return catalogue.find((scenario) => scenario.id === id);
}
