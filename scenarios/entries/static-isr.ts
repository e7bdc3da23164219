import type { ScenarioInput } from '../schema';
import { fromServer, load, noFallback, thrownMessage } from './shared';

/** Static and ISR pages: rendered at build time, regenerated while serving. */
export const entries: ScenarioInput[] = [
  {
    id: 'isr-regeneration-throws',
    title: 'An ISR page whose regeneration throws after the build',
    failureClass: 'static-isr',
    path: '/scenarios/isr-regeneration-throws',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Rendered when the app was built' },
    reports: [fromServer(thrownMessage('isr-regeneration-throws'), false)],
  },
];
