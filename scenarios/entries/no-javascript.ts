import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, noFallback, thrownMessage, shellStreamedFirst, inThrowingServerComponent } from './shared';

/** Browsers with JavaScript off: what a failure leaves them. */
export const entries: ScenarioInput[] = [
  {
    ...route('no-javascript-server-error'),
    trigger: { kind: 'load', javaScript: false },
    expect: { ...noFallback, status: 500, sees: '' },
    note:
      'The classic fallback is rendered in the browser (it names the host the browser loaded): without JavaScript the ' +
      'user is left with a blank page (under the title of the app), and the 500 is all that says something failed. ' +
      'The server still reports the error once.',
    reports: [fromServer(thrownMessage('no-javascript-server-error'))],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
];
