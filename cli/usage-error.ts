export { UsageError } from '../harness/failures';

/** 0: the app conforms; 1: a verdict found it deviating; 2: the command could not judge it. */
export const EXIT = { ok: 0, deviation: 1, usage: 2 } as const;
