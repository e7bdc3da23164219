import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { ENTRY_ANNOTATION, verdictAttachment, verdictFailure } from '../../verdict/attachment';
import type { Verdict } from '../../verdict/verdict';
import {
  countOutcomes,
  inReportOrder,
  sameFailureBeforeJudging,
  slowest,
  summaryLine,
  verdictInWords,
  type ConformanceReport,
  type EntryReport,
  type RunManifest,
} from '../../verdict/report';
import { reportAbort } from '../../harness/abort';
import { ENV, OUT_FOLDERS } from '../../contract';
import { errorLines, errorText } from './test-error';

/**
 * A failed check's reason: an error's first lines (past them, Playwright's diffs and stacks), but a
 * deviation's message whole, as long as its verdict (one line a difference, its fix, its replay).
 */
function reasonOf(error: TestError, verdict: Verdict | undefined): string {
  const deviation = verdict && verdict.differences.length > 0 ? verdictFailure(verdict) : null;
  const isDeviation = deviation !== null && errorText(error).includes(deviation);
  return errorLines(error, isDeviation ? Math.max(12, deviation.split('\n').length) : 12);
}

function toEntry(test: TestCase, result: TestResult): EntryReport {
  const verdict = verdictAttachment.read(result.attachments);
  const entryId = test.annotations.find((a) => a.type === ENTRY_ANNOTATION)?.description;
  // A check the run stopped before it ended was not judged: it is no deviation.
  const interrupted = result.status === 'interrupted';
  const outcome = result.status === 'skipped' || interrupted ? 'skipped' : result.status === 'passed' ? 'passed' : 'failed';
  const reasons = interrupted
    ? ['not judged: the run was stopped before this check ended']
    : outcome === 'failed'
      ? result.errors.map((error) => reasonOf(error, verdict))
      : test.annotations.filter((a) => a.type === 'skip').map((a) => a.description ?? 'skipped');
  return {
    id: entryId ?? test.title,
    entry: entryId !== undefined,
    title: test.annotations.find((a) => a.type === 'title')?.description ?? test.title,
    file: relative(process.cwd(), test.location.file),
    outcome,
    startedAt: result.startTime.toISOString(),
    durationMs: Math.round(result.duration),
    worker: result.workerIndex,
    ...(verdict ? { verdict } : {}),
    reasons,
    skippedChecks: outcome === 'passed' ? (verdict?.skipped ?? []) : [],
  };
}

const MARK = { passed: '✓', failed: '✗', skipped: '-' } as const;

/** One line per scenario as it finishes, a summary at the end, and report.json in outDir. */
export default class ConformanceReporter implements Reporter {
  private readonly entries: EntryReport[] = [];
  private readonly startedAt = new Date();
  private readonly outDir: string;
  /** Where the user will find the reports (a run writes them to its staging folder first). */
  private readonly shownAs: string;
  private workers = 1;
  private stopped = false;
  private readonly run: RunManifest = { planned: 0, shard: null, selection: process.env[ENV.selection] ?? '', errors: [], status: 'passed' };

  constructor(options: { outDir?: string; shownAs?: string } = {}) {
    this.outDir = options.outDir ?? OUT_FOLDERS.run;
    this.shownAs = options.shownAs ?? this.outDir;
  }

  printsToStdio() {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite) {
    this.run.planned = suite.allTests().length;
    this.workers = config.workers;
    this.run.shard = config.shard;
    console.log(`faultline: ${this.run.planned} checks${config.shard ? ` (shard ${config.shard.current}/${config.shard.total})` : ''}\n`);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const entry = toEntry(test, result);
    this.entries.push(entry);
    // Every worker's first checks failing the same way before a verdict: the run stops (exit 2) instead of failing each check in turn.
    const same = this.stopped ? null : sameFailureBeforeJudging(this.entries, Math.min(this.run.planned, 2 * this.workers));
    if (same) {
      this.stopped = true;
      const notJudged = this.entries.filter((ended) => ended.entry && ended.outcome === 'failed' && !ended.verdict).map((ended) => ended.id);
      reportAbort(`every check fails the same way before it can be judged, so the run stopped: ${same}`, { notJudged });
    }
    const verdict = verdictInWords(entry);
    const [headline, ...details] = verdict.split('\n');
    console.log(`${MARK[entry.outcome]} ${entry.id.padEnd(34)} ${headline} (${(entry.durationMs / 1000).toFixed(1)}s)`);
    for (const line of details) console.log(`    ${line}`);
  }

  onError(error: TestError) {
    this.run.errors.push(errorLines(error, 1));
    console.error(`faultline: ${errorLines(error, 3)}`);
  }

  onEnd(result: FullResult) {
    const counts = countOutcomes(this.entries);
    this.run.status = result.status;
    const report: ConformanceReport = {
      startedAt: this.startedAt.toISOString(),
      durationMs: Math.round(result.duration),
      run: this.run,
      counts,
      entries: inReportOrder(this.entries),
    };
    mkdirSync(this.outDir, { recursive: true });
    writeFileSync(join(this.outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    // The counts stand alone on their line so CI systems can read them.
    console.log(`\n${summaryLine(counts)}`);
    console.log(`took ${(result.duration / 1000).toFixed(1)}s`);
    const slow = slowest(this.entries).map((e) => `${e.id} ${(e.durationMs / 1000).toFixed(1)}s`);
    if (slow.length > 0) console.log(`slowest: ${slow.join(', ')}`);
    console.log(`reports: ${this.shownAs}/report.json, ${this.shownAs}/junit.xml, ${this.shownAs}/html/index.html`);
  }
}
