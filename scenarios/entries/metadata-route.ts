import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, noFallback, thrownMessage, thrownAt } from './shared';

/** Metadata routes: files Next serves beside the pages (a segment's sitemap, the app's robots.txt). */
export const entries: ScenarioInput[] = [
  {
    ...route('sitemap-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    reports: [fromServer(thrownMessage('sitemap-throws'), false)],
    source: thrownAt('app/(site)/scenarios/sitemap-throws/sitemap.ts', 7),
  },
  {
    ...route('robots-throws'),
    trigger: { kind: 'request' },
    expect: { ...noFallback, status: 500, sees: '' },
    reports: [fromServer(thrownMessage('robots-throws'), false)],
    source: thrownAt('app/robots.ts', 8),
  },
];
