import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { SKIPPED_CHECK } from '../fixtures/annotations';
import { countOutcomes, inReportOrder, slowest, summaryLine, verdictInWords, type ConformanceReport, type EntryReport } from './report';

const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

function firstLines(error: TestError | undefined, count = 12): string {
  const text = stripAnsi(error?.message ?? error?.value ?? 'failed');
  return text.split('\n').filter((line) => line.trim() !== '').slice(0, count).join('\n');
}

function toEntry(test: TestCase, result: TestResult): EntryReport {
  const screen = result.attachments.find((a) => a.name === 'faultline-screen')?.body;
  const { expected, observed } = screen ? JSON.parse(screen.toString()) : { expected: undefined, observed: undefined };
  const outcome = result.status === 'skipped' ? 'skipped' : result.status === 'passed' ? 'passed' : 'failed';
  const reasons =
    outcome === 'failed'
      ? result.errors.map((error) => firstLines(error))
      : test.annotations.filter((a) => a.type === 'skip').map((a) => a.description ?? 'skipped');
  return {
    id: test.title,
    title: test.annotations.find((a) => a.type === 'title')?.description ?? test.title,
    file: relative(process.cwd(), test.location.file),
    outcome,
    startedAt: result.startTime.toISOString(),
    durationMs: Math.round(result.duration),
    expected,
    observed,
    reasons,
    skippedChecks: outcome === 'passed' ? result.annotations.filter((a) => a.type === SKIPPED_CHECK).map((a) => a.description ?? '') : [],
  };
}

const MARK = { passed: '✓', failed: '✗', skipped: '-' } as const;

/** One line per scenario as it finishes, a summary at the end, and report.json in outDir. */
export default class ConformanceReporter implements Reporter {
  private readonly entries: EntryReport[] = [];
  private readonly startedAt = new Date();
  private readonly outDir: string;

  constructor(options: { outDir?: string } = {}) {
    this.outDir = options.outDir ?? 'faultline-report';
  }

  printsToStdio() {
    return true;
  }

  onBegin(_config: unknown, suite: { allTests(): TestCase[] }) {
    console.log(`faultline: ${suite.allTests().length} checks\n`);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const entry = toEntry(test, result);
    this.entries.push(entry);
    const verdict = verdictInWords(entry);
    const [headline, ...details] = verdict.split('\n');
    console.log(`${MARK[entry.outcome]} ${entry.id.padEnd(34)} ${headline} (${(entry.durationMs / 1000).toFixed(1)}s)`);
    for (const line of details) console.log(`    ${line}`);
  }

  onError(error: TestError) {
    console.error(`faultline: ${firstLines(error, 3)}`);
  }

  onEnd(result: FullResult) {
    const counts = countOutcomes(this.entries);
    const report: ConformanceReport = {
      startedAt: this.startedAt.toISOString(),
      durationMs: Math.round(result.duration),
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
    console.log(`reports: ${this.outDir}/report.json, ${this.outDir}/junit.xml, ${this.outDir}/html/index.html`);
  }
}
