import { FALLBACK_HEADING_START, isNextPagesErrorScreen, NEXT_BUILTIN_HEADING, type Variant } from '../scenarios/golden';
import type { Scenario } from '../scenarios/schema';

/**
 * What the user saw, classified: one classifier for the reference app's checks and an audit's, so
 * that both say the same thing of the same screen.
 */
export type ScreenKind =
  | 'classic fallback'
  | "Next's built-in screen"
  | "the app's own error UI"
  | 'a blank page'
  | 'the unchanged page'
  | 'a page'
  | 'a response'
  /** A route of the app's own showing, once settled, what it shows before its data comes (audit/kinds/routes/judge.ts). */
  | 'still loading';

/**
 * What the user was left with once an entry settled, as both targets observe it: the run's screen
 * and an audit's observation are this, read by the one reader in the page (`chromium/screen.ts`)
 * and named by the one classifier below.
 */
export interface SeenScreen {
  /** The document's HTTP status (a request trigger's: its response's). */
  status: number;
  /** Where the browser (or the request, after redirects) ended up. */
  path: string;
  /** Its visible lines exactly as shown (a request: its body's first lines). */
  lines: string[];
  /** The visible lines before a click, for entries that trigger on a loaded page; null: the trigger clicks nothing. */
  linesBefore: string[] | null;
}

/** What a request trigger's response shows in place of a page: its body's first non-blank lines. */
export function bodyLines(body: string): string[] {
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 3);
}

/** A shown line without what changes from run to run and build to build: digests and other numbers, the host it loaded. */
export const unvarying = (line: string) => line.replace(/\b[0-9a-f]{8,}\b|\d+/gi, 'N').replace(/while loading \S+/, 'while loading HOST');

/** Which side a failure is on, by the catalogue's pin of the reference app; null: the entry shows no fallback there (a signal, a control, a streamed body). */
export function failingSide(scenario: Scenario): Variant | null {
  return scenario.expect.fallback === 'none' ? null : scenario.expect.fallback;
}

/**
 * The kind of screen that shows `lines` (the page's visible lines once settled) after the entry's
 * trigger, `linesBefore` being what it showed before a click (null: the trigger clicks nothing). A
 * page that is neither fallback nor Next's screen where the entry fails is the app's own error UI.
 */
export function classifyScreen(scenario: Scenario, { lines, linesBefore }: Pick<SeenScreen, 'lines' | 'linesBefore'>): ScreenKind {
  if (scenario.trigger.kind === 'request') return 'a response';
  if (lines.length === 0) return 'a blank page';
  if (lines.some((line) => line.startsWith(FALLBACK_HEADING_START))) return 'classic fallback';
  if (lines[0] === NEXT_BUILTIN_HEADING || isNextPagesErrorScreen(lines)) return "Next's built-in screen";
  if (linesBefore && linesBefore.join('\n') === lines.join('\n')) return 'the unchanged page';
  return failingSide(scenario) ? "the app's own error UI" : 'a page';
}
