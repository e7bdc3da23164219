import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportAbort, serverFirst, watchAborts, type Abort } from '@/harness/abort';
import { ENV } from '@/contract';

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** The run's own rule: the first cause stops it, later ones are ignored. */
function firstWins() {
  const causes: string[] = [];
  return { causes, abort: (cause: Abort) => void (causes.length === 0 && causes.push(cause.cause)) };
}

describe('the cause a stopped run names', () => {
  it("is the server's failure to serve, even when a check met that failure first", async () => {
    const run = firstWins();
    const arbiter = serverFirst(run.abort);
    let fail!: (error: Error) => void;
    arbiter.starting(new Promise<void>((_, reject) => (fail = reject)));
    arbiter.raise({
      cause: 'every check fails the same way before it can be judged, so the run stopped: Error: The app server answers / with HTTP 500',
      at: new Date().toISOString(),
    });
    await flush();
    fail(new Error('The app server answers / with HTTP 500'));
    await flush();
    expect(run.causes).toEqual(['The app server answers / with HTTP 500']);
  });

  it('is known once the server settles, even when the checks finished before it failed', async () => {
    const run = firstWins();
    const arbiter = serverFirst(run.abort);
    let fail!: (error: Error) => void;
    arbiter.starting(new Promise<void>((_, reject) => (fail = reject)));
    const settled = arbiter.settled();
    setTimeout(() => fail(new Error('The app server answers / with HTTP 500')), 20);
    await settled;
    expect(run.causes).toEqual(['The app server answers / with HTTP 500']);
  });

  it("is a check's cause once the server serves", async () => {
    const run = firstWins();
    const arbiter = serverFirst(run.abort);
    arbiter.starting(Promise.resolve());
    arbiter.raise({ cause: 'Chromium (the browser of worker 0) died during the run', at: new Date().toISOString() });
    await flush();
    expect(run.causes).toEqual(['Chromium (the browser of worker 0) died during the run']);
  });

  it('is a cause raised with no server of its own (a --base-url run) at once', async () => {
    const run = firstWins();
    serverFirst(run.abort).raise({ cause: 'the target stopped answering', at: new Date().toISOString() });
    await flush();
    expect(run.causes).toEqual(['the target stopped answering']);
  });
});

describe('the abort file a run watches', () => {
  it('is read afresh after a discarded runner: what that runner said is gone, and what the next one says is heard', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'faultline-abort-')), 'abort.jsonl');
    const heard: string[] = [];
    const watching = watchAborts(file, (abort) => heard.push(abort.cause));
    const say = (cause: string) => reportAbort(cause, { env: { [ENV.abortFile]: file } as NodeJS.ProcessEnv });
    say('the target: worker 0 could not load the early server');
    await expect.poll(() => heard).toEqual(['the target: worker 0 could not load the early server']);
    watching.rearm();
    expect(readFileSync(file, 'utf8')).toBe('');
    say('Chromium (the browser of worker 1) died during the run');
    await expect.poll(() => heard).toHaveLength(2);
    expect(heard[1]).toBe('Chromium (the browser of worker 1) died during the run');
    watching.stop();
  });
});
