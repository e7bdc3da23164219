import type { ExpectedReport, Scenario, SourcePin } from '../scenarios/schema';
import { CLASSIC_SENTENCE, digestOf, expectedHost, REDACTED_MESSAGE_START } from '../scenarios/golden';
import type { ScreenKind, SeenScreen } from './screen-kind';
import type { EventInBrief } from './report-event';
import type { Observed } from './observation';

/**
 * The one verdict of faultline: what an entry expects, what a check observed, and every
 * difference between them. The catalogue spec, the ingest-fault checks, `repro`, the reporter and
 * `report.json` all use it; nothing else compares.
 */

/** Why a server-side check is skipped: the server was not started by faultline (`--base-url`). */
export const REMOTE_SKIP_REASON = 'needs the server started by faultline (its log and its reports); skipped with --base-url';

/** The classic fallback's variant; `other` for another error screen (Next's own from 16.2); `none` for no error screen. */
export type Fallback = 'server' | 'client' | 'other' | 'none';

/** What the user saw once the page settled (the screen both targets see), with the fallback's parts the verdict compares: every field exactly as shown. */
export interface Screen extends SeenScreen {
  fallback: Fallback;
  /** The fallback sentence exactly as shown (on another error screen: its first line), or null. */
  heading: string | null;
  /** The digest line exactly as shown, or null. */
  digestLine: string | null;
  /** The entry's `sees` text when it is shown; otherwise what the page showed instead. */
  sees: string | null;
  actionStatus: number | null;
  /** For a load: the status of the HTTP redirect it followed first, or null where it followed none. */
  redirectStatus?: number | null;
  /** What the user saw, in the words an audit uses (`verdict/screen-kind.ts`): said beside a difference, never compared with a pin. */
  kind: ScreenKind;
}

/** A text exactly, or the start of one whose rest changes from run to run. */
export type TextMatch = ExpectedReport['value'];

/** What an entry promises the user sees. The digest is opaque: only whether a line shows one. */
export interface ExpectedScreen extends Omit<Screen, 'digestLine' | 'lines' | 'linesBefore' | 'sees' | 'kind'> {
  digest: boolean;
  sees: TextMatch | null;
}

/** A frame of a report: as the reporter sent it (the chunk, minified), or as the build's maps resolve it (the app's source). */
export interface SourceFrame {
  file: string;
  line: number;
  /** 1-based; null: the report gives none. */
  column: number | null;
  /** The function's name: the runtime's (raw), or the one the map restores (resolved); null: none. */
  function: string | null;
}

/**
 * Where a report's top frame of the app's code resolves through the build's own maps, beside the
 * frame as sent (`worker/report-source.ts`); or why it does not (no map, no frames, every frame a
 * library's), with its raw top frame where it has one.
 */
export type ReportSource = { resolved: SourceFrame; raw: SourceFrame } | { unresolved: string; raw: SourceFrame | null };

/** An error event reduced to what the catalogue pins: what it says (as an audit's report says it), who sent it and how the check knows it is its own. */
export interface ReportSummary extends EventInBrief {
  runtime: 'server' | 'browser';
  /** Where it resolves through the build's maps (the browser's: no map); absent where the build is not read (--base-url, next dev). */
  source?: ReportSource;
  /**
   * How the check knows the event is its own: the marker of its request, the message that names its
   * entry or the digest its screen showed (a server event without request data), or its page (the
   * browser SDK's). Never compared: `report.json` says it.
   */
  attributedBy?: 'marker' | 'message' | 'digest' | 'page';
}

/** One call of Next to the app's onRequestError, as a check owns it. */
export interface DeliverySummary {
  runtime: string;
  routeType: string | null;
  renderSource: string | null;
  attributedBy: 'marker' | 'message' | 'digest';
}

/** A text that must never reach the browser, and where it was found. */
export interface Leak {
  text: string;
  foundIn: string;
}

/**
 * Everything one check of an entry observed in the reference app: the observation both targets
 * make, with the screen's fallback parts and the evidence the catalogue's pins are compared with.
 * Its reports are error events from both runtimes (the browser's only, when `serverReports` is false).
 */
export interface Observation extends Observed<ReportSummary, Screen> {
  /** False when the server's reports are out of reach (--base-url): its expectations are skipped. */
  serverReports: boolean;
  /** Envelopes that did not parse or could not be answered, pages without a Sentry client. */
  reportProblems: string[];
  /** The digest line a direct load of the entry's `directLoad.path` showed, when it asks for one. */
  directLoadDigestLine?: string | null;
  /** What that direct load made the server send: claimed by the check, not compared with its pins (null: the server is not ours). */
  directLoadReports?: ReportSummary[] | null;
  /** What reports carry that they must not (client addresses, query strings, cookie values). */
  privacy: string[];
  leaks: Leak[];
  /** How many requests the trigger's condition failed after its click (blocked chunks, failed RSC requests); absent: it set none. */
  triggerFailed?: number;
  /** Next's calls to the app's onRequestError this check owns, counted outside the SDK; null when the server is not ours. */
  deliveries: DeliverySummary[] | null;
  /** Why the check's first document was cut off mid-stream (the connection, not the app's page); absent when it arrived whole. */
  documentCutOff?: string;
  /** For a failure after the response: what the check waited for before proving anything, and what never came (null: it all came). */
  background?: { awaited: string; missing: string | null };
}

export interface Expected {
  /** Why the entry expects what it does, where that surprises (for another `next`, the override's note). */
  note?: string;
  screen: ExpectedScreen;
  reports: ExpectedReport[];
  directLoad?: { path: string; sameDigest: boolean };
  /** The requests the trigger must have failed after its click, in words; absent: it fails none. */
  triggerFails?: string;
  /** How many times Next calls the app's onRequestError for it (pinned, as a number or a range, or once per required server report). */
  deliveries: number | [number, number];
  /** Where each runtime's reports must resolve through the build's maps; absent: not pinned. */
  source?: Scenario['source'];
}

/** What a navigate trigger makes fail (the failure the entry is about), in words; null: nothing. */
function triggerFailsOf(trigger: Scenario['trigger']): string | null {
  if (trigger.kind !== 'navigate') return null;
  if (trigger.blockChunks) return 'chunk requests, blocked';
  if (trigger.failRsc) return `RSC requests, ${trigger.failRsc}`;
  return null;
}

export const CHECKS = [
  'trigger',
  'background work',
  'screen',
  'reports',
  'deliveries',
  'report problems',
  'digest: report = screen',
  'digest: in server log',
  'direct load',
  'privacy',
  'no leak',
  'source',
] as const;
export type Check = (typeof CHECKS)[number];

export interface Difference {
  check: Check;
  /** The field or item that differs. */
  what: string;
  expected: unknown;
  observed: unknown;
}

export interface Verdict {
  /** The catalogue entry: the row's key in report.json, whatever the test is titled. */
  entry: string;
  expected: Expected;
  observed: Observation;
  differences: Difference[];
  /** Checks that could not run here, with why: never counted as passed. */
  skipped: string[];
  /** What to do about the differences, where there are some and the check knows where the entry is pinned. */
  fix?: string;
  /** With a fix: the command that replays the check. */
  replay?: string;
}

/** Where the entry a check judges is pinned, the `next` installed where it ran, and the command that replays it. */
export interface Pinned {
  file: string;
  next: string | null;
  replay: string;
}

/**
 * The fix of a reference app's deviation: the reference app is faultline's own, so a deviation is
 * a version's change (pinned as data) or a break of faultline's, never a finding for a team.
 */
function deviationFix(entry: string, { file, next }: Pinned): string {
  return `if ${next ? `next ${next}` : 'this next'} changed this on purpose, pin the change as an override of ${entry} in ${file} (docs/catalogue.md); if not, the reference app or faultline broke it`;
}

/** What `scenario` promises a browser that loaded `baseUrl`. */
export function expectedOf(scenario: Scenario, baseUrl: string): Expected {
  const { expect: e, path } = scenario;
  const triggerFails = triggerFailsOf(scenario.trigger);
  return {
    ...(scenario.note ? { note: scenario.note } : {}),
    screen: {
      fallback: e.fallback,
      heading: e.fallback === 'server' || e.fallback === 'client' ? CLASSIC_SENTENCE[e.fallback](expectedHost(baseUrl)) : null,
      digest: e.digest,
      status: e.status,
      path: e.url ?? path,
      sees: e.sees ?? null,
      actionStatus: e.actionStatus ?? null,
      ...(e.redirectStatus !== undefined && { redirectStatus: e.redirectStatus }),
    },
    reports: scenario.reports,
    ...(e.directLoad ? { directLoad: e.directLoad } : {}),
    ...(triggerFails ? { triggerFails } : {}),
    deliveries: e.deliveries ?? scenario.reports.filter((report) => report.runtime === 'server' && !report.optional).length,
    ...(scenario.source && { source: scenario.source }),
  };
}

/** The screen's differences from what was promised; also what the ingest-fault checks compare. */
export function screenDifferences(expected: ExpectedScreen, observed: Screen): Difference[] {
  const differences: Difference[] = [];
  const differ = (what: string, e: unknown, o: unknown) => {
    if (e !== o) differences.push({ check: 'screen', what, expected: e, observed: o });
  };
  differ('fallback', expected.fallback, observed.fallback);
  differ('heading', expected.heading, observed.heading);
  const shown = digestOf(observed.digestLine);
  if (expected.digest ? shown === null : observed.digestLine !== null) {
    differences.push({ check: 'screen', what: 'digest line', expected: expected.digest ? 'Digest: <any digest>' : null, observed: observed.digestLine });
  }
  differ('status', expected.status, observed.status);
  differ('path', expected.path, observed.path);
  if (expected.redirectStatus !== undefined) differ('redirect status', expected.redirectStatus, observed.redirectStatus ?? null);
  const seesMatches = expected.sees === null || observed.sees === null ? expected.sees === observed.sees : textMatches(expected.sees, observed.sees);
  if (!seesMatches) {
    differences.push({ check: 'screen', what: 'sees', expected: expected.sees === null ? null : shownAs(expected.sees), observed: observed.sees });
  }
  differ('actionStatus', expected.actionStatus, observed.actionStatus);
  return differences;
}

function textMatches(expected: TextMatch, text: string): boolean {
  return typeof expected === 'string' ? text === expected : text.startsWith(expected.startsWith);
}

/** A match as a reader compares it: the text, or its start followed by `…`. */
function shownAs(expected: TextMatch): string {
  return typeof expected === 'string' ? expected : `${expected.startsWith}…`;
}

function reportMatches(expected: ExpectedReport, observed: ReportSummary): boolean {
  return (
    expected.runtime === observed.runtime &&
    expected.type === observed.type &&
    textMatches(expected.value, observed.value ?? '') &&
    observed.handled === false &&
    expected.digest === (observed.digest !== null)
  );
}

/** An expected report as a reader compares it with a summary. */
function promised(report: ExpectedReport) {
  return {
    runtime: report.runtime,
    type: report.type,
    value: shownAs(report.value),
    handled: false,
    digest: report.digest ? '<a digest>' : null,
    ...(report.optional ? { optional: true } : {}),
  };
}

/** Pairs expected and observed reports one to one; what is left on either side differs. */
function reportDifferences(expected: readonly ExpectedReport[], observed: readonly ReportSummary[]) {
  const unmatched = [...observed];
  const pairs: [ExpectedReport, ReportSummary][] = [];
  const missing: ExpectedReport[] = [];
  for (const report of expected) {
    const at = unmatched.findIndex((candidate) => reportMatches(report, candidate));
    if (at === -1) missing.push(report);
    else pairs.push([report, ...unmatched.splice(at, 1)] as [ExpectedReport, ReportSummary]);
  }
  const differences: Difference[] = [];
  // A near miss (same runtime) reads best as one difference with both sides; an optional report may be missing.
  for (const report of missing.filter((candidate) => !candidate.optional)) {
    const at = unmatched.findIndex((candidate) => candidate.runtime === report.runtime);
    const [near] = at === -1 ? [null] : unmatched.splice(at, 1);
    differences.push({
      check: 'reports',
      what: near ? `${report.runtime} report` : `${report.runtime} report missing`,
      expected: promised(report),
      observed: near,
    });
  }
  for (const extra of unmatched) differences.push({ check: 'reports', what: `unexpected ${extra.runtime} report`, expected: null, observed: extra });
  return { pairs, differences };
}

/** What the trigger and the page did before anything is compared: the failure the entry names happened, its work after the response ran, the document arrived whole. */
function triggerDifferences(expected: Expected, observed: Observation): Difference[] {
  const differences: Difference[] = [];
  // A navigation that was to fail but whose condition caught none of its requests showed the page
  // for another reason (a prefetch had it already): what the entry names did not happen.
  if (expected.triggerFails && !((observed.triggerFailed ?? 0) > 0))
    differences.push({
      check: 'trigger',
      what: `requests the trigger failed after the click (${expected.triggerFails})`,
      expected: 'at least 1',
      observed: observed.triggerFailed ?? null,
    });
  // A failure after the response is proven only once the server showed the work ran.
  if (observed.background?.missing)
    differences.push({ check: 'background work', what: observed.background.awaited, expected: 'seen', observed: observed.background.missing });
  // A document cut off mid-stream shows what arrived, not what the app rendered: said as such, not as a missing fallback.
  if (observed.documentCutOff)
    differences.push({
      check: 'trigger',
      what: 'the document was cut off mid-stream (what the user saw is what arrived)',
      expected: 'a whole document',
      observed: observed.documentCutOff,
    });
  else differences.push(...screenDifferences(expected.screen, observed.screen));
  return differences;
}

/** Reported once: Next delivered the failure once to `onRequestError` (the SDK drops a second capture of the same error unseen). */
function deliveryDifferences(expected: Expected, observed: Observation): Difference[] {
  if (observed.deliveries === null) return [];
  const [fewest, most] = typeof expected.deliveries === 'number' ? [expected.deliveries, expected.deliveries] : expected.deliveries;
  const count = observed.deliveries.length;
  return count < fewest || count > most
    ? [{ check: 'deliveries', what: "Next's calls to the app's onRequestError", expected: expected.deliveries, observed: count }]
    : [];
}

/** Digests are opaque: whatever string is on screen must be the one on the report and in the log. */
function digestDifferences(observed: Observation, paired: readonly ReportSummary[]): Difference[] {
  const differences: Difference[] = [];
  const screenDigest = digestOf(observed.screen.digestLine);
  const tagged = paired.filter((report) => report.digest !== null);
  if (screenDigest !== null)
    for (const report of tagged)
      if (report.digest !== screenDigest)
        differences.push({ check: 'digest: report = screen', what: `${report.runtime} report digest tag`, expected: screenDigest, observed: report.digest });
  if (observed.serverLogDigests === null) return differences;
  const digests = new Set([...(screenDigest === null ? [] : [screenDigest]), ...tagged.map((report) => report.digest!)]);
  for (const digest of digests)
    if (!observed.serverLogDigests.includes(digest))
      differences.push({ check: 'digest: in server log', what: `digest: '${digest}'`, expected: digest, observed: observed.serverLogDigests });
  return differences;
}

/** The digest a direct load of another path shows: present, and the same as this one's or not, as the entry says. */
function directLoadDifferences(expected: Expected, observed: Observation): Difference[] {
  if (!expected.directLoad) return [];
  const line = observed.directLoadDigestLine ?? null;
  const direct = digestOf(line);
  if (direct === null) return [{ check: 'direct load', what: `digest line at ${expected.directLoad.path}`, expected: 'Digest: <any digest>', observed: line }];
  const same = direct === digestOf(observed.screen.digestLine);
  return same === expected.directLoad.sameDigest
    ? []
    : [{ check: 'direct load', what: 'same digest as a direct load', expected: expected.directLoad.sameDigest, observed: same }];
}

/** A place in the app's source as a reader reads it: `file:line`, and the function where one is named. */
const placeOf = (frame: Pick<SourceFrame, 'file' | 'line' | 'function'>, name: 'always' | 'if named') =>
  `${frame.file}:${frame.line}${frame.function !== null ? ` in ${frame.function}` : name === 'always' ? ' (no function name)' : ''}`;

/** What stops a pinned report's check being made: the build's maps were not read where it ran. */
export const SOURCE_NOT_READ = "where the server's report resolves: the build's maps are not read here (the server is not the build faultline started)";

/**
 * Traceable to source: every report of a runtime the entry pins, of those paired with its expected
 * reports that are not optional, resolves through the build's maps to the pinned file, line and function.
 */
function sourceDifferences(expected: Expected, paired: readonly ReportSummary[]): { differences: Difference[]; notRead: boolean } {
  const differences: Difference[] = [];
  let notRead = false;
  for (const report of paired) {
    const pin: SourcePin | undefined = expected.source?.[report.runtime];
    if (!pin) continue;
    const { source } = report;
    if (!source) {
      notRead = true;
      continue;
    }
    const pinned = placeOf(pin, 'if named');
    if ('unresolved' in source) {
      differences.push({
        check: 'source',
        what: `the ${report.runtime}'s report does not resolve (${source.unresolved}), where the catalogue pins ${pinned}`,
        expected: pin,
        observed: source,
      });
      continue;
    }
    const { file, line, function: name } = source.resolved;
    // A pin that names no function leaves the name unjudged: where the maps restore one is the bundler's doing.
    if (file === pin.file && line === pin.line && (pin.function === null || name === pin.function)) continue;
    // The function is named on both sides only where it is what differs.
    const nameDiffers = file === pin.file && line === pin.line;
    differences.push({
      check: 'source',
      what: `the ${report.runtime}'s report resolves to ${placeOf(source.resolved, nameDiffers ? 'always' : 'if named')}, where the catalogue pins ${nameDiffers ? placeOf(pin, 'always') : pinned}`,
      expected: pin,
      observed: source,
    });
  }
  return { differences, notRead };
}

/** What a target faultline did not start cannot show: said as skipped, never as passed. */
function skippedChecks(observed: Observation): string[] {
  return [
    ...(observed.serverReports ? [] : [`server reports: ${REMOTE_SKIP_REASON}`]),
    ...(observed.deliveries === null ? [`Next's deliveries to onRequestError: ${REMOTE_SKIP_REASON}`] : []),
    ...(observed.serverLogDigests === null ? [`server log carries the digest: ${REMOTE_SKIP_REASON}`] : []),
  ];
}

/** Compares everything a check observed with what the entry promises. */
export function judge(scenario: Scenario, baseUrl: string, observed: Observation, pinned?: Pinned): Verdict {
  const expected = expectedOf(scenario, baseUrl);
  const reachable = expected.reports.filter((report) => observed.serverReports || report.runtime === 'browser');
  const reports = reportDifferences(reachable, observed.reports);
  // An optional report is a framework race's (Next's own error, in its own code): never pinned.
  const source = sourceDifferences(
    expected,
    reports.pairs.filter(([report]) => !report.optional).map(([, report]) => report),
  );
  const differences: Difference[] = [
    ...triggerDifferences(expected, observed),
    ...reports.differences,
    ...observed.reportProblems.map((problem): Difference => ({ check: 'report problems', what: 'ingest', expected: null, observed: problem })),
    ...deliveryDifferences(expected, observed),
    ...digestDifferences(
      observed,
      reports.pairs.map(([, report]) => report),
    ),
    ...directLoadDifferences(expected, observed),
    ...observed.privacy.map((problem): Difference => ({ check: 'privacy', what: 'a report carries', expected: null, observed: problem })),
    ...observed.leaks.map((leak): Difference => ({ check: 'no leak', what: `found in ${leak.foundIn}`, expected: null, observed: leak.text })),
    ...source.differences,
  ];
  const fix = pinned && differences.length > 0 ? { fix: deviationFix(scenario.id, pinned), replay: pinned.replay } : {};
  const skipped = [...skippedChecks(observed), ...(source.notRead ? [SOURCE_NOT_READ] : [])];
  return { entry: scenario.id, expected, observed, differences, skipped, ...fix };
}

/** How a report names a thrown primitive (`throw undefined`): no text of the app's, and in every script. */
const PRIMITIVE_NAMES = new Set(['undefined', 'null', 'true', 'false']);

/**
 * The texts a check must not find in the browser: every message the server reported for this
 * check (and the ones the entry expects from it), in any response; every reported message in the
 * document. Taken from what the trigger caused, not from the entry's id.
 */
export function textsToHide(expected: readonly ExpectedReport[], serverMessages: readonly string[], browserMessages: readonly string[]) {
  const exact = (values: readonly (string | undefined)[]) => [
    ...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= 8 && !v.startsWith(REDACTED_MESSAGE_START) && !PRIMITIVE_NAMES.has(v))),
  ];
  const fromServer = exact([
    ...expected.filter((r) => r.runtime === 'server').map((r) => (typeof r.value === 'string' ? r.value : undefined)),
    ...serverMessages,
  ]);
  return { inResponses: fromServer, inDocument: exact([...fromServer, ...browserMessages]) };
}

/** One line per difference, as a person reads it. */
export function describeDifference({ check, what, expected, observed }: Difference): string {
  // Said whole in its `what`: both places, in a reader's words.
  if (check === 'source') return `${check}: ${what}`;
  return `${check}: ${what}: expected ${JSON.stringify(expected)}, observed ${JSON.stringify(observed)}`;
}

/** The checks that failed, each once: what the mutants table shows. */
export function failedChecks(verdict: Pick<Verdict, 'differences'>): Check[] {
  return CHECKS.filter((check) => verdict.differences.some((difference) => difference.check === check));
}
