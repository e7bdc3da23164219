import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { load, noFallback } from './shared';

/** Work after the response (`after()`): the user is served; the failure is only reported. */
export const entries: ScenarioInput[] = [
  {
    ...route('after-callback-throws'),
    afterResponse: true,
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'The page rendered' },
    note:
      'Not reported at all: Next logs "An error occurred in a function passed to `after()`" but does not pass after() ' +
      'errors to onRequestError, so the Sentry SDK never sees them (observed on 16.4.5, no public issue found; an app ' +
      'that needs them reported must catch and capture inside the callback).',
    reports: [],
  },
];
