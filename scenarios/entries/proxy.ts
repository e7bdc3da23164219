import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, noFallback, pagesErrorDocument, thrownMessage, thrownAt } from './shared';

/** The proxy (middleware before 16). */
export const entries: ScenarioInput[] = [
  {
    ...route('proxy-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: pagesErrorDocument, deliveries: [0, 1] },
    note:
      "The proxy runs before rendering: Next answers with the app's own pages/_error page (with no pages/ folder, " +
      'plain text "Internal Server Error"). Next never passes a proxy\'s error to onRequestError (on the Node.js ' +
      "runtime; vercel/next.js#83404): the app's proxy reports it itself. But on most requests (7 of 8 in a row on " +
      '16.4.5) Next then fails to set a header on the answer it already sent, and passes that error of its own, ' +
      '`Cannot append headers after they are sent to the client`, to onRequestError, which reports it: an optional ' +
      "report and 0 or 1 delivery. Both came with the app's pages/ folder: without it, plain text and 0 deliveries " +
      "from 16.0 (15.5 answered with the pages router's 500 page and had the race by itself). The same on every " +
      'version from 15.5.29 to 16.4.5 (the matrix).',
    reports: [
      fromServer(thrownMessage('proxy-throws'), false),
      { ...fromServer('Cannot append headers after they are sent to the client', false), optional: true },
    ],
    source: thrownAt('proxy.ts', 6),
  },
];
