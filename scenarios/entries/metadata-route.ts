import type { ScenarioInput } from '../schema';
import { fromServer, noFallback, thrownMessage } from './shared';

/** Metadata routes: files Next serves beside the pages (sitemaps, Open Graph images). */
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
    id: 'opengraph-image-throws',
    title: 'An opengraph-image.tsx throws',
    failureClass: 'metadata-route',
    path: '/scenarios/opengraph-image-throws/opengraph-image',
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    reports: [fromServer(thrownMessage('opengraph-image-throws'), false)],
  },
];
