/**
 * What the app renders of each catalogue entry: its id, title, failure class and path. The app's
 * home page lists these, and each entry of the built-in catalogue starts from its own; nothing
 * here is an expectation, so the app's build depends on none (an edited expectation never
 * rebuilds the app). A leaf: it imports nothing.
 */

export const failureClasses = [
  'server-component',
  'thrown-value',
  'client-component',
  'server-action',
  'navigation',
  'route-handler',
  'proxy',
  'routing-signal',
  'error-boundary',
  'after-response',
  'streamed-data',
  'metadata-route',
  'static-isr',
  'cached-data',
  'edge-runtime',
  'pages-router',
  'no-javascript',
  'control',
] as const;

/** How the home page and the docs name each failure class. */
export const failureClassTitles: Record<(typeof failureClasses)[number], string> = {
  'server-component': 'Server Components',
  'thrown-value': 'Thrown values that are not plain Errors',
  'client-component': 'Client Components',
  'server-action': 'Server Actions',
  navigation: 'Client-side navigation',
  'route-handler': 'Route Handlers',
  proxy: 'The proxy',
  'routing-signal': 'Routing signals',
  'error-boundary': 'Error boundaries and special files',
  'after-response': 'Work after the response',
  'streamed-data': 'Streamed data',
  'metadata-route': 'Metadata routes',
  'static-isr': 'Static and ISR pages',
  'cached-data': "Cached data ('use cache', Cache Components only)",
  'edge-runtime': 'The Edge runtime',
  'pages-router': 'The Pages Router',
  'no-javascript': 'JavaScript off',
  control: 'Control',
};

export type FailureClass = (typeof failureClasses)[number];

/** Which router serves a class's routes: the Pages Router's own class, else the App Router (the proxy runs before either). */
export const routerOf = (failureClass: FailureClass): 'app' | 'pages' => (failureClass === 'pages-router' ? 'pages' : 'app');

export interface ScenarioRoute {
  id: string;
  title: string;
  failureClass: FailureClass;
  /** Where the scenario is triggered: `/scenarios/{id}` unless the route is a metadata file. */
  path: string;
}

/** Each class's scenarios as `[id, title, path?]`, in catalogue order. */
const byClass: Record<FailureClass, [id: string, title: string, path?: string][]> = {
  'server-component': [
    ['server-page-throws', 'A dynamic Server Component page throws'],
    ['nested-layout-throws', 'A nested layout throws'],
    ['root-layout-throws', 'The root layout throws'],
    ['async-component-rejects', 'An async Server Component awaits a rejecting data source'],
    ['suspense-streamed-throws', 'A component streamed inside <Suspense> throws'],
    ['metadata-throws', 'generateMetadata throws'],
    ['parallel-slot-throws', 'A parallel route slot (@slot) throws'],
    ['loading-then-throws', 'A page under a loading.tsx throws'],
  ],
  'thrown-value': [
    ['throws-string', 'A Server Component throws a string'],
    ['throws-plain-object', 'A Server Component throws a plain object'],
    ['throws-error-with-digest', 'A Server Component throws an Error whose digest the app set'],
    ['throws-error-with-cause', 'A Server Component throws an Error with a cause'],
    ['throws-null', 'A Server Component throws null'],
    ['throws-undefined', 'A Server Component throws undefined'],
    ['throws-aggregate-error', 'A Server Component throws an AggregateError'],
    ['throws-html-message', 'A Server Component throws an error whose message holds HTML'],
    ['throws-error-subclass', "A Server Component throws an instance of the app's own Error class"],
  ],
  'client-component': [
    ['client-throws-on-server-only', 'A Client Component throws during server render only'],
    ['client-throws-everywhere', 'A Client Component throws on the server and in the browser'],
    ['client-effect-throws', 'A Client Component throws in useEffect'],
    ['client-click-render-throws', 'A Client Component throws while rendering after a click'],
    ['client-event-handler-throws', 'An event handler throws'],
    ['client-hydration-mismatch', 'Server and browser render different text (hydration mismatch)'],
    ['client-unhandled-rejection', 'A promise rejects with no handler'],
  ],
  'server-action': [
    ['action-form-throws', 'A Server Action used as <form action> throws'],
    ['action-onclick-throws', 'A Server Action awaited in onClick throws'],
    ['action-redirects', 'A Server Action calls redirect()'],
    ['action-not-found', 'A Server Action calls notFound()'],
    ['action-forbidden', 'A Server Action calls forbidden()'],
    ['action-state-throws', 'A Server Action used through useActionState throws'],
  ],
  navigation: [
    ['navigate-to-failing-route', 'Client-side navigation to a failing server route'],
    ['chunk-load-fails', 'A JavaScript chunk fails to load during client navigation'],
    ['intercepted-route-throws', 'An intercepted route (a modal on client navigation) throws'],
    ['navigate-to-not-found', 'Client-side navigation to a route that calls notFound()'],
    ['navigation-rsc-500', 'The RSC request of a client navigation answers 500'],
    ['navigation-rsc-aborted', 'The RSC request of a client navigation is aborted'],
  ],
  'route-handler': [['route-handler-throws', 'A Route Handler throws']],
  proxy: [['proxy-throws', 'proxy.ts throws']],
  'routing-signal': [
    ['not-found-signal', 'notFound() is called'],
    ['forbidden-signal', 'forbidden() is called'],
    ['unauthorized-signal', 'unauthorized() is called'],
    ['redirect-signal', 'redirect() is called'],
  ],
  'error-boundary': [
    ['segment-error-boundary', "A segment's error.tsx catches a Server Component that throws"],
    ['error-boundary-throws', "A segment's error.tsx throws itself"],
    ['error-boundary-reset', "The error boundary's Try again recovers once the cause went away"],
    ['not-found-page-throws', 'A not-found.tsx throws'],
    ['template-throws', 'A template.tsx throws'],
  ],
  'after-response': [['after-callback-throws', 'An after() callback throws']],
  'streamed-data': [
    ['use-promise-rejects', 'A promise made in a Server Component and read with use() in a Client Component rejects'],
    ['route-handler-stream-errors', "A Route Handler's streamed body fails mid-stream"],
  ],
  'metadata-route': [
    ['sitemap-throws', 'A sitemap.ts throws', '/scenarios/sitemap-throws/sitemap.xml'],
    ['robots-throws', 'robots.ts throws', '/robots.txt'],
  ],
  'static-isr': [['isr-regeneration-throws', 'An ISR page whose regeneration throws after the build']],
  'cached-data': [
    ['use-cache-throws', "A 'use cache' function throws at request time"],
    ['cached-shell-hole-throws', 'A dynamic hole fails after the prerendered shell streamed'],
    ['update-tag-throws', 'A cached function fails when a Server Action updates its tag (updateTag)'],
  ],
  'edge-runtime': [
    ['edge-page-throws', 'A Server Component page on the Edge runtime throws'],
    ['edge-route-handler-throws', 'A Route Handler on the Edge runtime throws'],
  ],
  'pages-router': [
    ['pages-gssp-throws', 'getServerSideProps throws'],
    ['pages-render-throws', 'A Pages Router page throws while rendering on the server'],
    ['pages-gip-throws', "A page's getInitialProps throws"],
    ['pages-app-gip-throws', "_app's getInitialProps throws"],
    ['pages-document-throws', "_document's getInitialProps throws"],
    ['pages-isr-throws', 'getStaticProps throws when an ISR page regenerates'],
    ['pages-client-effect-throws', 'A Pages Router page throws in useEffect'],
    ['pages-client-render-throws', 'A Pages Router page throws while rendering after a click'],
    ['pages-api-throws', 'An API route throws', '/api/scenarios/pages-api-throws'],
    ['pages-edge-api-throws', 'An API route on the Edge runtime throws', '/api/scenarios/pages-edge-api-throws'],
    ['pages-api-handled-500', 'An API route answers 500 by hand and reports nothing', '/api/scenarios/pages-api-handled-500'],
    ['pages-not-found', 'getServerSideProps returns notFound: true'],
    ['pages-redirect', 'getServerSideProps returns a redirect'],
    ['pages-healthy', 'A healthy Pages Router page (control)'],
  ],
  'no-javascript': [['no-javascript-server-error', 'A server failure loaded with JavaScript off']],
  control: [['healthy', 'A healthy page (control)']],
};

/** Every scenario route, class by class, in catalogue order. */
export const ROUTES: readonly ScenarioRoute[] = failureClasses.flatMap((failureClass) =>
  byClass[failureClass].map(([id, title, path]) => ({ id, title, failureClass, path: path ?? `/scenarios/${id}` })),
);

/** An entry's route, to start its catalogue entry from. */
export function route(id: string): ScenarioRoute {
  const found = ROUTES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`scenarios/routes.ts has no route "${id}": add it there first`);
  return found;
}
