import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { clientFallback, fromBrowser, fromServer, load, noFallback, pagesErrorDocument, thrownMessage, thrownAt } from './shared';

/** The Pages Router has no digest: its server fallback shows no `Digest:` line, and no report carries one. */
const pagesServerFallback = { fallback: 'server', digest: false } as const;
const fromPagesServer = (id: string) => fromServer(thrownMessage(id), false);

/** The Pages Router (`pages/` beside `app/`): its data functions, `_app`, `_document`, `_error`, API routes. */
export const entries: ScenarioInput[] = [
  {
    ...route('pages-gssp-throws'),
    trigger: load,
    expect: { ...pagesServerFallback, status: 500 },
    reports: [fromPagesServer('pages-gssp-throws')],
    source: thrownAt('bundled/pages.ts', 10),
  },
  {
    ...route('pages-render-throws'),
    trigger: load,
    expect: { ...pagesServerFallback, status: 500 },
    reports: [fromPagesServer('pages-render-throws')],
    source: thrownAt('pages/scenarios/pages-render-throws.tsx', 7),
  },
  {
    ...route('pages-gip-throws'),
    trigger: load,
    expect: { ...pagesServerFallback, status: 500 },
    reports: [fromPagesServer('pages-gip-throws')],
    source: thrownAt('bundled/pages.ts', 18),
  },
  {
    ...route('pages-app-gip-throws'),
    trigger: load,
    expect: { ...pagesServerFallback, status: 500 },
    reports: [fromPagesServer('pages-app-gip-throws')],
    source: thrownAt('pages/_app.tsx', 13),
  },
  {
    ...route('pages-document-throws'),
    trigger: load,
    expect: { ...pagesServerFallback, status: 500 },
    reports: [fromPagesServer('pages-document-throws')],
    source: thrownAt('pages/_document.tsx', 9),
  },
  {
    ...route('pages-isr-throws'),
    afterResponse: true,
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Rendered when the app was built' },
    reports: [fromPagesServer('pages-isr-throws')],
    source: thrownAt('bundled/pages.ts', 25),
  },
  {
    ...route('pages-client-effect-throws'),
    trigger: load,
    expect: { ...clientFallback, status: 200 },
    reports: [fromBrowser(thrownMessage('pages-client-effect-throws'))],
  },
  {
    ...route('pages-client-render-throws'),
    trigger: { kind: 'click', button: 'Break the page' },
    expect: { ...clientFallback, status: 200 },
    reports: [fromBrowser(thrownMessage('pages-client-render-throws'))],
  },
  {
    ...route('pages-api-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: 'Internal Server Error' },
    reports: [fromPagesServer('pages-api-throws')],
    source: thrownAt('bundled/pages.ts', 37),
  },
  {
    ...route('pages-edge-api-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: pagesErrorDocument },
    note:
      'Unlike a Node.js API route (the text "Internal Server Error"), an Edge API route\'s failure is answered with ' +
      "the app's own _error page as HTML (pinned by its start: its rest carries per-request trace ids and the build's " +
      "chunks); reported once, through the Node.js SDK's onRequestError.",
    reports: [fromPagesServer('pages-edge-api-throws')],
    source: thrownAt('pages/api/scenarios/pages-edge-api-throws.ts', 6),
  },
  {
    ...route('pages-api-handled-500'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '{"error":"Something went wrong"}', deliveries: 0 },
    note: 'Caught and answered by hand: nothing was thrown, so nothing reaches onRequestError and nothing is reported. A team that needs it reported captures it where it catches it.',
    reports: [],
  },
  {
    ...route('pages-not-found'),
    trigger: load,
    expect: { ...noFallback, status: 404, sees: 'This page could not be found.' },
    reports: [],
  },
  {
    ...route('pages-redirect'),
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy Pages Router page', url: '/scenarios/pages-healthy', redirectStatus: 307 },
    reports: [],
  },
  {
    ...route('pages-healthy'),
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy Pages Router page' },
    reports: [],
  },
];
