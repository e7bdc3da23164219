import type { ScenarioInput } from '../schema';
import { clientFallback, fromBrowser, fromServer, load, noFallback, serverFallback, thrownMessage } from './shared';

/** Segment error boundaries (`error.tsx`), and the special files around them that fail. */
export const entries: ScenarioInput[] = [
  {
    id: 'segment-error-boundary',
    title: "A segment's error.tsx catches a Server Component that throws",
    failureClass: 'error-boundary',
    path: '/scenarios/segment-error-boundary',
    trigger: load,
    expect: { ...noFallback, status: 500, sees: 'This part of the page failed' },
    reports: [fromServer(thrownMessage('segment-error-boundary'))],
  },
  {
    id: 'error-boundary-throws',
    title: "A segment's error.tsx throws itself",
    failureClass: 'error-boundary',
    path: '/scenarios/error-boundary-throws',
    trigger: load,
    expect: { ...clientFallback, status: 500 },
    reports: [fromServer(thrownMessage('error-boundary-throws')), fromBrowser('error-boundary-throws: the error boundary itself failed')],
  },
  {
    id: 'error-boundary-reset',
    title: "The error boundary's Try again recovers once the cause went away",
    failureClass: 'error-boundary',
    path: '/scenarios/error-boundary-reset',
    trigger: { kind: 'click', button: 'Try again' },
    expect: { ...noFallback, status: 200, sees: 'Recovered' },
    reports: [fromBrowser(thrownMessage('error-boundary-reset'))],
  },
  {
    id: 'not-found-page-throws',
    title: 'A not-found.tsx throws',
    failureClass: 'error-boundary',
    path: '/scenarios/not-found-page-throws',
    trigger: load,
    expect: { ...serverFallback, status: 404 },
    reports: [fromServer(thrownMessage('not-found-page-throws'))],
  },
  {
    id: 'template-throws',
    title: 'A template.tsx throws',
    failureClass: 'error-boundary',
    path: '/scenarios/template-throws',
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('template-throws'))],
  },
];
