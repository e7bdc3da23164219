import type { Screen } from '../fixtures/scenario-driver';

/** One row of report.json: a catalogue entry (or another conformance check) and its verdict. */
export interface EntryReport {
  id: string;
  title: string;
  file: string;
  outcome: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  expected?: Record<string, unknown>;
  observed?: Screen;
  /** Why it failed, or why it was skipped. */
  reasons: string[];
}

export interface ConformanceReport {
  startedAt: string;
  durationMs: number;
  counts: { passed: number; failed: number; skipped: number };
  entries: EntryReport[];
}

export function countOutcomes(entries: readonly EntryReport[]): ConformanceReport['counts'] {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const entry of entries) counts[entry.outcome]++;
  return counts;
}

/** A verdict a person reads at a glance: what the user saw, or why it deviates. */
export function verdictInWords(entry: EntryReport): string {
  if (entry.outcome !== 'passed') return entry.reasons[0] ?? entry.outcome;
  const screen = entry.observed;
  if (!screen) return 'ok';
  const seen =
    screen.fallback === 'none'
      ? `no fallback${screen.sees ? `, shows "${screen.sees}"` : screen.sees === '' ? ', empty body' : ''}`
      : `${screen.fallback} fallback${screen.digestLine ? `, ${screen.digestLine}` : ''}`;
  return `${seen}, HTTP ${screen.status}`;
}

export function slowest(entries: readonly EntryReport[], count = 3): EntryReport[] {
  return [...entries].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
}
