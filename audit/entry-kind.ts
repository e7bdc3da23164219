import type { AuditEntryRecord } from '../verdict/attachment';
import type { AuditContext, AuditReport } from '../verdict/audit-reporting';
import type { AuditedApp } from './app/inspect';
import type { Reserved } from './plumbing';

/**
 * What a kind of audit entry is to the pipeline: what it is given and what it gives back, stage
 * by stage. The kinds themselves are listed in `kinds.ts`, each in its folder under `kinds/`.
 */

/** What any kind plans: an entry with its id (its test's title, its row's key). */
export interface PlannedEntry {
  id: string;
  /** Where its error is made in the files the kind placed (a file of the workspace's app folder and its line), when they tell: what its reports must resolve to. */
  thrower?: { file: string; line: number };
}

/** What the pipeline gives a kind to place its entries, once the workspace holds the app on the version audited. */
export interface PlacingContext {
  /** faultline's own tree, whose sources a kind places. */
  faultlineRoot: string;
  /** The app with its config as its `next` resolves it, on the version audited (`app.next`). */
  app: AuditedApp;
  /** The version whose pins apply (the version audited, or the nearest the catalogue was pinned on). */
  pinnedOn: string;
  /** Where faultline's files go in the workspace (its reserved segment, for each router the app has). */
  reserved: Reserved;
  /** faultline's own routes, which a kind that wraps the app's proxy must let through. */
  passes: readonly RegExp[];
  /** The entries asked for (`--scenario`; every entry without one). */
  asked: readonly string[];
  /** Entries the team skips, each with its reason (its config's `skip`): not applicable. */
  skip: Readonly<Record<string, string>>;
  /** The ids this kind's last build in the workspace held: placed again, so that no selection loses the build another made. */
  held: readonly string[];
}

/** What a kind placed: the entries it plans, those it cannot, and what the build must hold of it. */
export interface KindPlacement<Entry extends PlannedEntry = PlannedEntry> {
  entries: Entry[];
  notApplicable: { id: string; why: string }[];
  /** The ids its files in the workspace hold: kept there for its next build (`held`). */
  holds: string[];
  /** Whether one of its entries wrapped the app's own proxy, which then lets faultline's routes through itself. */
  proxyWrapped: boolean;
  /** What it placed, in a line said before the build. */
  said: string;
  /** Its entries are known only once the app is built (the app's own routes): planning nothing before the build is no reason to refuse the audit. */
  fromBuild?: boolean;
}

/** What the pipeline gives a kind once the run has settled, to claim the reports no entry's check claimed. */
export interface SettledRun {
  /** The server's log over the whole run. */
  log: string;
  /** Whether the server log counts Next's hand-overs to the app's `onRequestError` (the audit's plumbing). */
  countsDeliveries: boolean;
  /** The app's reporting as the workers judged the entries by it (the plan's). */
  reporting: AuditContext;
}

/** One kind of audit entry: what the pipeline asks of it, stage by stage. */
export interface EntryKind<Entry extends PlannedEntry = PlannedEntry> {
  /** Its name: its folder, its entries' key in the plan, the file that keeps what its last build held. */
  readonly name: string;
  /** Before the build: its files written into the workspace, and what it plans and rules out. */
  place(context: PlacingContext): KindPlacement<Entry>;
  /**
   * What it runs in the audited server beside the intercept, when it planned entries: an `--import=`
   * option (plain ESM that imports nothing of faultline) and the log it writes, which its workers
   * read (the plan's `serverLogs`, by the kind's name). `state` is the workspace's `.faultline/`.
   */
  server?(entries: readonly Entry[], state: string): { preload: string; log: string } | null;
  /** After the build: what the built app rules out of its plan (what its manifests say), moved to not applicable. */
  built(placement: KindPlacement<Entry>, build: { dir: string; app: AuditedApp }): KindPlacement<Entry>;
  /** Its entries cut into groups that one worker runs in order: two that cannot run side by side are in one. */
  groups(entries: readonly Entry[]): Entry[][];
  /** Those of its entries whose errors the server log names them by: a wall of the app's own is told apart from what they set off. */
  named(entries: readonly Entry[]): string[];
  /**
   * Once the run has settled: the reports no check claimed that are about one of its entries (a
   * reporter that sent after the entry's check ended), each entry's record judged again with them;
   * the reports about none of its entries left for the others.
   */
  late(
    entries: readonly Entry[],
    records: ReadonlyMap<string, AuditEntryRecord>,
    unclaimed: readonly AuditReport[],
    run: SettledRun,
  ): { records: AuditEntryRecord[]; left: AuditReport[] };
}
