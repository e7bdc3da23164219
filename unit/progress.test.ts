import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StageProgress, type ProgressOutput } from '../cli/progress';

/** Where progress goes, captured: a terminal or a log, and a clock the test moves. */
function output(tty: boolean) {
  const clock = { ms: 0 };
  let written = '';
  const out: ProgressOutput = { tty, write: (text) => void (written += text), now: () => clock.ms };
  return { out, clock, written: () => written };
}

describe('the stages of an audit as they come', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('in a log (no terminal): one line as each stage begins, the command’s own lines as they come, nothing written in place', () => {
    const { out, written } = output(false);
    const progress = new StageProgress(out);
    progress.stage('the copy of the app');
    progress.note('Placed 51 failures under /faultline-audit/');
    progress.stage('the build');
    vi.advanceTimersByTime(5000);
    progress.note('Built in 23.1 s');
    progress.stage('the test phase');
    progress.entries(1, 51);
    progress.note('  [1/51] server-page-throws: classic fallback, 5 findings');
    progress.finish();
    vi.advanceTimersByTime(5000);
    expect(written()).toBe(
      [
        "The copy of the app into the audit's workspace",
        'Placed 51 failures under /faultline-audit/',
        'The build of the copy, the failures placed in it',
        'Built in 23.1 s',
        'The test phase: each placed failure checked in Chromium',
        '  [1/51] server-page-throws: classic fallback, 5 findings',
        '',
      ].join('\n'),
    );
  });

  it('on a terminal: one line in place saying what is under way, how far (entries judged of planned) and how long, lines above it, gone at the end', () => {
    const { out, clock, written } = output(true);
    const progress = new StageProgress(out);
    progress.stage('the test phase');
    clock.ms = 2000;
    vi.advanceTimersByTime(500);
    expect(written()).toBe('\rThe test phase: each placed failure checked in Chromium 2 s\x1b[K');
    progress.entries(3, 51);
    clock.ms = 4000;
    vi.advanceTimersByTime(500);
    expect(written().split('\r').at(-1)).toBe('The test phase: each placed failure checked in Chromium, 3 of 51 entries judged 4 s\x1b[K');
    progress.note('  [3/51] server-page-throws: classic fallback, 5 findings');
    // The line above, then the stage's line again at once.
    expect(written().split('\r').slice(-2)).toEqual([
      '  [3/51] server-page-throws: classic fallback, 5 findings\x1b[K\n',
      'The test phase: each placed failure checked in Chromium, 3 of 51 entries judged 4 s\x1b[K',
    ]);
    progress.finish();
    const ended = written();
    expect(ended.endsWith('\r\x1b[K')).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(written(), 'nothing ticks after the end').toBe(ended);
  });

  it('a stage it has no words for is said as named', () => {
    const { out, written } = output(false);
    new StageProgress(out).stage('the install of next 16.4.5');
    expect(written()).toBe('The install of next 16.4.5\n');
  });
});
