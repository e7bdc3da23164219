import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { replaceEarlier, REPORT_FOLDER } from '../outputs/out-dir';
import { join } from 'node:path';
import type { Abort } from '../harness/abort';
import { incompleteness, markAborted, summaryLine, withUnaccounted, type ConformanceReport } from '../verdict/report';
import { EXIT } from './usage-error';
import { ownModule } from '../harness/root';
import { blobReporter } from '../outputs/reporters/blob';
import { ENV } from '../contract';

/** A run's outputs: the reporters Playwright writes them with, and the exit code read from report.json. */

/** Where a run's own lines go: the terminal, or a matrix column observing it (which keeps the first error as its cause). */
export interface Tell {
  log(line: string): void;
  error(line: string): void;
  /** Where Playwright's own output can be read, as a line says it. */
  playwrightOutput: string;
}

export const TERMINAL: Tell = { log: (line) => console.log(line), error: (line) => console.error(line), playwrightOutput: 'the lines above' };

export function reporters(
  outDir: string,
  {
    blob = true,
    env = process.env as Record<string, string | undefined>,
    shownAs = outDir,
    root,
  }: { blob?: boolean; env?: Record<string, string | undefined>; shownAs?: string; root?: string } = {},
): unknown[] {
  return [
    // Where CI users look first: every deviation as an annotation on the run.
    ...(env.GITHUB_ACTIONS === 'true' ? [['github']] : []),
    // `shownAs`: where the reports will be once the run is whole (they are written to its staging folder); `root`: the tree the runner runs in.
    [ownModule('outputs/reporters/conformance-reporter', root), { outDir, shownAs }],
    // A matrix that started this run follows its progress as events, as an audit follows its own.
    ...(env[ENV.events] ? [[ownModule('outputs/reporters/events-reporter', root), { eventsFile: env[ENV.events] }]] : []),
    ['junit', { outputFile: join(outDir, 'junit.xml') }],
    ['html', { outputFolder: join(outDir, 'html'), open: 'never' }],
    // What `faultline merge` reads to join shards into one report.
    ...(blob ? [blobReporter(outDir)] : []),
  ];
}

/**
 * 0 all conform, 1 a deviation, 2 the run could not complete or checked less than it claims (no
 * report, nothing checked, planned checks that never ended, an error outside the checks).
 */
export function outcomeOf(out: string, playwrightExit: number | null, tell: Tell = TERMINAL): number {
  const reportFile = join(out, 'report.json');
  const report: ConformanceReport | undefined = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : undefined;
  if (!report) {
    tell.error(`faultline: the conformance run could not complete (see ${tell.playwrightOutput}).`);
    return EXIT.cannotJudge;
  }
  const incomplete = incompleteness(report);
  if (incomplete) {
    tell.error(`faultline: incomplete run: ${incomplete}`);
    return EXIT.cannotJudge;
  }
  // A report no check claims fails the run: the app sent what no entry explains.
  const unaccounted = report.run.unaccounted ?? [];
  for (const line of unaccounted) tell.error(`faultline: ${line}`);
  if (unaccounted.length > 0) tell.log(summaryLine(report.counts, unaccounted.length));
  if (report.counts.failed > 0 || unaccounted.length > 0) return EXIT.deviates;
  if (playwrightExit !== 0) {
    tell.error(`faultline: Playwright exited with code ${playwrightExit} although every check passed (see ${tell.playwrightOutput}).`);
    return EXIT.cannotJudge;
  }
  return EXIT.ok;
}

/** Adds what no check claimed on the run's server to its report (the run then deviates). */
export function accountFor(out: string, lines: readonly string[]): void {
  const reportFile = join(out, 'report.json');
  if (lines.length === 0 || !existsSync(reportFile)) return;
  const report = withUnaccounted(JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport, lines);
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
}

/** A run stopped because a part of it died: its report says why, and counts no check that ended after as a deviation. */
export function abortedRun(out: string, abort: Abort, tell: Tell = TERMINAL): number {
  const reportFile = join(out, 'report.json');
  if (existsSync(reportFile)) {
    const report = markAborted(JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport, abort);
    writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  }
  tell.error(`faultline: ${abort.cause}`);
  return EXIT.cannotJudge;
}

/**
 * The end of a run that staged its reports in `staging`: its exit code read from what it wrote
 * there (never from `out`, which still holds the earlier reports), then its reports moved into
 * `out` when it wrote a report.json (one that deviated, or stopped because a part died, included).
 */
export function finishRun(out: string, staging: string, playwrightExit: number | null, aborted?: Abort, tell: Tell = TERMINAL): number {
  const exit = aborted ? abortedRun(staging, aborted, tell) : outcomeOf(staging, playwrightExit, tell);
  if (existsSync(join(staging, 'report.json'))) replaceEarlier(out, REPORT_FOLDER, staging);
  return exit;
}
