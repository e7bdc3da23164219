import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import AuditReporter from '../outputs/reporters/audit-reporter';

const events = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'faultline-audit-reporter-')), 'events.jsonl');
  return {
    file,
    read: () =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
  };
};
const test = (title: string) => ({ title, timeout: 120_000 }) as TestCase;
const result = (status: TestResult['status'], attachments: TestResult['attachments'] = [], error?: string) =>
  ({ status, attachments, errors: error ? [{ message: error }] : [] }) as unknown as TestResult;
const record = (body: unknown) => ({ name: 'faultline-audit-entry.json', contentType: 'application/json', body: Buffer.from(JSON.stringify(body)) });

describe("the audit's reporter", () => {
  it("hands each entry's record back as an event", () => {
    const { file, read } = events();
    const reporter = new AuditReporter({ eventsFile: file });
    reporter.onTestEnd(test('server-page-throws'), result('passed', [record({ id: 'server-page-throws', notJudged: 'x' })]));
    expect(read()).toEqual([{ end: { id: 'server-page-throws', notJudged: 'x' } }]);
  });

  it('says an entry that outlived its limit is not judged, never a failure of its own', () => {
    const { file, read } = events();
    new AuditReporter({ eventsFile: file }).onTestEnd(test('slow-entry'), result('timedOut'));
    expect(read()).toEqual([{ end: { id: 'slow-entry', notJudged: 'its check did not end within 120 s (--limit entry=SECONDS gives it longer)' } }]);
  });

  it("says a check that failed without a record as faultline's own failure, and one stopped by a broken part not at all", () => {
    const { file, read } = events();
    const reporter = new AuditReporter({ eventsFile: file });
    reporter.onTestEnd(test('a'), result('failed', [], 'TypeError: boom\n    at x'));
    reporter.onTestEnd(test('b'), result('interrupted'));
    expect(read()).toEqual([{ error: 'a: TypeError: boom' }]);
  });
});
