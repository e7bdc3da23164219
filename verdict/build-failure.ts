import type { BuildExpectation } from '../scenarios/build-failures';

/** What a `next build` that checks a build-time entry ended with. */
export interface BuildObservation {
  /** Its exit code (null: killed). */
  code: number | null;
  /** What it printed, both streams, without colours. */
  output: string;
  /** Whether its time limit stopped it. */
  timedOut: boolean;
}

/** A line as a reader sees it: without Next's `⨯ ` mark and the indentation it varies between versions. */
const plain = (line: string) => line.replace(/^\s*(⨯\s*)?/, '').trimEnd();

/** The first line of the build that says what went wrong: Next's words a difference quotes. */
const firstError = (lines: readonly string[]) => lines.find((line) => /^Error\b/.test(line)) ?? lines.filter(Boolean).at(-1) ?? 'nothing';

/**
 * How a build-time entry's build differs from its pin: it must stop (exit not 0), print each pinned
 * line in order (each the start of a line), and print a digest or not as pinned. Empty when it holds.
 */
export function buildFailureDifferences(expected: BuildExpectation, observed: BuildObservation): string[] {
  if (observed.timedOut) return ['next build did not end within its limit'];
  const lines = observed.output.split('\n').map(plain);
  if (observed.code === 0) {
    const route = /"([^"]+)"/.exec(expected.prints.find((line) => line.startsWith('Error occurred prerendering page')) ?? '')?.[1];
    return [`next build succeeded: nothing stopped it${route ? ` at ${route}` : ''}`];
  }
  const differences: string[] = [];
  let from = 0;
  for (const expectedLine of expected.prints) {
    const at = lines.findIndex((line, index) => index >= from && line.startsWith(expectedLine));
    if (at < 0) {
      differences.push(`next build did not print "${expectedLine}" (its first error: ${firstError(lines)})`);
      break;
    }
    from = at + 1;
  }
  const digest = lines.some((line) => /^digest: '[^']+'/.test(line));
  if (digest !== expected.digest)
    differences.push(`the build's log prints ${digest ? 'a' : 'no'} digest for the failure, where its pin says it ${expected.digest ? 'does' : 'does not'}`);
  return differences;
}

/** What a build said of its failure, for a person: its error lines, the page it stopped at, the digest line, once each. */
export function buildErrorLines(output: string): string[] {
  const lines = output.split('\n').map(plain);
  return [...new Set(lines.filter((line) => /^(Error\b|Export encountered|digest: ')/.test(line)))];
}
