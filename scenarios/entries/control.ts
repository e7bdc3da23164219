import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { load, noFallback } from './shared';

/** Control: a healthy page. */
export const entries: ScenarioInput[] = [
  {
    ...route('healthy'),
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy page' },
    reports: [],
  },
];
