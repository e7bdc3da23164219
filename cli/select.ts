import type { Scenario } from '../scenarios/schema';
import { nearest } from './nearest';
import { UsageError } from './usage-error';

export function resolveScenario(catalogue: readonly Scenario[], id: string): Scenario {
  const found = catalogue.find((scenario) => scenario.id === id);
  if (found) return found;
  if (catalogue.length === 0) throw new UsageError(`Unknown scenario "${id}": the catalogue has no entries`);
  const suggestions = nearest(id, catalogue.map((s) => s.id)).join(', ');
  throw new UsageError(`Unknown scenario "${id}". Did you mean: ${suggestions}? (faultline list shows all)`);
}
