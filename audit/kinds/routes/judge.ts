import type { AuditCheck, Finding } from '../../../verdict/finding';
import { FALLBACK_HEADING_START, NEXT_BUILTIN_HEADING, isNextPagesErrorScreen } from '../../../scenarios/golden';
import type { EventInBrief } from '../../../verdict/report-event';
import { BACKGROUND_REPORT_TIMEOUT_MS, BACKGROUND_REPORTERS } from '../../../verdict/audit-reporting';
import { unvarying, type ScreenKind } from '../../../verdict/screen-kind';
import type { BackendFault } from './protocol';
import type { RouteEntry } from './entry';

/**
 * One of the app's own routes judged (pure: what its loads showed in, findings out). Every load
 * under a fault is read beside the route's load with its backends as the machine had them; what
 * the app shows of its own for a failed backend (its error UI, its status) is said, never a
 * finding. What holds for any app is: a blank page, a page still showing what it shows while its
 * backend has not answered though the backend refused or erred (a spinner that never ends), the
 * backend's error text on screen or in what the route answered, a 5xx the app's reporter never
 * reported (or reported twice), the classic fallback with no reference to quote, an uncaught
 * exception in the browser.
 */

/** A backend as the route's loads met it, and where the app called it first. */
export interface RouteBackend {
  backend: string;
  /** Who called it: the route's server side (Node.js, the Edge runtime), its page in the browser. */
  sides: ('node' | 'edge' | 'browser')[];
  /** What was asked of it (`GET /items`, `tcp connection`). */
  asked: string[];
  /** How many calls the route's first load made of it: a hang holds each in turn. */
  calls: number;
  /** The calling line in the app's own source (`app/dashboard/page.tsx:5`), where a stack showed it. */
  at: string | null;
  faults: BackendFault[];
}

/** What one load of the route showed and sent: as the machine had its backends (`fault` null), or with one failed. */
export interface RouteLoad {
  backend: string | null;
  fault: BackendFault | null;
  status: number;
  /** The page's visible lines once settled (a route handler: its body's first lines). */
  lines: string[];
  /** Its visible lines as its document first showed (at DOMContentLoaded, before the page's own calls could answer): what it shows while its data comes. */
  linesAtStart: string[];
  /** The document and every body the app answered with, as text: where a leaked secret is looked for. */
  answered: string[];
  /** Uncaught exceptions in the browser, their messages. */
  pageErrors: string[];
  /** The server's reports claimed for this load, and the browser's. */
  reports: (EventInBrief & { runtime: string })[];
  screenshot: string | null;
  /** Backends this load called that the first load did not (a fallback API): said, not faulted in turn. */
  alsoCalled: string[];
  /** Why the app gave no answer at all (Playwright's first line), where it gave none. */
  unanswered?: string;
  /**
   * Errors Next handed to the app's hook for this load that a background reporter (PostHog's
   * posthog-node) sent naming no route: whose they are cannot be told, so its reporting is not judged.
   */
  unattributed?: number;
  /** Under a fault: whether the load called the faulted backend at all (a cached answer, another path, calls nothing); a load that did not is no observation of the fault. */
  met?: boolean;
}

/** What a route's check observed: each backend, the load as the machine had them, and one load per backend and fault. */
export interface RouteObservation {
  entry: RouteEntry;
  backends: RouteBackend[];
  healthy: RouteLoad;
  loads: RouteLoad[];
  /** Whether the app has a reporter whose reports faultline reads: without one, what is reported cannot be judged. */
  reporterRead: boolean;
}

/** What the backend answering 500 carries that must never reach a user: its internal host and a secret (`BACKEND_500`). */
export interface Secrets {
  internalHost: string;
  secret: string;
}

/** A route's faults as its findings and its rows name them: `with api.example.com:443 refused`. */
export const faultLabel = ({ backend, fault }: Pick<RouteLoad, 'backend' | 'fault'>) =>
  fault === null ? 'with its backends as they are' : `with ${backend} ${fault === '500' ? 'answering 500' : fault === 'hang' ? 'hanging' : 'refused'}`;

/** A line without what differs from visit to visit (an id, a number): a visitor's own id is no other screen. */
const unvisited = (line: string) => unvarying(line.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, 'ID'));
const same = (a: readonly string[], b: readonly string[]) => a.map(unvisited).join('\n') === b.map(unvisited).join('\n');

/**
 * What a load showed, by the one set of names an audit's screens have. `waiting`: what the route
 * shows while its data has not come (`waitingScreen`), null where that cannot be told.
 */
export function routeScreen(
  entry: Pick<RouteEntry, 'kind'>,
  load: Pick<RouteLoad, 'lines'>,
  healthy: Pick<RouteLoad, 'lines'> | null,
  waiting: readonly string[] | null = null,
): ScreenKind {
  if (entry.kind !== 'page') return 'a response';
  const { lines } = load;
  if (lines.length === 0) return 'a blank page';
  if (lines.some((line) => line.startsWith(FALLBACK_HEADING_START))) return 'classic fallback';
  if (lines[0] === NEXT_BUILTIN_HEADING || isNextPagesErrorScreen(lines)) return "Next's built-in screen";
  if (healthy && same(lines, healthy.lines)) return 'the unchanged page';
  if (waiting && same(lines, waiting)) return 'still loading';
  return healthy ? "the app's own error UI" : 'a page';
}

/**
 * What the route shows while `backend` has not answered, when its loads tell it: a page whose first
 * screen is not its last as the machine has its backends, whose last is the page itself (not an
 * error screen: a first screen a failure then replaced is the page, not a wait), and which shows
 * that first screen still with the backend hanging. Null otherwise.
 */
function waitingScreen(entry: RouteEntry, healthy: RouteLoad, loads: readonly RouteLoad[], backend: string | null): string[] | null {
  if (entry.kind !== 'page' || same(healthy.linesAtStart, healthy.lines) || healthy.linesAtStart.length === 0) return null;
  if (routeScreen(entry, healthy, null) !== 'a page') return null;
  const hung = loads.find((load) => load.backend === backend && load.fault === 'hang');
  return hung && !same(hung.lines, healthy.linesAtStart) ? null : healthy.linesAtStart;
}

/**
 * What an answered document's flight data says was rendered for a failure: Next's not-found (its
 * digest `NEXT_HTTP_ERROR_FALLBACK;404`) or an error boundary (an error row, `ID:E{"digest":…}`,
 * React's for a server error); null where it says neither. Read from the payload, never the text.
 */
export function renderedFailure(answered: readonly string[]): 'not-found' | 'error boundary' | null {
  const text = answered.join('\n').replaceAll('\\"', '"');
  if (text.includes('NEXT_HTTP_ERROR_FALLBACK;404')) return 'not-found';
  return /:E\{"digest":"/.test(text) ? 'error boundary' : null;
}

const FIX = {
  blank: 'render an error state where the data fails: an error.tsx beside the page, or a catch that shows a message',
  loading: "end the loading state when the call fails: catch the rejected fetch (or read the response's status) and show an error",
  leak: "never put a backend's error body on screen or in a response: log it, and show a message of your own",
  unreported: 'report what you catch before answering 5xx (Sentry.captureException), or let the error reach onRequestError',
  twice: 'report an error once: a catch that reports and rethrows is reported again by onRequestError',
  noReference: 'add an error.tsx (and global-error.tsx) that shows error.digest, so a user has a reference to quote',
  uncaught: 'catch the failed call in the component that makes it: an unhandled rejection in the browser is an uncaught exception',
  soft: 'fail before the page streams (its data call outside <Suspense> and loading.tsx), so that Next answers 5xx, not 200',
  soft404: 'a failed backend is an error, not a missing page: throw instead of calling notFound(), so that the status says 5xx',
} as const;

/** The findings of one load under a fault, beside the route as the machine had it (`healthy`). */
function loadFindings(
  entry: RouteEntry,
  load: RouteLoad & { screen: ScreenKind },
  healthy: RouteLoad,
  at: string | null,
  reporterRead: boolean,
  secrets: Secrets,
) {
  const label = faultLabel(load);
  const findings: Finding[] = [];
  const add = (check: AuditCheck, what: string, fix: string, evidence?: string) =>
    findings.push({ check, what: `${label}: ${what}`, fix, ...(at && { at }), ...(evidence && { evidence }) });
  const { screen } = load;
  // A hung backend may keep a page from answering at all: that is what hanging is, not a finding.
  if (screen === 'a blank page' && healthy.lines.length > 0 && !(load.fault === 'hang' && load.status === 0)) add('screen', 'a blank page', FIX.blank);
  // A spinner that never ends: a page that shows its data after it loads (its first screen is not its last, as the machine had its
  // backends) still shows its first screen once settled, though its backend refused or erred rather than keeping it waiting.
  if (screen === 'still loading' && load.fault !== 'hang')
    add('screen', 'still loading: it shows what it shows before its data comes', FIX.loading, load.lines.slice(0, 3).join(' / '));
  if (screen === 'classic fallback' && !load.lines.some((line) => line.startsWith('Digest:')))
    add('screen', 'the classic fallback with no reference to quote', FIX.noReference);
  // A soft error: a 200 where the app's own error boundary or a not-found rendered for the failure, as its payload says.
  const rendered = load.status === 200 && entry.kind === 'page' && !renderedFailure(healthy.answered) ? renderedFailure(load.answered) : null;
  if (rendered === 'not-found') add('screen', 'a 200 for a failed page: its not-found rendered for it', FIX.soft404);
  if (rendered === 'error boundary' && screen === "the app's own error UI")
    add('screen', 'a 200 for a failed page: its error boundary rendered for it', FIX.soft);
  const uncaught = load.pageErrors.filter((error) => !healthy.pageErrors.includes(error));
  if (uncaught.length > 0) add('screen', 'an uncaught exception in the browser', FIX.uncaught, uncaught[0].slice(0, 200));
  const leaked = [secrets.secret, secrets.internalHost].filter((secret) => [...load.lines, ...load.answered].some((text) => text.includes(secret)));
  if (leaked.length > 0)
    add(
      'no leak',
      `the backend's error reaches the user (${leaked.length === 2 ? 'its internal host and a secret' : leaked[0] === secrets.secret ? 'a secret' : 'its internal host'})`,
      FIX.leak,
    );
  const server = load.reports.filter((report) => report.runtime !== 'browser');
  if (reporterRead && load.status >= 500 && load.reports.length === 0 && !load.unattributed)
    add('reported once', `answered ${load.status} and reported nothing`, FIX.unreported);
  const counts = new Map<string, number>();
  for (const report of server) counts.set(`${report.type}: ${report.value}`, (counts.get(`${report.type}: ${report.value}`) ?? 0) + 1);
  const twice = [...counts].find(([, count]) => count > 1);
  if (reporterRead && twice) add('reported once', `one error reported ${twice[1]} times`, FIX.twice, twice[0].slice(0, 200));
  return findings;
}

/** Each check's state for a route: what was found, or why it does not apply. */
function routeChecks(findings: readonly Finding[], observation: RouteObservation): Record<AuditCheck, string> {
  const state = (check: AuditCheck, otherwise = 'ok') => (findings.some((finding) => finding.check === check) ? 'finding' : otherwise);
  const faulted = observation.loads.length > 0;
  const none = 'not applicable: it called no backend this audit could fail';
  // A load another reporter reported is judged by that report; one with none, whose errors a background reporter sent naming no route, is not.
  const unattributed = observation.loads.reduce((sum, load) => sum + (load.met === false || load.reports.length > 0 ? 0 : (load.unattributed ?? 0)), 0);
  const reporters = [...BACKGROUND_REPORTERS].join(' or ');
  // True whether its report came naming no route or came after the wait: none about this route came within it.
  const untold =
    unattributed > 0
      ? `not judged: ${unattributed} error${unattributed > 1 ? 's' : ''} handed to ${reporters} had no report naming this route within ` +
        `${BACKGROUND_REPORT_TIMEOUT_MS / 1000} s; ${reporters} sends in the background, and a report naming no route cannot be told apart`
      : 'ok';
  return {
    screen: faulted ? state('screen') : none,
    'no leak': faulted ? state('no leak') : none,
    'reported once': !faulted ? none : observation.reporterRead ? state('reported once', untold) : 'not judged: no reporter whose reports faultline reads',
    traceable: "not applicable: a route's reports are judged by what they say, not by a digest",
    privacy: 'not applicable: judged on the placed failures',
    framework: 'not applicable: judged on the placed failures',
    source: 'not applicable: no thrower placed',
  };
}

/** A route judged: its screen as the machine had its backends, each fault's findings (named by the fault), and each check's state. */
export function judgeRoute(observation: RouteObservation, secrets: Secrets) {
  const { entry, healthy, loads, backends, reporterRead } = observation;
  const atOf = (backend: string | null) => backends.find((seen) => seen.backend === backend)?.at ?? null;
  const faults = loads.map((load) => {
    const screened = { ...load, screen: routeScreen(entry, load, healthy, waitingScreen(entry, healthy, loads, load.backend)) };
    // What a load showed without ever calling the faulted backend says nothing of the fault: said, never found.
    const findings = load.met === false ? [] : loadFindings(entry, screened, healthy, atOf(load.backend) ?? entry.file, reporterRead, secrets);
    return { ...screened, findings };
  });
  const findings = faults.flatMap((fault) => fault.findings);
  return { screen: routeScreen(entry, healthy, null), checks: routeChecks(findings, observation), findings, faults };
}
export type JudgedRoute = ReturnType<typeof judgeRoute>;

/**
 * Why a route's load as the machine has its backends is not the route's, said in one line and
 * never judged: a redirect (the page is another route's), a 401 or 403 (a wall of its own), a
 * route handler that answers GET with 405 (`allow`: what its OPTIONS answer names, Next's `Allow`);
 * null where the load is the route's.
 */
export function unreachedAsIs(
  entry: Pick<RouteEntry, 'kind'>,
  url: string,
  { status, redirectedTo }: { status: number; redirectedTo: string | null },
  allow: string | null,
): string | null {
  if (redirectedTo) return `not reached: the app redirected ${url} to ${redirectedTo}`;
  if (status === 401 || status === 403)
    return `not reached: the app answered ${url} with ${status} (a wall of its own; a session past it: --cookie NAME=VALUE)`;
  if (entry.kind !== 'page' && status === 405) {
    const methods = (allow ?? '')
      .split(',')
      .map((method) => method.trim())
      .filter((method) => method && !['OPTIONS', 'HEAD'].includes(method));
    const answers = methods.length > 0 ? ` (it answers ${methods.join(', ')})` : '';
    return `not loaded: ${url} answers GET with 405${answers}: faultline asks a route handler with GET alone`;
  }
  return null;
}
