import type { FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { appendEvent, type RunEvent } from '../../harness/events';
import { ENTRY_ANNOTATION } from '../../verdict/attachment';
import { errorLines } from './test-error';

/** A test as it ended, as the process that follows the run reads it. */
export interface EndedTest {
  /** Its catalogue entry (the test's entry annotation), else its title. */
  id: string;
  status: TestResult['status'];
  /** Its limit, in seconds: what a test that outlived it was given. */
  timeoutSeconds: number;
  /** The JSON it attached under the name this reporter was told, if it got that far. */
  record?: unknown;
  /** Its first error's first line, if it failed. */
  error?: string;
}

export type TestEvent = RunEvent<EndedTest>;

/**
 * Progress as events, for the process that started the run and follows it (`faultline audit`,
 * both matrices): how many tests are planned, each as it begins and as it ends, an error outside
 * them, the end; one JSON line each, appended to `eventsFile` as it happens. What the events mean
 * (a record, an entry not judged, a column's progress) is the follower's to say.
 */
export default class EventsReporter implements Reporter {
  /** `eventsFile`: emptied by the follower before the runner starts; `record`: the name of the JSON attachment an ended test hands on. */
  constructor(private readonly options: { eventsFile: string; record?: string }) {}

  private say(event: TestEvent) {
    appendEvent(this.options.eventsFile, event);
  }

  /** What Playwright would print is the follower's to say: no reporter of Playwright's own is added beside this one. */
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
    const body = this.options.record ? result.attachments.find((attachment) => attachment.name === this.options.record)?.body : undefined;
    this.say({
      end: {
        id: test.annotations.find((annotation) => annotation.type === ENTRY_ANNOTATION)?.description ?? test.title,
        status: result.status,
        timeoutSeconds: Math.round(test.timeout / 1000),
        ...(body && { record: JSON.parse(body.toString('utf8')) as unknown }),
        ...(result.errors[0] && { error: errorLines(result.errors[0], 1) }),
      },
    });
  }

  onError(error: TestError) {
    this.say({ error: errorLines(error, 1) });
  }

  onEnd(result: FullResult) {
    this.say({ done: result.status });
  }
}
