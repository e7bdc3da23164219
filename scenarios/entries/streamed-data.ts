import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, load, noFallback, serverFallback, thrownMessage, thrownAt } from './shared';

/** Data that fails while it streams: a promise read with use(), a streamed response body. */
export const entries: ScenarioInput[] = [
  {
    ...route('use-promise-rejects'),
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    reports: [fromServer(thrownMessage('use-promise-rejects'))],
    source: thrownAt('bundled/streamed.tsx', 24),
  },
  {
    ...route('route-handler-stream-errors'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 200, sees: '(the response body was cut off)' },
    note:
      'The 200 and the first chunk are sent before the body fails: the connection is then cut, and the client gets a ' +
      "truncated response it can only tell by the broken chunked encoding. The report names Next's wrapper, `failed " +
      "to pipe response`, not the app's error.",
    reports: [fromServer('failed to pipe response', false)],
  },
];
