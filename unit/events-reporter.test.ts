import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import EventsReporter from '../outputs/reporters/events-reporter';
import { entryEnded } from '../audit/test-phase';
import { auditRecordAttachment, ENTRY_ANNOTATION } from '../verdict/attachment';

const events = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'faultline-events-reporter-')), 'events.jsonl');
  return {
    file,
    read: () =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
  };
};
const test = (title: string, entry?: string) =>
  ({ title, timeout: 120_000, annotations: entry ? [{ type: ENTRY_ANNOTATION, description: entry }] : [] }) as unknown as TestCase;
const result = (status: TestResult['status'], attachments: TestResult['attachments'] = [], error?: string) =>
  ({ status, attachments, errors: error ? [{ message: error }] : [] }) as unknown as TestResult;
const record = (body: unknown) => ({ name: 'faultline-audit-entry.json', contentType: 'application/json', body: Buffer.from(JSON.stringify(body)) });

describe('the events reporter, which a run and an audit both hand the process that follows them', () => {
  it('says each test as it ends: its entry, how it ended, its limit, and the record it attached where it is told which', () => {
    const { file, read } = events();
    const reporter = new EventsReporter({ eventsFile: file, record: auditRecordAttachment.name });
    reporter.onTestEnd(test('server-page-throws', 'server-page-throws'), result('passed', [record({ id: 'server-page-throws', notJudged: 'x' })]));
    new EventsReporter({ eventsFile: file }).onTestEnd(test('healthy', 'healthy'), result('failed', [], 'Error: deviates\n    at x'));
    expect(read()).toEqual([
      { end: { id: 'server-page-throws', status: 'passed', timeoutSeconds: 120, record: { id: 'server-page-throws', notJudged: 'x' } } },
      { end: { id: 'healthy', status: 'failed', timeoutSeconds: 120, error: 'Error: deviates' } },
    ]);
  });

  it("reads, in the audit, as the entry's record: its own, or not judged past its limit; a failure without one is faultline's, one stopped by a broken part nothing", () => {
    const { file, read } = events();
    const reporter = new EventsReporter({ eventsFile: file, record: auditRecordAttachment.name });
    reporter.onTestEnd(test('server-page-throws'), result('passed', [record({ id: 'server-page-throws', notJudged: 'x' })]));
    reporter.onTestEnd(test('slow-entry'), result('timedOut'));
    reporter.onTestEnd(test('a'), result('failed', [], 'TypeError: boom\n    at x'));
    reporter.onTestEnd(test('b'), result('interrupted'));
    expect(read().map(({ end }) => entryEnded(end))).toEqual([
      { record: { id: 'server-page-throws', notJudged: 'x' } },
      { record: { id: 'slow-entry', notJudged: 'its check did not end within 120 s (--limit entry=SECONDS gives it longer)' } },
      { error: 'a: TypeError: boom' },
      null,
    ]);
  });
});
