import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import {
  clientFallback,
  fromBrowser,
  fromServer,
  load,
  noFallback,
  serverFallback,
  thrownMessage,
  shellStreamedFirst,
  signalAfterTheShell,
  inThrowingServerComponent,
} from './shared';

/** Segment error boundaries (`error.tsx`), and the special files around them that fail. */
export const entries: ScenarioInput[] = [
  {
    ...route('segment-error-boundary'),
    trigger: load,
    expect: { ...noFallback, status: 500, sees: 'This part of the page failed' },
    reports: [fromServer(thrownMessage('segment-error-boundary'))],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
  {
    ...route('error-boundary-throws'),
    trigger: load,
    expect: { ...clientFallback, status: 500 },
    reports: [fromServer(thrownMessage('error-boundary-throws')), fromBrowser('error-boundary-throws: the error boundary itself failed')],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
  {
    ...route('error-boundary-reset'),
    trigger: { kind: 'click', button: 'Try again' },
    expect: { ...noFallback, status: 200, sees: 'Recovered' },
    reports: [fromBrowser(thrownMessage('error-boundary-reset'))],
  },
  {
    ...route('not-found-page-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 404 },
    reports: [fromServer(thrownMessage('not-found-page-throws'))],
    source: inThrowingServerComponent,
    overrides: [signalAfterTheShell],
  },
  {
    ...route('template-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('template-throws'))],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
];
