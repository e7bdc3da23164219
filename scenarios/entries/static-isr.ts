import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, load, noFallback, refusedSegmentConfig, thrownMessage, thrownAt } from './shared';

/** Static and ISR pages: rendered at build time, regenerated while serving. */
export const entries: ScenarioInput[] = [
  {
    ...route('isr-regeneration-throws'),
    afterResponse: true,
    trigger: load,
    expect: { ...noFallback, status: 200, sees: 'Rendered when the app was built', deliveries: 2 },
    note:
      'The user is served the page rendered at build time (stale, 200); the regeneration that request starts in the ' +
      'background throws and is reported once, with a digest no user ever sees (it is in the server log). Next passes ' +
      'the failure to onRequestError twice (once with renderSource react-server-components, once without), counted ' +
      'outside the SDK on 16.4.5; the SDK sends it once because it drops a second capture of the same error object.',
    reports: [fromServer(thrownMessage('isr-regeneration-throws'))],
    source: thrownAt('app/(site)/scenarios/isr-regeneration-throws/page.segment-config.tsx', 8),
    notApplicable: [refusedSegmentConfig('revalidate = 1')],
    overrides: [
      {
        next: '<16.0.0-0',
        expect: { deliveries: 1 },
        note:
          "Observed on 15.5.29 with every event accounted for: reported once, by Sentry's wrapper of the page (webpack " +
          'builds; mechanism auto.function.nextjs.server_component, with the digest), without request data, so the event ' +
          'carries no marker and the check claims it by its message. Next delivers the failure to onRequestError once, ' +
          "and the SDK drops that capture as the same error captured already. Pinned 'not reported at all' until then: a " +
          'harness blind spot, since an event without the marker was never looked at.',
      },
      {
        next: '>=16.0.0-0 <16.4.0-0',
        expect: { deliveries: 1 },
        note: 'Observed on 16.0.11 to 16.3.8: Next delivers a failed regeneration to onRequestError once (twice from 16.4); reported once.',
      },
    ],
  },
];
