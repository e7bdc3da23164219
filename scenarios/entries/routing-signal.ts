import type { ScenarioInput } from '../schema';
import { load, noFallback } from './shared';

/** Routing signals: thrown like errors, never the fallback. */
export const entries: ScenarioInput[] = [
  {
    id: 'not-found-signal',
    title: 'notFound() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/not-found-signal',
    trigger: load,
    expect: { ...noFallback, status: 404, sees: 'This page could not be found.' },
    reports: [],
  },
  {
    id: 'forbidden-signal',
    title: 'forbidden() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/forbidden-signal',
    trigger: load,
    expect: { ...noFallback, status: 403, sees: 'This page could not be accessed.' },
    reports: [],
  },
  {
    id: 'unauthorized-signal',
    title: 'unauthorized() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/unauthorized-signal',
    trigger: load,
    expect: { ...noFallback, status: 401, sees: "You're not authorized to access this page." },
    reports: [],
  },
  {
    id: 'redirect-signal',
    title: 'redirect() is called',
    failureClass: 'routing-signal',
    path: '/scenarios/redirect-signal',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy page', url: '/scenarios/healthy' },
    reports: [],
  },
];
