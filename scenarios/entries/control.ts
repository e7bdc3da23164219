import type { ScenarioInput } from '../schema';
import { load, noFallback } from './shared';

/** Control: a healthy page. */
export const entries: ScenarioInput[] = [
  {
    id: 'healthy',
    title: 'A healthy page (control)',
    failureClass: 'control',
    path: '/scenarios/healthy',
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Healthy page' },
    reports: [],
  },
];
