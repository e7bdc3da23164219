import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, noFallback, pagesRouter500, thrownMessage } from './shared';

/** The proxy (middleware before 16). */
export const entries: ScenarioInput[] = [
  {
    ...route('proxy-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: 'Internal Server Error', deliveries: 0 },
    note: "The proxy runs before rendering: Next answers with plain text. Next never passes a proxy's error to onRequestError (on the Node.js runtime; vercel/next.js#83404): counted outside the SDK, 0 deliveries; the app's proxy reports it itself.",
    reports: [fromServer(thrownMessage('proxy-throws'), false)],
    overrides: [
      {
        next: '<16.0.0-0',
        expect: { sees: pagesRouter500, deliveries: [0, 1] },
        reports: [
          fromServer(thrownMessage('proxy-throws'), false),
          { ...fromServer('Cannot append headers after they are sent to the client', false), optional: true },
        ],
        note: "Observed on 15.5.29 (its `middleware.ts`, on Node.js): answered with the pages router's HTML 500 page, not plain text; reported the same. On most requests (18 of 20 in a row, all but the first of each connection here) Next then also fails to set a header on the answer it already sent, and passes that error of its own, `Cannot append headers after they are sent to the client`, to onRequestError, which reports it: an optional report and 0 or 1 delivery. Gone from 16.0.",
      },
    ],
  },
];
