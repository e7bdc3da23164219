import { route } from '../routes';
import type { ScenarioInput } from '../schema';
import { fromServer, load, REDACTED, serverFallback, thrownMessage, thrownAt } from './shared';

/** `'use cache'` does not build without Cache Components: these routes exist in that build only. */
const onlyUnderCacheComponents = [
  { configuration: 'default', why: "`'use cache'` and the caching APIs do not build without Cache Components (`cacheComponents: true`)" },
] as const;

/** Observed on 16.0.11: the server reported React's redacted message, not the one the cached function threw (from 16.1 the thrown one). */
const redactedOn16_0: NonNullable<ScenarioInput['overrides']>[number] = {
  next: '<16.1.0-0',
  reports: [{ runtime: 'server', type: 'Error', value: { startsWith: REDACTED }, digest: true }],
  note: "Observed on 16.0.11: the server reports React's redacted message, not the one the cached function threw; from 16.1 (16.1.7 to 16.4.5) the thrown one.",
};

/** Cached data, Cache Components' own: `'use cache'` functions, the shell they prerender, their tags. */
export const entries: ScenarioInput[] = [
  {
    ...route('use-cache-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    note:
      "Observed on 16.4.5: a 'use cache' function that throws at request time fails as any request-time server " +
      'failure under Cache Components: the shell went out with 200, then the classic server fallback with its digest; ' +
      'reported once, by the server, with the thrown message.',
    reports: [fromServer(thrownMessage('use-cache-throws'))],
    source: thrownAt('app/(site)/scenarios/use-cache-throws/page.cache-components.tsx', 7),
    overrides: [redactedOn16_0],
    notApplicable: [...onlyUnderCacheComponents],
  },
  {
    ...route('cached-shell-hole-throws'),
    trigger: load,
    expect: { ...serverFallback, status: 200 },
    note:
      "Observed on 16.4.5: the build prerendered the cached heading and the hole's fallback as the static shell; the " +
      'hole fails after it streamed, and the global error replaces the whole page, shell included: the server ' +
      'fallback with its digest, status 200.',
    reports: [fromServer(thrownMessage('cached-shell-hole-throws'))],
    source: thrownAt('bundled/streamed.tsx', 17),
    notApplicable: [...onlyUnderCacheComponents],
  },
  {
    ...route('update-tag-throws'),
    trigger: { kind: 'submit', button: 'Refresh orders' },
    expect: { ...serverFallback, status: 200, actionStatus: 200, deliveries: [1, 2] },
    note:
      'Observed on 16.4.5: the action itself succeeds (it only updates the tag), so it answers 200; the page it ' +
      "re-renders with the tag's fresh data carries the cached function's failure, and the server fallback shows with " +
      'its digest. Once the tag is updated its entry is gone: a second visit runs the cached function again on load. ' +
      'A race of the framework: in some checks (2 of 4 matrix runs here, under load, on 16.4.5 and 16.5.0) a ' +
      'request that finds the page stale revalidates it in the background as well ("Error revalidating the page in ' +
      'the background" in the server log, the same digest), and Next hands that error to onRequestError too: an ' +
      'optional second report and 1 or 2 deliveries.',
    reports: [fromServer(thrownMessage('update-tag-throws')), { ...fromServer(thrownMessage('update-tag-throws')), optional: true }],
    source: thrownAt('app/(site)/scenarios/update-tag-throws/page.cache-components.tsx', 11),
    overrides: [redactedOn16_0],
    notApplicable: [...onlyUnderCacheComponents],
  },
];
