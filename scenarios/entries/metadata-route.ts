import type { ScenarioInput } from '../schema';
import { fromServer, noFallback, thrownMessage } from './shared';

/** Metadata routes: files Next serves beside the pages (a segment's sitemap, the app's robots.txt). */
export const entries: ScenarioInput[] = [
  {
    id: 'sitemap-throws',
    title: 'A sitemap.ts throws',
    failureClass: 'metadata-route',
    path: '/scenarios/sitemap-throws/sitemap.xml',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    reports: [fromServer(thrownMessage('sitemap-throws'), false)],
  },
  {
    id: 'robots-throws',
    title: 'robots.ts throws',
    failureClass: 'metadata-route',
    path: '/robots.txt',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    reports: [fromServer(thrownMessage('robots-throws'), false)],
  },
];
