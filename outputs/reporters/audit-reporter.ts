import type { FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { withinLimit } from '../../harness/limits';
import { appendEvent, type RunEvent } from '../../harness/events';
import { errorLines } from './test-error';
import { auditRecordAttachment, type AuditEntryRecord } from '../../verdict/attachment';

/**
 * What the audit's reporter tells `faultline audit`, one JSON line each, as it happens: how many
 * checks are planned, each entry as it begins and as it ends (its record and its trace), a failure
 * of faultline's own, and the end. The CLI prints the progress and composes the audit from them.
 */
export type AuditEvent = RunEvent<AuditEntryRecord>;

/** The audit's reporter, in the Playwright runner: every event appended to `eventsFile`. */
export default class AuditReporter implements Reporter {
  /** `eventsFile`: made empty by the CLI before the runner starts, so that it follows this run's events alone. */
  constructor(private readonly options: { eventsFile: string }) {}

  private say(event: AuditEvent) {
    appendEvent(this.options.eventsFile, event);
  }

  printsToStdio() {
    return true;
  }

  onBegin(_config: unknown, suite: Suite) {
    this.say({ planned: suite.allTests().length });
  }

  onTestBegin(test: TestCase) {
    this.say({ begin: test.title });
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const record = auditRecordAttachment.read(result.attachments);
    if (record) this.say({ end: record });
    // An entry whose page or server kept it busy past the test's limit is the app's to explain: not judged, never a crash of faultline's.
    else if (result.status === 'timedOut')
      this.say({ end: { id: test.title, notJudged: `its check did not end ${withinLimit('entry', Math.round(test.timeout / 1000))}` } });
    // A check stopped because a part broke is no failure of its own: the CLI names the part.
    else if (result.status !== 'interrupted' && result.status !== 'skipped') this.say({ error: `${test.title}: ${errorLines(result.errors[0], 1)}` });
  }

  onError(error: TestError) {
    this.say({ error: errorLines(error, 1) });
  }

  onEnd(result: FullResult) {
    this.say({ done: result.status });
  }
}
