export { UsageError } from '../harness/failures';

/** The exit codes of every command (the README's Exit codes table says the same). */
export const EXIT = {
  /** 0: the app conforms (or reproduced; a matrix as pinned); for an audit, no finding. */
  ok: 0,
  /** 1: the app deviates (a matrix drifts) or, for an audit, has findings; and nothing else. */
  deviates: 1,
  /** 2: faultline could not judge the app: bad usage, a part that broke, or it checked less than it claims. */
  cannotJudge: 2,
} as const;
