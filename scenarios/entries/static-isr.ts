import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, load, noFallback, thrownMessage } from './shared';

/** Static and ISR pages: rendered at build time, regenerated while serving. */
export const entries: ScenarioInput[] = [
  {
    ...route('isr-regeneration-throws'),
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Rendered when the app was built' },
    note: 'The user is served the page rendered at build time (stale, 200); the regeneration that request starts in the background throws and is reported once, with a digest no user ever sees (it is in the server log).',
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
