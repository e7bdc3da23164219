/** Live progress: the step under way ticks in place on a terminal; finished steps are lines above it. */
export class Progress {
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private label = '';
  detail = '';
  constructor(private readonly tty = Boolean(process.stdout.isTTY)) {}
  start(label: string): void {
    this.label = label;
    this.detail = '';
    this.started = performance.now();
    if (this.tty) this.timer = setInterval(() => process.stdout.write(`\r${this.line()}\x1b[K`), 500);
  }
  private line(): string {
    return `${this.label} ${this.detail} ${((performance.now() - this.started) / 1000).toFixed(0)} s`.replace(/ +/g, ' ');
  }
  /** A line of its own, above the step that ticks. */
  note(line: string): void {
    process.stdout.write(this.tty ? `\r${line}\x1b[K\n` : `${line}\n`);
  }
  end(what: string): number {
    clearInterval(this.timer);
    this.timer = undefined;
    const seconds = (performance.now() - this.started) / 1000;
    this.note(`${this.label} ${what} (${seconds.toFixed(1)} s)`);
    return seconds;
  }
}
