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
    reports: [fromServer(thrownMessage('edge-page-throws'))],
  },
  {
    id: 'edge-route-handler-throws',
    title: 'A Route Handler on the Edge runtime throws',
    failureClass: 'edge-runtime',
    path: '/scenarios/edge-route-handler-throws',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    reports: [fromServer(thrownMessage('edge-route-handler-throws'), false)],
  },
];
