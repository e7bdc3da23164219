import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { major, minor, satisfies, valid } from 'semver';
import { CONFIGURATIONS, type ConfigurationId } from './configurations';
import type { Scenario } from './schema';

/**
 * The `next` versions the whole catalogue was run and pinned on: the entries' own expectations
 * hold for the first, their `overrides` for the others. A version of another minor is compared
 * with the nearest of these, and the run says so.
 */
export const OBSERVED_ON = ['16.5.0', '16.4.5', '16.3.8', '16.2.12', '16.1.7', '16.0.11', '15.5.29'] as const;

/** The `next` installed for the app at `root`, or null when none is. */
export function installedNext(root: string): string | null {
  const manifest = join(root, 'node_modules', 'next', 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : null;
}

export interface ComparedVersion {
  /** The version whose expectations apply. */
  version: string;
  /** Set when the installed version is outside every observed minor: what a run prints first. */
  outside?: string;
}

/** Which observed version's expectations a run of `installed` compares with. */
export function comparedVersion(installed: string | null): ComparedVersion {
  if (installed === null || valid(installed) === null)
    return { version: OBSERVED_ON[0], outside: `no next is installed here; comparing with ${OBSERVED_ON[0]}` };
  const sameMinor = OBSERVED_ON.find((observed) => major(observed) === major(installed) && minor(observed) === minor(installed));
  if (sameMinor) return { version: installed };
  const distance = (observed: string) => Math.abs(major(observed) * 1000 + minor(observed) - (major(installed) * 1000 + minor(installed)));
  const nearest = [...OBSERVED_ON].sort((a, b) => distance(a) - distance(b))[0];
  const minors = OBSERVED_ON.map((observed) => `${major(observed)}.${minor(observed)}.x`).join(', ');
  return {
    version: nearest,
    outside: `next ${installed} is outside the versions this catalogue was pinned on (${minors}); comparing with the nearest, ${nearest}`,
  };
}

type Override = NonNullable<Scenario['overrides']>[number];

/**
 * The versions whose reference build writes maps beside its server chunks, where the entries'
 * `source` pins hold: Turbopack's builds (`next build`'s bundler from 16.0). On 15.5 (webpack, with
 * Sentry's plugin's `sourcemaps: { disable: true }`) the Node.js chunks have none: every Node.js
 * report said `no map` (observed on 15.5.29, the matrix, 2026-12-07), so nothing is pinned there.
 * 16.1.7's resolved to every pinned line (the same matrix).
 */
export const SOURCE_PINNED_FROM = '>=16.0.0-0';

/** Whether an override's range holds the version (none: every version). */
const inRange = (override: Override, version: string) => override.next === undefined || satisfies(version, override.next, { includePrerelease: true });

/** Where an override holds, in the words a note starts with: `under Cache Components, next <16.2.0`. */
function overrideScope(override: Override): string {
  const under = override.configuration ? CONFIGURATIONS[override.configuration].inWords : null;
  const next = override.next ? `next ${override.next}` : null;
  return [under, next].filter(Boolean).join(', ');
}

/**
 * The entry as it holds for `next` `version` under `configuration` (the default one unless said).
 * A version's change is the framework's in every configuration: the first override whose range
 * holds and that names no configuration applies; then, on top, the first that names this
 * configuration and whose range holds (what this configuration changes, on those versions).
 */
export function forNext(scenario: Scenario, version: string, configuration: ConfigurationId = 'default'): Scenario {
  const general = scenario.overrides?.find((candidate) => candidate.configuration === undefined && inRange(candidate, version));
  const own = scenario.overrides?.find((candidate) => candidate.configuration === configuration && inRange(candidate, version));
  const applied = [general, own].filter((override): override is Override => override !== undefined);
  if (scenario.source && !satisfies(version, SOURCE_PINNED_FROM, { includePrerelease: true })) {
    const { source: _unpinned, ...withoutSource } = scenario;
    return forNext(withoutSource, version, configuration);
  }
  if (applied.length === 0) return scenario;
  return {
    ...scenario,
    expect: Object.assign({ ...scenario.expect }, ...applied.map((override) => override.expect ?? {})),
    reports: own?.reports ?? general?.reports ?? scenario.reports,
    ...((own?.source ?? general?.source) && { source: own?.source ?? general?.source }),
    note: applied.map((override) => `${overrideScope(override)}: ${override.note}`).join(' '),
  };
}

/** Why the entry cannot exist under `configuration` (its route does not build there), in the catalogue's words; null where it can. */
export const whyNotApplicable = (scenario: Scenario, configuration: ConfigurationId): string | null =>
  scenario.notApplicable?.find((candidate) => candidate.configuration === configuration)?.why ?? null;

/** Why the entry cannot exist under `configuration`, as a skipped check says it; null where it can. */
export function notApplicableIn(scenario: Scenario, configuration: ConfigurationId): string | null {
  const why = whyNotApplicable(scenario, configuration);
  return why ? `not applicable ${CONFIGURATIONS[configuration].inWords}: ${why}` : null;
}
