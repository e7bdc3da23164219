import type { ConfigurationId } from '../scenarios/configurations';
import type { EntryReport } from './report';
import { digestOf } from '../scenarios/golden';
import { unhashed } from './report-event';
import { describeDifference, type Difference, type Observation, type ReportSummary, type Screen } from './verdict';

/**
 * The matrix: every catalogue entry observed on several `next` versions, each cell compared with
 * the entry's pinned expectation for that version (through the one verdict) and with the cell of
 * the version before it.
 */

/** Where the screen, the server log and the reports put the digest, and whether they agree. */
export interface DigestAgreement {
  /** The digest the screen shows: the classic digest line's, or a reported/logged digest another screen shows. */
  screen: string | null;
  /** The digest tags of the reports. */
  reports: string[];
  /** Whether every digest above is in the server log; null when no digest was shown or reported. */
  inLog: boolean | null;
  /** Whether screen, reports and log name one digest; null when none was shown or reported. */
  agree: boolean | null;
}

/** What a cell observed, as the matrix shows it. */
export interface ObservedCell {
  screen: Screen;
  reports: ReportSummary[];
  digests: DigestAgreement;
  /** For an entry that loads its route directly too: whether both showed one digest. */
  sameDigestAsDirectLoad?: boolean | null;
  /** Next's calls to the app's onRequestError, counted outside the SDK; null when not counted. */
  deliveries?: number | null;
}

export interface MatrixCell {
  entry: string;
  /** Observed, and the same as the entry's pinned expectation for this version. */
  matchesPin: boolean;
  /** Every difference from the pin, one line each. */
  differences: string[];
  /** The differences in a few words: what a table cell shows. */
  short: string;
  /** Null when the entry could not be observed (see `error`). */
  observed: ObservedCell | null;
  error?: string;
  /** Whether the behaviour differs from the previous version's cell; null for the first column or a missing cell. */
  changed: boolean | null;
  /** The screenshot of the screen, relative to the matrix's folder. */
  screenshot?: string;
  /** Why the entry cannot exist in the column's configuration: as pinned, nothing to observe. */
  notApplicable?: string;
}

export interface MatrixColumn {
  next: string;
  fallback: 'classic' | 'builtin';
  /** The reference app's configuration (scenarios/configurations.ts); absent: the default one. */
  configuration?: ConfigurationId;
  /** The `next` version whose pins the cells are compared with (itself, or the nearest pinned). */
  pinsOf: string | null;
  /** Why this column has no cells, in one line. */
  error?: string;
  /** Workspace adaptations applied (data in scenarios/next-adaptations.ts). */
  adaptations: string[];
  seconds: { install: number; build: number; run: number };
  /** Steps skipped because nothing they depend on changed. */
  reused: { install: boolean; build: boolean; run: boolean };
  /** When the cells were observed (ISO). */
  observedAt: string | null;
  cells: MatrixCell[];
  /** What the column's run sent that no check claimed, a line each: the version deviates however its cells compare (absent: every report was claimed). */
  unaccounted?: string[];
}

export interface Matrix {
  generatedAt: string;
  fallback: 'classic' | 'builtin' | 'both';
  entries: { id: string; title: string }[];
  columns: MatrixColumn[];
}

/** The digests of an observation, and whether they agree. */
export function digestAgreement(observed: Pick<Observation, 'screen' | 'reports' | 'serverLogDigests'>): DigestAgreement {
  const reports = observed.reports.flatMap((report) => (report.digest === null ? [] : [report.digest]));
  const known = [...reports, ...(observed.serverLogDigests ?? [])];
  // Another screen's reference line has its own wording: the digest is whichever known one it shows.
  const screen = digestOf(observed.screen.digestLine) ?? known.find((digest) => observed.screen.lines.some((line) => line.includes(digest))) ?? null;
  const all = new Set([...(screen === null ? [] : [screen]), ...reports]);
  if (all.size === 0) return { screen, reports, inLog: null, agree: null };
  const inLog = observed.serverLogDigests === null ? null : [...all].every((digest) => observed.serverLogDigests!.includes(digest));
  return { screen, reports, inLog, agree: all.size === 1 && inLog !== false && (screen !== null || reports.length > 0) };
}

/** A few words for a list of differences: the distinct fields that differ. */
export function shortDifference(differences: readonly Difference[]): string {
  const words = [
    ...new Set(
      differences.map(({ check, what }) => (check === 'screen' ? what : check === 'reports' ? what.replace(/ report( missing)?$/, ' report') : check)),
    ),
  ];
  return words.join(', ');
}

function sameDigest({ screen, directLoadDigestLine }: Observation): boolean | null {
  const [shown, direct] = [digestOf(screen.digestLine), digestOf(directLoadDigestLine ?? null)];
  return shown === null || direct === null ? null : shown === direct;
}

/** A row of a faultline report as a matrix cell. */
export function cellOf(entry: EntryReport, screenshot?: string): MatrixCell {
  const { verdict } = entry;
  const notApplicable = entry.outcome === 'skipped' ? entry.reasons.find((reason) => reason.startsWith('not applicable ')) : undefined;
  if (notApplicable) return { entry: entry.id, matchesPin: true, differences: [], short: 'n/a', observed: null, changed: null, notApplicable };
  if (!verdict) {
    const error = entry.reasons[0]?.split('\n')[0] ?? `not observed (${entry.outcome})`;
    return { entry: entry.id, matchesPin: false, differences: [], short: 'not observed', observed: null, error, changed: null };
  }
  return {
    entry: entry.id,
    matchesPin: verdict.differences.length === 0,
    differences: verdict.differences.map(describeDifference),
    short: shortDifference(verdict.differences),
    observed: {
      screen: verdict.observed.screen,
      reports: verdict.observed.reports,
      digests: digestAgreement(verdict.observed),
      deliveries: verdict.observed.deliveries?.length ?? null,
      ...(verdict.observed.directLoadDigestLine === undefined ? {} : { sameDigestAsDirectLoad: sameDigest(verdict.observed) }),
    },
    changed: null,
    ...(screenshot ? { screenshot } : {}),
  };
}

/**
 * What a cell's behaviour is, without what changes on every run (digest values, the host): two
 * cells with the same behaviour have the same text.
 */
export function behaviourOf(observed: ObservedCell): string {
  const { screen, reports, digests } = observed;
  const digestShape = (digest: string | null) => (digest === null ? null : digest.replace(/\d+/g, 'N'));
  return JSON.stringify({
    fallback: screen.fallback,
    lines: screen.fallback === 'other' ? screen.lines : null,
    digestLine: digestShape(digestOf(screen.digestLine)),
    status: screen.status,
    path: screen.path,
    sees: screen.sees,
    actionStatus: screen.actionStatus,
    reports: reports
      // Not the mechanism: which of the SDK's hooks caught it is no change a user or a report reader sees.
      .map(({ runtime, type, value, handled, digest }) => ({ runtime, type, value: unhashed(value), handled, digest: digestShape(digest) }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    agree: digests.agree,
    sameDigestAsDirectLoad: observed.sameDigestAsDirectLoad ?? null,
    // How often Next delivers the error to onRequestError is its behaviour too, whatever the SDK then sends.
    deliveries: observed.deliveries ?? null,
  });
}

/** Marks every cell that behaves otherwise than the same entry in the column before it. */
export function markChanges(columns: readonly MatrixColumn[]): MatrixColumn[] {
  const sameKind = (a: MatrixColumn, b: MatrixColumn) => a.fallback === b.fallback && (a.configuration ?? 'default') === (b.configuration ?? 'default');
  return columns.map((column, i) => {
    // The version before in the same configuration and fallback: another configuration is another app.
    const before = columns
      .slice(0, i)
      .reverse()
      .find((candidate) => candidate.error === undefined && sameKind(candidate, column));
    return {
      ...column,
      cells: column.cells.map((cell) => {
        const previous = before?.cells.find((candidate) => candidate.entry === cell.entry);
        const changed = !previous?.observed || !cell.observed ? null : behaviourOf(previous.observed) !== behaviourOf(cell.observed);
        return { ...cell, changed };
      }),
    };
  });
}

/** The entries a column was to observe and holds no cell for: a column that checked less than it claims. */
export function missingEntries(cells: readonly Pick<MatrixCell, 'entry'>[], planned: readonly string[]): string[] {
  const observed = new Set(cells.map((cell) => cell.entry));
  return planned.filter((id) => !observed.has(id));
}

/** A column's reports no check claimed, in one line (null: none); each line names itself (`a node report no check claims: …`). */
export function unaccountedInWords({ unaccounted = [] }: Pick<MatrixColumn, 'unaccounted'>): string | null {
  return unaccounted.length === 0 ? null : unaccounted.join('; ');
}

/**
 * How a column's run ended, in its progress line: its cells as pinned, and any report no check
 * claimed, which makes the version deviate whatever its cells say.
 */
export function columnOutcome({ cells, pinsOf, unaccounted = [] }: Pick<MatrixColumn, 'cells' | 'pinsOf' | 'unaccounted'>): string {
  const matching = cells.filter((cell) => cell.matchesPin).length;
  const stray = unaccounted.length === 0 ? '' : `, and ${unaccounted.length} report${unaccounted.length > 1 ? 's' : ''} no check claims`;
  return `${matching} of ${cells.length} as pinned for ${pinsOf}${stray}`;
}

/** Cells that differ from their pin, over every column: what a matrix run reports as drift. */
export function drift(matrix: Pick<Matrix, 'columns'>): { next: string; entry: string; short: string }[] {
  return matrix.columns.flatMap((column) =>
    column.cells.filter((cell) => !cell.matchesPin).map((cell) => ({ next: column.next, entry: cell.entry, short: cell.error ?? cell.short })),
  );
}
