import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { thrownMessage, serverFallback, clientFallback, fromServer, fromBrowser, noFallback, inThrowingServerComponent } from './shared';

/** Client-side navigation that fails. */
export const entries: ScenarioInput[] = [
  {
    ...route('navigate-to-failing-route'),
    trigger: { kind: 'navigate', link: 'Go to the failing page' },
    expect: {
      ...serverFallback,
      status: 200,
      url: '/scenarios/server-page-throws',
      directLoad: { path: '/scenarios/server-page-throws', sameDigest: false },
    },
    note: 'The digest hashes the whole stack, and the RSC render of a navigation has another stack than the HTML render of a direct load: same error, same log line, another digest (Next 16.4.5).',
    overrides: [
      {
        configuration: 'cache-components',
        expect: { directLoad: { path: '/scenarios/server-page-throws', sameDigest: true } },
        note: 'Observed on 16.4.5: the navigation shows the same digest as a direct load, where without Cache Components it shows another.',
      },
      {
        next: '<16.3.0',
        expect: { directLoad: { path: '/scenarios/server-page-throws', sameDigest: true } },
        note: 'Observed on 15.5.29, 16.0.11, 16.1.7 and 16.2.12: the navigation shows the same digest as a direct load; from 16.3 (16.3.8, 16.4.5) another.',
      },
    ],
    reports: [fromServer(thrownMessage('server-page-throws'))],
    source: inThrowingServerComponent,
  },
  {
    ...route('chunk-load-fails'),
    trigger: { kind: 'navigate', link: 'Go to the lazily loaded page', blockChunks: true },
    expect: { ...clientFallback, status: 200, url: '/scenarios/chunk-load-fails/target' },
    reports: [fromBrowser({ startsWith: 'Failed to load chunk ' }, 'ChunkLoadError')],
    overrides: [
      {
        next: '<16.0.0-0',
        reports: [fromBrowser({ startsWith: 'Loading chunk ' }, 'ChunkLoadError')],
        note: "Observed on 15.5.29, built with webpack (Next 15's default): webpack's own ChunkLoadError, `Loading chunk 966 failed.` with the chunk's URL.",
      },
      {
        next: '>=16.0.0-0 <16.1.0',
        reports: [fromBrowser({ startsWith: 'Failed to load chunk ' })],
        note: "Observed on 16.0.11: Turbopack's runtime throws a plain Error (same message); from 16.1 a ChunkLoadError.",
      },
    ],
  },
  {
    ...route('intercepted-route-throws'),
    trigger: { kind: 'navigate', link: 'Open the photo' },
    expect: { ...serverFallback, status: 200, url: '/scenarios/intercepted-route-throws/photo' },
    reports: [fromServer(thrownMessage('intercepted-route-throws'))],
    source: inThrowingServerComponent,
  },
  {
    ...route('navigate-to-not-found'),
    trigger: { kind: 'navigate', link: 'Go to a page that is not found' },
    expect: { ...noFallback, status: 200, sees: 'This page could not be found.', url: '/scenarios/not-found-signal' },
    reports: [],
  },
  {
    ...route('navigation-rsc-500'),
    trigger: { kind: 'navigate', link: 'Go to the healthy page', failRsc: 'status-500' },
    expect: { ...noFallback, status: 200, sees: 'Healthy page', url: '/scenarios/healthy' },
    reports: [],
  },
  {
    ...route('navigation-rsc-aborted'),
    trigger: { kind: 'navigate', link: 'Go to the healthy page', failRsc: 'aborted' },
    expect: { ...noFallback, status: 200, sees: 'Healthy page', url: '/scenarios/healthy' },
    reports: [],
  },
];
