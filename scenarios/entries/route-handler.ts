import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { thrownMessage, noFallback, fromServer, inThrowingRouteHandler } from './shared';

/** Route Handlers: responses that are not documents. */
export const entries: ScenarioInput[] = [
  {
    ...route('route-handler-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    note: 'No document, so no fallback: the response is an empty 500.',
    reports: [fromServer(thrownMessage('route-handler-throws'), false)],
    source: inThrowingRouteHandler,
  },
];
