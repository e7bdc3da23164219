import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, load, noFallback, thrownMessage } from './shared';

/** Static and ISR pages: rendered at build time, regenerated while serving. */
export const entries: ScenarioInput[] = [
  {
    ...route('isr-regeneration-throws'),
    afterResponse: true,
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Rendered when the app was built', deliveries: 2 },
    note: "The user is served the page rendered at build time (stale, 200); the regeneration that request starts in the background throws and is reported once, with a digest no user ever sees (it is in the server log). Next passes the failure to onRequestError twice (once with renderSource react-server-components, once without), counted outside the SDK on 16.4.5; the SDK sends it once because it drops a second capture of the same error object.",
    reports: [fromServer(thrownMessage('isr-regeneration-throws'))],
    overrides: [
      {
        next: '<16.0.0-0',
        reports: [],
        note: 'Observed on 15.5.29: the failed regeneration is logged but never passed to onRequestError, so it is not reported at all; reported once from 16.0.',
      },
    ],
  },
];
