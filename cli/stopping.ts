import { constants } from 'node:os';

/**
 * A command stopped from outside (Ctrl-C, `docker stop`, a CI cancel): SIGINT and SIGTERM are
 * taken while it runs, what it started is told through `signal` and winds down, and the command
 * then exits 128 + the signal's number with one line saying what was stopped.
 */
export class Stopping {
  private readonly controller = new AbortController();
  /** The signal that stopped the command, once one did. */
  by: NodeJS.Signals | undefined;
  private current = 'the start';
  /** Told of each stage as the command enters it: what its progress says is under way. */
  onStage: ((stage: string) => void) | undefined;

  /** What the command is doing, in words ("the build"): what the line says was stopped. */
  get stage(): string {
    return this.current;
  }

  set stage(stage: string) {
    this.current = stage;
    this.onStage?.(stage);
  }

  constructor() {
    process.once('SIGINT', this.stop).once('SIGTERM', this.stop);
  }

  private readonly stop = (signal: NodeJS.Signals) => {
    this.by = signal;
    this.controller.abort(new Error(`stopped by ${signal}`));
  };

  /** Aborted once a signal came: builds, installs and runners listen to it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The exit code of a command stopped by the signal: 130 for SIGINT, 143 for SIGTERM. */
  get code(): number {
    return 128 + constants.signals[this.by!];
  }

  /** Its line said, the exit code of a command stopped by the signal. */
  exit(what: string): number {
    console.error(`faultline: stopped by ${this.by} during ${this.stage}; ${what}`);
    return this.code;
  }

  dispose(): void {
    process.off('SIGINT', this.stop).off('SIGTERM', this.stop);
  }
}
