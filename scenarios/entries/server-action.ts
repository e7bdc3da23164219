import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { thrownMessage, serverFallback, noFallback, fromServer, thrownAt } from './shared';

/** Server Actions that throw. */
export const entries: ScenarioInput[] = [
  {
    ...route('action-form-throws'),
    trigger: { kind: 'submit', button: 'Submit' },
    expect: { ...serverFallback, status: 200, actionStatus: 500 },
    reports: [fromServer(thrownMessage('action-form-throws'))],
    source: thrownAt('bundled/actions.ts', 7),
  },
  {
    ...route('action-onclick-throws'),
    trigger: { kind: 'click', button: 'Call action' },
    expect: { ...noFallback, status: 200, sees: 'Action rejected', actionStatus: 500 },
    note:
      'The rejected action becomes an unhandled rejection in the handler, not a render error. It carries the digest, ' +
      'so the browser drops its redacted copy: the server reported the real one. The page shows "Action rejected" ' +
      'once the rejection was raised, so the check never flushes the browser SDK before a report could exist ' +
      '(settling on "Action called" let a browser that reported the error again pass: found by `npm run mutants`).',
    reports: [fromServer(thrownMessage('action-onclick-throws'))],
    source: thrownAt('bundled/actions.ts', 11),
  },
  {
    ...route('action-redirects'),
    trigger: { kind: 'submit', button: 'Submit' },
    expect: { ...noFallback, status: 200, sees: 'Healthy page', url: '/scenarios/healthy', actionStatus: 200 },
    note: 'From 16.3 the action answers 200 and names the redirect in its response (x-action-redirect); the browser then navigates client-side.',
    overrides: [
      {
        next: '<16.3.0',
        expect: { actionStatus: 303 },
        note: 'Observed on 15.5.29, 16.0.11, 16.1.7 and 16.2.12: the action answers 303 See Other to the redirect target (the browser still navigates client-side); from 16.3 a 200.',
      },
    ],
    reports: [],
  },
  {
    ...route('action-not-found'),
    trigger: { kind: 'submit', button: 'Submit' },
    expect: { ...noFallback, status: 200, sees: 'This page could not be found.', actionStatus: 404 },
    reports: [],
  },
  {
    ...route('action-forbidden'),
    trigger: { kind: 'submit', button: 'Submit' },
    expect: { ...noFallback, status: 200, sees: 'This page could not be accessed.', actionStatus: 403 },
    reports: [],
  },
  {
    ...route('action-state-throws'),
    trigger: { kind: 'submit', button: 'Submit' },
    expect: { ...serverFallback, status: 200, actionStatus: 500 },
    reports: [fromServer(thrownMessage('action-state-throws'))],
    source: thrownAt('bundled/actions.ts', 23),
  },
];
