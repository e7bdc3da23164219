import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { load, noFallback, redirectAfterTheShell, signalAfterTheShell } from './shared';

/** Routing signals: thrown like errors, never the fallback. */
export const entries: ScenarioInput[] = [
  {
    ...route('not-found-signal'),
    trigger: load,
    expect: { ...noFallback, status: 404, sees: 'This page could not be found.' },
    reports: [],
    overrides: [signalAfterTheShell],
  },
  {
    ...route('forbidden-signal'),
    trigger: load,
    expect: { ...noFallback, status: 403, sees: 'This page could not be accessed.' },
    reports: [],
    overrides: [signalAfterTheShell],
  },
  {
    ...route('unauthorized-signal'),
    trigger: load,
    expect: { ...noFallback, status: 401, sees: "You're not authorized to access this page." },
    reports: [],
    overrides: [signalAfterTheShell],
  },
  {
    ...route('redirect-signal'),
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy page', url: '/scenarios/healthy', redirectStatus: 307 },
    reports: [],
    overrides: [redirectAfterTheShell],
  },
];
