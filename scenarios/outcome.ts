import type { Scenario } from './schema';

/** An entry's expected screen in a few words (`server fallback + digest, 500`): `faultline list` and the docs' catalogue table. */
export function expectedOutcome(scenario: Scenario): string {
  const { fallback, digest, status } = scenario.expect;
  const screen = fallback === 'none' ? 'no fallback' : `${fallback} fallback${digest ? ' + digest' : ''}`;
  return `${screen}, ${status}`;
}
