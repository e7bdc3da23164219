import type { Scenario } from '../scenarios/schema';
import { nearest } from './nearest';
import { UsageError } from './usage-error';

export function resolveScenario(catalogue: readonly Scenario[], id: string): Scenario {
  const found = catalogue.find((scenario) => scenario.id === id);
  if (found) return found;
  const suggestions = nearest(id, catalogue.map((s) => s.id)).join(', ');
  throw new UsageError(`Unknown scenario "${id}". Did you mean: ${suggestions}? (faultline list shows all)`);
}

/** A Playwright --grep pattern matching exactly these catalogue tests (titled by id). */
export function grepForIds(ids: readonly string[]): string {
  const escaped = ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(^| )(${escaped.join('|')})$`;
}
