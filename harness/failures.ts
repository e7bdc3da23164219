/**
 * Why a command stops without judging the app: exit 2 and one line that names the part that failed,
 * never a stack trace and never exit 1 (which means the app deviates). Thrown anywhere; `cli/main.ts`
 * prints it.
 */
export type BrokenPart =
  | 'usage'
  | 'browser'
  | 'build'
  | 'target'
  | 'audited app'
  | 'disk'
  | 'app server'
  | 'workspace'
  | 'faultline'
  /** The team's baseline of accepted findings (`faultline-baseline.json`). */
  | 'baseline'
  /** The team's audit config in its app (`faultline.config.json`, `.mjs`, `.ts`). */
  | 'config'
  /** What faultline placed in an audited app: its error is faultline's, never the app's. */
  | 'placed failures';

export class CannotRun extends Error {
  override name = 'CannotRun';
  constructor(
    readonly part: BrokenPart,
    message: string,
  ) {
    super(message);
  }
}

/** Bad input or a setting faultline cannot run with. */
export class UsageError extends CannotRun {
  override name = 'UsageError';
  constructor(message: string) {
    super('usage', message);
  }
}
