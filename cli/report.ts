import type { Screen } from '../fixtures/scenario-driver';

/** One row of report.json: a catalogue entry (or another conformance check) and its verdict. */
export interface EntryReport {
  id: string;
  title: string;
  file: string;
  outcome: 'passed' | 'failed' | 'skipped';
  /** When the check started (ISO); with durationMs, the run's test phase. */
  startedAt: string;
  durationMs: number;
  expected?: Record<string, unknown>;
  observed?: Screen;
  /** Why it failed, or why it was skipped. */
  reasons: string[];
  /** Checks of a passed entry that could not run here (server-side ones with --base-url), with why. */
  skippedChecks: string[];
}

export interface ConformanceReport {
  startedAt: string;
  durationMs: number;
  counts: { passed: number; failed: number; skipped: number; skippedChecks: number };
  /** Sorted by file, then id: the same whatever the worker count or sharding. */
  entries: EntryReport[];
}

export function countOutcomes(entries: readonly EntryReport[]): ConformanceReport['counts'] {
  const counts = { passed: 0, failed: 0, skipped: 0, skippedChecks: 0 };
  for (const entry of entries) {
    counts[entry.outcome]++;
    counts.skippedChecks += entry.skippedChecks.length;
  }
  return counts;
}

export function inReportOrder(entries: readonly EntryReport[]): EntryReport[] {
  return [...entries].sort((a, b) => a.file.localeCompare(b.file) || a.id.localeCompare(b.id) || a.startedAt.localeCompare(b.startedAt));
}

/** The summary line CI systems read: counts alone on their line. */
export function summaryLine(counts: ConformanceReport['counts']): string {
  const skippedChecks = counts.skippedChecks > 0 ? `, ${counts.skippedChecks} server-side checks skipped` : '';
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${skippedChecks}`;
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
  const skipped = entry.skippedChecks.length > 0 ? ` (skipped: ${entry.skippedChecks.map((c) => c.split(':')[0]).join(', ')})` : '';
  return `${seen}, HTTP ${screen.status}${skipped}`;
}

export function slowest(entries: readonly EntryReport[], count = 3): EntryReport[] {
  return [...entries].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
}
