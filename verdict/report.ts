import type { Check, Verdict } from './verdict';

/** What a run's verdict names beside its checks' own: reports and deliveries no check claimed. */
export const UNACCOUNTED = 'unaccounted reports';
/** A verdict check, or the run's own accounting. */
export type RunCheck = Check | typeof UNACCOUNTED;

/** One row of report.json: a catalogue entry (or another conformance check) and its verdict. */
export interface EntryReport {
  /** The catalogue entry's id for a catalogue check (from its annotation, not its title); else the test's title. */
  id: string;
  /** Whether the row is a catalogue entry's check. */
  entry: boolean;
  title: string;
  file: string;
  outcome: 'passed' | 'failed' | 'skipped';
  /** When the check started (ISO); with durationMs, the run's test phase. */
  startedAt: string;
  /**
   * Playwright's duration of the check. A worker's first check also sets up the worker (its
   * browser, the ingest): that time is in no check's duration, it shows as a gap after the check.
   */
  durationMs: number;
  /** Playwright's worker index: which worker (and browser) of its run or shard ran the check; -1 when none did. */
  worker: number;
  /** A catalogue check's verdict: what was expected, what was observed (screen, reports, digests), every difference. */
  verdict?: Verdict;
  /** Why it failed, or why it was skipped. */
  reasons: string[];
  /** Checks of a passed entry that could not run here (server-side ones with --base-url), with why. */
  skippedChecks: string[];
}

/** What a run set out to check: how `outcomeOf` and `faultline merge` tell a complete run from a partial one. */
export interface RunManifest {
  /** Checks Playwright planned (in this shard). */
  planned: number;
  shard: { current: number; total: number } | null;
  /** The selection and catalogue of the run (the same for every shard of one run). */
  selection: string;
  /** Errors outside any check (a `.only` under forbid-only, a worker that died): each makes the run incomplete. */
  errors: string[];
  /** How Playwright ended: `passed`, `failed`, `interrupted` or `timedout`. */
  status: string;
  /** Reports and deliveries the app server received that no check claimed, one line each: each fails the run. */
  unaccounted?: string[];
}

export interface ConformanceReport {
  startedAt: string;
  durationMs: number;
  run: RunManifest;
  counts: { passed: number; failed: number; skipped: number; skippedChecks: number; entries: number };
  /** Sorted by file, then id: the same whatever the worker count or sharding. */
  entries: EntryReport[];
}

export function countOutcomes(entries: readonly EntryReport[]): ConformanceReport['counts'] {
  const counts = { passed: 0, failed: 0, skipped: 0, skippedChecks: 0, entries: 0 };
  for (const entry of entries) {
    counts[entry.outcome]++;
    counts.skippedChecks += entry.skippedChecks.length;
    if (entry.entry && entry.outcome !== 'skipped') counts.entries++;
  }
  return counts;
}

export function inReportOrder(entries: readonly EntryReport[]): EntryReport[] {
  return [...entries].sort((a, b) => a.file.localeCompare(b.file) || a.id.localeCompare(b.id) || a.startedAt.localeCompare(b.startedAt));
}

/** The summary line CI systems read: counts alone on their line. */
export function summaryLine(counts: Pick<ConformanceReport['counts'], 'passed' | 'failed' | 'skipped' | 'skippedChecks'>, unaccounted = 0): string {
  const skippedChecks = counts.skippedChecks > 0 ? `, ${counts.skippedChecks} server-side checks skipped` : '';
  const strays = unaccounted > 0 ? `, ${unaccounted} report${unaccounted > 1 ? 's' : ''} no check claims` : '';
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${skippedChecks}${strays}`;
}

/** The report with what no check claimed on its server added to its run (and kept from an earlier one). */
export function withUnaccounted(report: ConformanceReport, lines: readonly string[]): ConformanceReport {
  return { ...report, run: { ...report.run, unaccounted: [...(report.run.unaccounted ?? []), ...lines] } };
}

/**
 * Why a run that produced this report did not check what it claims, or null when it did: no check
 * ran, some planned checks never ended, or something failed outside the checks.
 */
export function incompleteness(report: ConformanceReport): string | null {
  const { run, counts, entries } = report;
  if (run.errors.length > 0) return run.errors[0];
  if (run.status === 'interrupted' || run.status === 'timedout')
    return `the run was ${run.status === 'interrupted' ? 'interrupted' : 'timed out'} after ${entries.length} of ${run.planned} checks`;
  if (entries.length < run.planned) return `only ${entries.length} of the ${run.planned} planned checks ended`;
  if (counts.passed + counts.failed === 0) return 'the run checked nothing (no check matched the selection, or every one was skipped)';
  return null;
}

/** A verdict a person reads at a glance: what the user saw, or why it deviates. */
export function verdictInWords(entry: EntryReport): string {
  if (entry.outcome !== 'passed') return entry.reasons[0] ?? entry.outcome;
  const screen = entry.verdict?.observed.screen;
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

/**
 * Why these runs' reports do not add up to one whole run, or null when they do: every shard of
 * one selection exactly once (or a single unsharded run).
 */
export function shardSetProblem(runs: readonly { dir: string; run: Pick<RunManifest, 'shard' | 'selection'> | undefined }[]): string | null {
  const missing = runs.find(({ run }) => run === undefined);
  if (missing) return `${missing.dir} has no report.json from a faultline run of this version: cannot tell which shard it is`;
  const manifests = runs.map(({ dir, run }) => ({ dir, run: run! }));
  const [first] = manifests;
  const unsharded = manifests.find(({ run }) => run.shard === null);
  if (unsharded) return manifests.length === 1 ? null : `${unsharded.dir} is a whole run, not a shard: merging it with others would count its checks twice`;
  const other = manifests.find(({ run }) => run.selection !== first.run.selection || run.shard!.total !== first.run.shard!.total);
  if (other) return `${other.dir} is a shard of another run than ${first.dir} (other selection, catalogue or shard count)`;
  const total = first.run.shard!.total;
  const seen = new Map<number, string>();
  for (const { dir, run } of manifests) {
    const twice = seen.get(run.shard!.current);
    if (twice) return `shard ${run.shard!.current}/${total} is given twice (${twice} and ${dir})`;
    seen.set(run.shard!.current, dir);
  }
  const absent = Array.from({ length: total }, (_, i) => i + 1).filter((current) => !seen.has(current));
  if (absent.length > 0)
    return (
      `shard${absent.length > 1 ? 's' : ''} ${absent.map((current) => `${current}/${total}`).join(', ')} missing: the ` +
      `merged report would look complete without ${absent.length > 1 ? 'them' : 'it'}`
    );
  return null;
}

const ABORT_GRACE_MS = 2_000;

/**
 * The report of a run stopped because a part of it died: the cause is the run's error, and checks
 * that ended after it are not judged (a dead server or browser is not a deviation of the app).
 */
export function markAborted(report: ConformanceReport, abort: { cause: string; at: string; notJudged?: string[] }): ConformanceReport {
  // A check that failed on the dead part may end a moment before the death is noticed.
  const at = Date.parse(abort.at) - ABORT_GRACE_MS;
  const entries = report.entries.map((entry) =>
    entry.outcome === 'failed' &&
    (Date.parse(entry.startedAt) + entry.durationMs >= at || (abort.notJudged ?? []).includes(entry.id) || failedWithCause(entry, abort.cause))
      ? { ...entry, outcome: 'skipped' as const, reasons: [`not judged: ${abort.cause}`], verdict: undefined }
      : entry,
  );
  return { ...report, run: { ...report.run, errors: [abort.cause, ...report.run.errors] }, counts: countOutcomes(entries), entries };
}

/**
 * Whether a check failed with the very error that stopped the run, whatever its times say (under
 * load Playwright times a worker fixture's failure from before the fixture's setup, so by its times
 * alone a check that failed on the unloadable target would count as a deviation).
 */
function failedWithCause(entry: EntryReport, cause: string): boolean {
  const error = entry.reasons[0]
    ?.split('\n')[0]
    .replace(/^\w*Error: /, '')
    .trim();
  return Boolean(error) && cause.includes(error!);
}

/** A failure's first line with what differs from check to check (addresses, paths, numbers) taken out. */
function failureShape(reason: string): string {
  return reason
    .split('\n')[0]
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\/[\w./@()-]+/g, '<path>')
    .replace(/\d+/g, '#');
}

/**
 * The reason every one of the first checks of a run failed before it could be judged (no verdict),
 * when it is the same for all of them: the target, not the app (every page times out, nothing
 * usable answers). Null while fewer than `needed` checks ended, or when any was judged or differs.
 */
export function sameFailureBeforeJudging(ended: readonly Pick<EntryReport, 'entry' | 'outcome' | 'verdict' | 'reasons'>[], needed: number): string | null {
  // Only catalogue checks: one that fails before its verdict was stopped by the harness or the target, never judged.
  const first = ended.filter((entry) => entry.entry);
  if (needed < 1 || first.length < needed) return null;
  const unjudged = first.slice(0, needed).every((entry) => entry.outcome === 'failed' && entry.verdict === undefined && entry.reasons.length > 0);
  if (!unjudged) return null;
  const shapes = new Set(first.slice(0, needed).map((entry) => failureShape(entry.reasons[0])));
  return shapes.size === 1 ? first[0].reasons[0].split('\n')[0] : null;
}
