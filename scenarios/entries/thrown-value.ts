import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { thrownMessage, load, serverFallback, REDACTED, fromServer, shellStreamedFirst, thrownAt } from './shared';

/**
 * Thrown values that are not plain Errors. A value without a stack (a string, an object, null,
 * undefined) pins no `source`: its report's frames are Next's runtime's alone (in `node_modules`),
 * no line of the app's to resolve.
 */
export const entries: ScenarioInput[] = [
  {
    ...route('throws-string'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(thrownMessage('throws-string'))],
    overrides: [
      shellStreamedFirst,
      {
        next: '<16.3.0',
        reports: [{ runtime: 'server', type: 'Error', value: { startsWith: REDACTED }, digest: true }],
        note: "Observed on 15.5.29, 16.0.11, 16.1.7 and 16.2.12: the server reports React's redacted message, not the thrown string; from 16.3 (16.3.8, 16.4.5) it reports the string.",
      },
    ],
  },
  {
    ...route('throws-plain-object'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(JSON.stringify({ reason: thrownMessage('throws-plain-object') }))],
    overrides: [shellStreamedFirst],
  },
  {
    ...route('throws-error-with-digest'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    note: "Next keeps a digest the error already has: the screen, the server log and the report show the app's string (`throws-error-with-digest@order-7f3a`), not a hash.",
    reports: [fromServer(thrownMessage('throws-error-with-digest'))],
    source: thrownAt('bundled/server.tsx', 32),
    overrides: [shellStreamedFirst],
  },
  {
    ...route('throws-error-with-cause'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer('throws-error-with-cause: lookup failed')],
    source: thrownAt('bundled/server.tsx', 30),
    overrides: [shellStreamedFirst],
  },
  {
    ...route('throws-null'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer('null')],
    overrides: [shellStreamedFirst],
  },
  {
    ...route('throws-undefined'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer('undefined')],
    overrides: [shellStreamedFirst],
  },
  {
    ...route('throws-aggregate-error'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [{ ...fromServer('throws-aggregate-error: 2 lookups failed'), type: 'AggregateError' }],
    source: thrownAt('bundled/server.tsx', 35),
    overrides: [shellStreamedFirst],
  },
  {
    ...route('throws-html-message'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [fromServer(`<img src=x onerror="document.title='injected'"> ${thrownMessage('throws-html-message')}`)],
    source: thrownAt('bundled/server.tsx', 37),
    overrides: [shellStreamedFirst],
  },
  {
    ...route('throws-error-subclass'),
    trigger: load,
    expect: { ...serverFallback, status: 500 },
    reports: [{ ...fromServer(thrownMessage('throws-error-subclass')), type: 'PaymentDeclinedError' }],
    source: thrownAt('bundled/server.tsx', 38),
    overrides: [shellStreamedFirst],
  },
];
