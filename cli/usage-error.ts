/** Bad input or an environment that cannot run: one line on stderr, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const EXIT = { ok: 0, deviation: 1, usage: 2 } as const;
