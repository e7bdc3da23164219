import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig, FullResult, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ConformanceReporter from '@/outputs/reporters/conformance-reporter';
import { ENTRY_ANNOTATION, verdictFailure } from '@/verdict/attachment';
import type { ConformanceReport } from '@/verdict/report';
import type { Verdict } from '@/verdict/verdict';

/** A deviation as long as a verdict's can be: a difference in every line of a screen, say. */
const verdict = (differences: number) =>
  ({
    entry: 'server-page-throws',
    observed: { screen: { kind: 'classic fallback' } },
    differences: Array.from({ length: differences }, (_, i) => ({ check: 'screen', what: `line ${i + 1}`, expected: 'a', observed: 'b' })),
    fix:
      'if next 16.4.5 changed this on purpose, pin the change as an override of server-page-throws in ' +
      'scenarios/entries/server-render.ts (docs/catalogue.md); if not, the reference app or faultline broke it',
    replay: 'npx faultline repro server-page-throws',
  }) as unknown as Verdict;

/** The check as Playwright's runner hands it to the reporter: the verdict attached, its failure thrown. */
function failedCheck(judged: Verdict, message = `Error: ${verdictFailure(judged)}`): [TestCase, TestResult] {
  const test = {
    title: judged.entry,
    annotations: [{ type: ENTRY_ANNOTATION, description: judged.entry }],
    location: { file: join(process.cwd(), 'e2e/catalogue.spec.ts') },
  } as unknown as TestCase;
  const result = {
    status: 'failed',
    startTime: new Date(),
    duration: 1200,
    workerIndex: 0,
    attachments: [{ name: 'faultline-verdict.json', contentType: 'application/json', body: Buffer.from(JSON.stringify(judged)) }],
    errors: [{ message }],
  } as unknown as TestResult;
  return [test, result];
}

describe("a run's line for a check that deviated", () => {
  let printed: string[];
  beforeEach(() => {
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(...String(line).split('\n')));
  });
  afterEach(() => vi.restoreAllMocks());

  for (const count of [1, 11]) {
    it(`ends with the fix and the replay, whatever the number of differences (${count})`, () => {
      const out = mkdtempSync(join(tmpdir(), 'faultline-reporter-'));
      const reporter = new ConformanceReporter({ outDir: out });
      reporter.onBegin({ workers: 1, shard: null } as unknown as FullConfig, { allTests: () => [{}] } as unknown as Suite);
      const judged = verdict(count);
      reporter.onTestEnd(...failedCheck(judged));
      reporter.onEnd({ status: 'failed', duration: 1300 } as FullResult);
      const lines = printed.map((line) => line.trim());
      expect(lines, 'every difference').toContain(`screen: line ${count}: expected "a", observed "b"`);
      expect(lines.slice(lines.indexOf(`fix: ${judged.fix}`))[1], 'the fix, then the replay').toBe(`replay: ${judged.replay}`);
      const [entry] = (JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport).entries;
      rmSync(out, { recursive: true, force: true });
      expect(entry.reasons[0].split('\n').slice(-2)).toEqual([`  fix: ${judged.fix}`, `  replay: ${judged.replay}`]);
    });
  }

  it("cuts any other error of a judged check at its first lines, however long the verdict's message is", () => {
    const out = mkdtempSync(join(tmpdir(), 'faultline-reporter-'));
    const reporter = new ConformanceReporter({ outDir: out });
    reporter.onBegin({ workers: 1, shard: null } as unknown as FullConfig, { allTests: () => [{}] } as unknown as Suite);
    // A check whose verdict deviated that failed on something else first: Playwright's diff and stack, 40 lines.
    const diff = ['Error: expect(received).toEqual(expected)', ...Array.from({ length: 39 }, (_, i) => `    at frame ${i + 1}`)].join('\n');
    reporter.onTestEnd(...failedCheck(verdict(30), diff));
    reporter.onEnd({ status: 'failed', duration: 1300 } as FullResult);
    const [entry] = (JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport).entries;
    rmSync(out, { recursive: true, force: true });
    expect(entry.reasons[0].split('\n')).toHaveLength(12);
  });
});
