import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import {
  thrownMessage,
  load,
  serverFallback,
  clientFallback,
  REDACTED,
  fromServer,
  fromBrowser,
  shellStreamedFirst,
  inThrowingServerComponent,
  thrownAt,
} from './shared';

/** Server Components that throw while rendering (pages, layouts, metadata). */
export const entries: ScenarioInput[] = [
  {
    ...route('server-page-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('server-page-throws'))],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
  {
    ...route('nested-layout-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('nested-layout-throws'))],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
  {
    ...route('root-layout-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('root-layout-throws'))],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
  {
    ...route('async-component-rejects'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('async-component-rejects'))],
    source: thrownAt('bundled/server.tsx', 12),
    overrides: [shellStreamedFirst],
  },
  {
    ...route('suspense-streamed-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    note: 'The shell was already sent with 200 when the streamed part failed.',
    reports: [fromServer(thrownMessage('suspense-streamed-throws'))],
    source: thrownAt('bundled/streamed.tsx', 17),
  },
  {
    ...route('metadata-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    note: 'Metadata streams after the shell in Next 16, so the failure arrives after a 200.',
    reports: [fromServer(thrownMessage('metadata-throws'))],
    source: thrownAt('bundled/server.tsx', 49),
    overrides: [
      {
        next: '<16.0.0-0',
        expect: { ...clientFallback, deliveries: 1 },
        reports: [
          fromServer(thrownMessage('metadata-throws'), false),
          { runtime: 'server', type: 'Error', value: { startsWith: REDACTED }, digest: true },
          fromBrowser({ startsWith: REDACTED }),
        ],
        note:
          'Observed on 15.5.29: the error reaches the browser without its digest, so the client variant shows, and it is ' +
          "reported three times: by Sentry's wrapper of generateMetadata (webpack builds only, no digest), by " +
          "onRequestError (React's redacted message, with the digest; Next's one delivery) and by the browser's global " +
          'error (the redacted message). Reported exactly once from 16.0 on.',
      },
    ],
  },
  {
    ...route('parallel-slot-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('parallel-slot-throws'))],
    source: inThrowingServerComponent,
    overrides: [shellStreamedFirst],
  },
  {
    ...route('loading-then-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    note: 'loading.tsx makes the page stream: the shell (and its 200) is sent before the page throws.',
    reports: [fromServer(thrownMessage('loading-then-throws'))],
    source: inThrowingServerComponent,
  },
];
