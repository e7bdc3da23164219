/**
 * The app's copy of the classic Next.js (15.2–16.1) failure fallback: what it renders. The
 * checks never build their expectations here; they hold their own golden copy (`scenarios/golden.ts`).
 */
export type FallbackVariant = 'server' | 'client';

export const DIGEST_PREFIX = 'Digest: ';

/** Every fallback sentence starts with this; used to detect that *some* fallback is shown. */
export const FALLBACK_SENTENCE_START = 'Application error: a ';

export function fallbackSentence(variant: FallbackVariant, host: string): string {
  const side = variant === 'server' ? 'server-side' : 'client-side';
  const where = variant === 'server' ? 'the server logs' : 'the browser console';
  return `${FALLBACK_SENTENCE_START}${side} exception has occurred while loading ${host} (see ${where} for more information).`;
}

export function digestLine(digest: string): string {
  return `${DIGEST_PREFIX}${digest}`;
}

/** Next.js sets `digest` only on errors that come from the server. */
export function fallbackVariant(error: { digest?: string }): FallbackVariant {
  return error.digest ? 'server' : 'client';
}
