import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { thrownMessage, load, clientFallback, noFallback, fromServer, fromBrowser, shellStreamedFirst, thrownAt } from './shared';

/** Client Components that throw (render, effects, events, hydration, rejections). */
export const entries: ScenarioInput[] = [
  {
    ...route('client-throws-on-server-only'),
    trigger: load,
    expect: { ...noFallback, status: 500, sees: 'Rendered in the browser' },
    note: 'The server answers 500, but the browser re-renders the page and recovers.',
    reports: [fromServer(thrownMessage('client-throws-on-server-only'))],
    source: thrownAt('bundled/client.tsx', 19),
    overrides: [shellStreamedFirst],
  },
  {
    ...route('client-throws-everywhere'),
    trigger: load,
    expect: { ...clientFallback, status: 500 },
    note: 'The browser re-render throws again; that error has no digest, so the client variant shows.',
    reports: [fromServer(thrownMessage('client-throws-everywhere')), fromBrowser(thrownMessage('client-throws-everywhere'))],
    source: thrownAt('bundled/client.tsx', 24),
    overrides: [shellStreamedFirst],
  },
  {
    ...route('client-effect-throws'),
    trigger: load,
    expect: { ...clientFallback, status: 200 },
    reports: [fromBrowser(thrownMessage('client-effect-throws'))],
  },
  {
    ...route('client-click-render-throws'),
    trigger: { kind: 'click', button: 'Break the page' },
    expect: { ...clientFallback, status: 200 },
    reports: [fromBrowser(thrownMessage('client-click-render-throws'))],
  },
  {
    ...route('client-event-handler-throws'),
    trigger: { kind: 'click', button: 'Throw in handler' },
    expect: { ...noFallback, status: 200, sees: 'Handler ran' },
    note: 'Event handlers run outside React rendering: the error is uncaught, the page stays.',
    reports: [fromBrowser(thrownMessage('client-event-handler-throws'))],
  },
  {
    ...route('client-hydration-mismatch'),
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Hydrated' },
    note: 'React recovers by rendering on the client.',
    reports: [fromBrowser({ startsWith: 'Minified React error #418;' })],
  },
  {
    ...route('client-unhandled-rejection'),
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Rejection raised' },
    reports: [fromBrowser(thrownMessage('client-unhandled-rejection'))],
  },
];
