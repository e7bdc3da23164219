import type { ScenarioInput } from '../schema';
import { thrownMessage, noFallback, fromServer } from './shared';

/** The proxy (middleware before 16). */
export const entries: ScenarioInput[] = [
  {
    id: 'proxy-throws',
    title: 'proxy.ts throws',
    failureClass: 'proxy',
    path: '/scenarios/proxy-throws',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: 'Internal Server Error' },
    note: 'The proxy runs before rendering: Next answers with plain text.',
    reports: [fromServer(thrownMessage('proxy-throws'), false)],
  },
];
