import type { ScenarioInput } from '../schema';
import { fromServer, load, noFallback, thrownMessage } from './shared';

/** Work after the response (`after()`): the user is served; the failure is only reported. */
export const entries: ScenarioInput[] = [
  {
    id: 'after-callback-throws',
    title: 'An after() callback throws',
    failureClass: 'after-response',
    path: '/scenarios/after-callback-throws',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'The page rendered' },
    reports: [fromServer(thrownMessage('after-callback-throws'), false)],
  },
];
