import type { ScenarioInput } from '../schema';
import { fromServer, load, noFallback, serverFallback, thrownMessage } from './shared';

/** The Edge runtime: the same failures, rendered and reported by the Edge build of the SDK. */
export const entries: ScenarioInput[] = [
  {
    id: 'edge-page-throws',
    title: 'A Server Component page on the Edge runtime throws',
    failureClass: 'edge-runtime',
    path: '/scenarios/edge-page-throws',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    note: "Not reported: the fallback shows the digest and the server logs the error, but no SDK sees it. With the SDK's debug log on, a request to this page shows the Node SDK handling it and no Edge SDK activity at all, while an Edge Route Handler's error (the next entry) reaches the harness through the same interception. Observed on 16.4.5; no public issue found.",
    reports: [],
  },
  {
    id: 'edge-route-handler-throws',
    title: 'A Route Handler on the Edge runtime throws',
    failureClass: 'edge-runtime',
    path: '/scenarios/edge-route-handler-throws',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: 'Internal Server Error' },
    note: 'Unlike a Node.js Route Handler (an empty 500), the Edge runtime answers with the text "Internal Server Error".',
    reports: [fromServer(thrownMessage('edge-route-handler-throws'), false)],
  },
];
