import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import {
  fromServer,
  load,
  noFallback,
  pagesErrorDocument,
  refusedSegmentConfig,
  serverFallback,
  thrownMessage,
  inThrowingServerComponent,
  inThrowingRouteHandler,
} from './shared';

/** The Edge runtime: the same failures, rendered and reported by the Edge build of the SDK. */
export const entries: ScenarioInput[] = [
  {
    ...route('edge-page-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    note:
      "Reported by the Edge runtime's SDK (through onRequestError, with the digest). Its transport uses the Edge " +
      "sandbox's own fetch, which MSW in the Node process does not see: the harness routes the Edge SDK's envelopes " +
      'to its ingest route (`app/_sentry/edge-tunnel.ts`); before that, this report was lost and the entry pinned ' +
      'none.',
    reports: [fromServer(thrownMessage('edge-page-throws'))],
    source: inThrowingServerComponent,
    notApplicable: [refusedSegmentConfig("runtime = 'edge'")],
  },
  {
    ...route('edge-route-handler-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: pagesErrorDocument },
    note: 'Unlike a Node.js Route Handler (an empty 500), the Edge runtime answers with the app\'s own pages/_error page as HTML (without a pages/ folder, the text "Internal Server Error").',
    reports: [fromServer(thrownMessage('edge-route-handler-throws'), false)],
    source: inThrowingRouteHandler,
    notApplicable: [refusedSegmentConfig("runtime = 'edge'")],
  },
];
