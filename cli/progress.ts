/** Where progress goes: a terminal (a line rewritten in place) or a log (whole lines only), and the clock its seconds are read from. */
export interface ProgressOutput {
  tty: boolean;
  write: (text: string) => void;
  now: () => number;
}

const standardOutput = (): ProgressOutput => ({
  tty: Boolean(process.stdout.isTTY),
  write: (text) => void process.stdout.write(text),
  now: () => performance.now(),
});

/** Live progress: the step under way ticks in place on a terminal; finished steps are lines above it. */
export class Progress {
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private label = '';
  detail = '';
  constructor(private readonly out: ProgressOutput = standardOutput()) {}
  start(label: string): void {
    this.label = label;
    this.detail = '';
    this.started = this.out.now();
    if (!this.out.tty) return;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.draw(), 500);
    // It never keeps a command alive: its end, or an error, is what ends the command.
    this.timer.unref();
  }
  private line(): string {
    return `${this.label}${this.detail ? `, ${this.detail}` : ''} ${((this.out.now() - this.started) / 1000).toFixed(0)} s`;
  }
  private draw(): void {
    this.out.write(`\r${this.line()}\x1b[K`);
  }
  /** A line of its own, above the step that ticks (drawn again at once below it). */
  note(line: string): void {
    this.out.write(this.out.tty ? `\r${line}\x1b[K\n` : `${line}\n`);
    if (this.timer) this.draw();
  }
  /** The step's ticking line gone, and nothing said of it. */
  stop(): void {
    if (this.timer) this.out.write('\r\x1b[K');
    clearInterval(this.timer);
    this.timer = undefined;
  }
  end(what: string): number {
    this.stop();
    const seconds = (this.out.now() - this.started) / 1000;
    this.note(`${this.label} ${what} (${seconds.toFixed(1)} s)`);
    return seconds;
  }
}

/** What each stage of an audit is doing, in words, by the name a stop names it with (`Stopping.stage`); the stage's own lines say the rest ("Building the app (next build)…", "Build reused"). */
const STAGE_WORDS: Readonly<Record<string, string>> = {
  'the copy of the app': "the copy of the app into the audit's workspace",
  'the build': 'the build of the copy, the failures placed in it',
  'the test phase': 'the test phase: each placed failure checked in Chromium',
};

/**
 * The stages of an audit as they come (the copy, the build, the test phase): on a terminal one line
 * in place saying what is under way, how far (entries judged of entries planned) and for how long,
 * the audit's own lines above it; in a log (no terminal, CI) one line as each stage begins, and the
 * audit's own lines as they come.
 */
export class StageProgress {
  private readonly progress: Progress;
  private words = '';
  constructor(private readonly out: ProgressOutput = standardOutput()) {
    this.progress = new Progress(out);
  }
  stage(name: string): void {
    const words = STAGE_WORDS[name] ?? name;
    this.words = words.charAt(0).toUpperCase() + words.slice(1);
    this.progress.stop();
    if (this.out.tty) this.progress.start(this.words);
    else this.out.write(`${this.words}\n`);
  }
  entries(done: number, total: number): void {
    this.progress.detail = `${done} of ${total} entries judged`;
  }
  note(line: string): void {
    this.progress.note(line);
  }
  finish(): void {
    this.progress.stop();
  }
}
