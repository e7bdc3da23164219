import type { AuditResult } from './audit-result';
import { reportInOneLine, unhashed, type EventInBrief } from './report-event';
import { unvarying } from './screen-kind';

/**
 * The audit matrix: one app audited on several `next` versions, each entry's behaviour compared
 * with the column before it, and the upgrade question answered: what changes for the app's users
 * and its reports between its own `next` and another.
 */

export type AuditedEntry = AuditResult['entries'][number];

export interface VersionAudit {
  next: string;
  /** The app's own `next`, as installed. */
  own: boolean;
  /** Why this column holds no audit, in one line (a version that does not install, an app that does not build on it). */
  error?: string;
  /** Adaptations applied to the app's workspace for this version (data in scenarios/next-adaptations.ts). */
  adaptations: string[];
  seconds: { install: number; build: number; test: number };
  /** Steps skipped because nothing they depend on changed. */
  reused: { install: boolean; build: boolean; observation: boolean };
  /** When the audit was observed (ISO). */
  observedAt: string | null;
  result: AuditResult | null;
}

/** A column as the matrix holds it: compared with the columns before it. */
export interface ComparedColumn extends VersionAudit {
  /** The entries that behave otherwise here than in the nearest column before that judged them (`changedAt`). */
  changed: string[];
}

export interface AuditMatrix {
  generatedAt: string;
  app: { root: string; name: string; next: string; sentry: boolean };
  entries: { id: string; title: string }[];
  columns: ComparedColumn[];
  /** The upgrade from the app's own `next` to another, when asked. */
  upgrade: Upgrade | null;
}

/** A report as two cells' behaviours compare it: its one line, its text unhashed, without its digest (each build's own). */
const reportText = ({ runtime, type, value }: { runtime: string } & Pick<EventInBrief, 'type' | 'value'>) =>
  reportInOneLine({ runtime, type, value: unhashed(value) });
const findingText = (finding: AuditedEntry['findings'][number]) => `${finding.check}: ${finding.what}`;

/** An entry's behaviour in the app as a text: two cells with the same behaviour have the same text. */
export function auditBehaviour(entry: AuditedEntry): string {
  return JSON.stringify({
    screen: entry.screen,
    lines: entry.lines.map(unvarying),
    status: entry.status,
    reports: entry.reports.map(reportText).sort(),
    findings: entry.findings.map(findingText).sort(),
  });
}

/** The entry in a column's audit, if it was judged there. */
export const cellOf = (column: VersionAudit, id: string): AuditedEntry | undefined => column.result?.entries.find((entry) => entry.id === id);

/** Whether the entry behaves otherwise in column `index` than in the nearest column before it that judged it; null when there is none to compare. */
export function changedAt(columns: readonly VersionAudit[], index: number, id: string): boolean | null {
  const cell = cellOf(columns[index], id);
  const before = columns
    .slice(0, index)
    .reverse()
    .map((column) => cellOf(column, id))
    .find(Boolean);
  return !cell || !before ? null : auditBehaviour(cell) !== auditBehaviour(before);
}

/** The versions' audits, each compared with those before it: judged once here, so the matrix's files and tools reading its JSON see the same changes. */
export function comparedColumns(columns: readonly VersionAudit[]): ComparedColumn[] {
  return columns.map((column, index) => ({
    ...column,
    changed: (column.result?.entries ?? []).filter((entry) => changedAt(columns, index, entry.id) === true).map((entry) => entry.id),
  }));
}

/** One entry's difference between two versions: only what differs is there. */
export interface EntryUpgrade {
  id: string;
  title: string;
  /** The entry is judged on one version only (`judgedOn`): why not on the other. */
  only?: { judgedOn: string; otherwise: string };
  screen?: { from: ScreenSide; to: ScreenSide };
  status?: { from: number; to: number };
  /** Reports that appear or vanish, and those of the same runtime and type whose value changes (a new issue in Sentry's grouping). */
  reports?: { appear: string[]; vanish: string[]; change: { from: string; to: string }[] };
  findings?: { fixed: string[]; new: string[] };
}

export interface ScreenSide {
  kind: string;
  lines: string[];
  screenshot: string | null;
}

export interface Upgrade {
  from: string;
  to: string;
  /** Why the question has no answer (a side could not be audited), in one line. */
  error?: string;
  entries: EntryUpgrade[];
}

/** One version's side of an entry: its cell, or why it has none. */
export interface Side {
  next: string;
  cell: AuditedEntry | undefined;
  absence: string;
}

const minus = (a: readonly string[], b: readonly string[]) => a.filter((item) => !b.includes(item));

/** Reports gone and come, a gone one and a come one of the same runtime and type taken as one report whose value changed. */
function pairChanges(vanish: string[], appear: string[]): NonNullable<EntryUpgrade['reports']> {
  const kind = (report: string) => report.slice(0, report.indexOf(':'));
  const change: { from: string; to: string }[] = [];
  const left = [...appear];
  const gone = vanish.filter((from) => {
    const at = left.findIndex((to) => kind(to) === kind(from));
    if (at < 0) return true;
    change.push({ from, to: left.splice(at, 1)[0] });
    return false;
  });
  return { appear: left, vanish: gone, change };
}

/** What differs for one entry between two audits of the app, or null when nothing does. */
export function entryUpgrade(id: string, title: string, before: Side, after: Side): EntryUpgrade | null {
  const [from, to] = [before.cell, after.cell];
  if (!from && !to) return null;
  if (!from || !to)
    return { id, title, only: from ? { judgedOn: before.next, otherwise: after.absence } : { judgedOn: after.next, otherwise: before.absence } };
  const upgrade: EntryUpgrade = { id, title };
  if (from.screen !== to.screen || JSON.stringify(from.lines.map(unvarying)) !== JSON.stringify(to.lines.map(unvarying))) {
    upgrade.screen = {
      from: { kind: from.screen, lines: from.lines, screenshot: from.screenshot },
      to: { kind: to.screen, lines: to.lines, screenshot: to.screenshot },
    };
  }
  if (from.status !== to.status) upgrade.status = { from: from.status, to: to.status };
  const [reportsFrom, reportsTo] = [from.reports.map(reportText).sort(), to.reports.map(reportText).sort()];
  if (JSON.stringify(reportsFrom) !== JSON.stringify(reportsTo)) upgrade.reports = pairChanges(minus(reportsFrom, reportsTo), minus(reportsTo, reportsFrom));
  const [findingsFrom, findingsTo] = [from.findings.map(findingText), to.findings.map(findingText)];
  const findings = { fixed: minus(findingsFrom, findingsTo), new: minus(findingsTo, findingsFrom) };
  if (findings.fixed.length || findings.new.length) upgrade.findings = findings;
  return Object.keys(upgrade).length > 2 ? upgrade : null;
}

/** An entry's side in a column: its cell, or why it has none, in a line. */
function sideOf(column: VersionAudit, id: string): Side {
  const notApplicable = column.result?.notApplicable.find((entry) => entry.id === id);
  const notJudged = column.result?.notJudged.find((entry) => entry.id === id);
  const absence = column.error
    ? `not audited (${column.error})`
    : notApplicable
      ? `not applicable on ${column.next} (${notApplicable.why})`
      : notJudged
        ? `not judged on ${column.next} (${notJudged.why})`
        : `not in the selection on ${column.next}`;
  return { next: column.next, cell: cellOf(column, id), absence };
}

/** The upgrade from column `from` to column `to`: every entry that differs, in catalogue order. */
export function upgradeBetween(entries: readonly { id: string; title: string }[], from: VersionAudit, to: VersionAudit): Upgrade {
  const side = from.error ? from : to.error ? to : null;
  if (side) return { from: from.next, to: to.next, error: `next ${side.next} could not be audited: ${side.error}`, entries: [] };
  const differing = entries.flatMap(({ id, title }) => entryUpgrade(id, title, sideOf(from, id), sideOf(to, id)) ?? []);
  return { from: from.next, to: to.next, entries: differing };
}

/** The upgrade in a line per kind of change: what a team reads first. */
export function upgradeHeadlines(upgrade: Upgrade): string[] {
  if (upgrade.error) return [upgrade.error];
  const count = (pick: (entry: EntryUpgrade) => unknown) => upgrade.entries.filter(pick).map((entry) => entry.id);
  const said = (ids: string[], what: string) =>
    ids.length ? [`${what}: ${ids.length} entr${ids.length === 1 ? 'y' : 'ies'} (${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''})`] : [];
  const screens = new Map<string, string[]>();
  for (const entry of upgrade.entries) {
    if (!entry.screen) continue;
    const key = `${entry.screen.from.kind} → ${entry.screen.to.kind}`;
    screens.set(key, [...(screens.get(key) ?? []), entry.id]);
  }
  const lines = [...screens].flatMap(([change, ids]) => said(ids, `the screen changes (${change})`));
  lines.push(
    ...said(
      count((entry) => entry.status),
      'the status changes',
    ),
  );
  lines.push(
    ...said(
      count((entry) => entry.reports?.change.length),
      'reports change value',
    ),
  );
  lines.push(
    ...said(
      count((entry) => entry.reports?.appear.length),
      'reports appear',
    ),
  );
  lines.push(
    ...said(
      count((entry) => entry.reports?.vanish.length),
      'reports vanish',
    ),
  );
  lines.push(
    ...said(
      count((entry) => entry.findings?.fixed.length),
      'findings fixed',
    ),
  );
  lines.push(
    ...said(
      count((entry) => entry.findings?.new.length),
      'findings new',
    ),
  );
  lines.push(
    ...said(
      count((entry) => entry.only),
      'judged on one side only',
    ),
  );
  return lines.length ? lines : [`nothing changes for the app's users or its reports between next ${upgrade.from} and ${upgrade.to}`];
}

/** Entries whose upgrade is the same change (the same screens, statuses, reports and findings on both sides, digests aside), each change once with its entries. */
export function groupedUpgrade(upgrade: Upgrade): { entries: EntryUpgrade[]; first: EntryUpgrade }[] {
  const groups = new Map<string, EntryUpgrade[]>();
  for (const entry of upgrade.entries) {
    const { id: _id, title: _title, ...change } = entry;
    const key = JSON.stringify(change, (name, value) => (name === 'screenshot' ? undefined : typeof value === 'string' ? unvarying(value) : value));
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()].map((entries) => ({ entries, first: entries[0] }));
}
