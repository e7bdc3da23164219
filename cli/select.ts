import type { Scenario } from '../scenarios/schema';
import { nearest } from './nearest';
import { UsageError } from './usage-error';

/** Characters a terminal does not show (controls, format characters like U+200B, odd spaces). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u2000-\u200a\u202f\u205f\u3000]/gu;

/** `text` as a reader can compare it: every invisible character written as `\u{…}`. */
export function visible(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`);
}

export function resolveScenario(catalogue: readonly Scenario[], id: string): Scenario {
  const found = catalogue.find((scenario) => scenario.id === id);
  if (found) return found;
  const shown = visible(id);
  const hidden = shown === id ? '' : ' (it holds a character the terminal does not show)';
  if (catalogue.length === 0) throw new UsageError(`Unknown scenario "${shown}"${hidden}: the catalogue has no entries`);
  const suggestions = nearest(
    id.replace(INVISIBLE, ''),
    catalogue.map((s) => s.id),
  ).join(', ');
  throw new UsageError(`Unknown scenario "${shown}"${hidden}. Did you mean: ${suggestions}? (faultline list shows all)`);
}
