import type { CSSProperties } from 'react';
import { digestLine, fallbackSentence, type FallbackVariant } from './sentence';

// Copied from the classic built-in global error so the screen is pixel-identical.
const styles = {
  error: {
    fontFamily: 'system-ui,"Segoe UI",Roboto,Helvetica,Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji"',
    height: '100vh',
    textAlign: 'center',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
  },
  text: { fontSize: '14px', fontWeight: 400, lineHeight: '28px', margin: '0 8px' },
} satisfies Record<string, CSSProperties>;

export interface ClassicFallbackProps {
  variant: FallbackVariant;
  host: string;
  /** Shown only for the server variant; Next.js sets it only on server errors. */
  digest?: string;
}

/** The body of the classic fallback screen (the `<html>` shell lives in `app/global-error.tsx`). */
export function ClassicFallback({ variant, host, digest }: ClassicFallbackProps) {
  return (
    <div style={styles.error}>
      <div>
        <h2 style={styles.text}>{fallbackSentence(variant, host)}</h2>
        {variant === 'server' && digest ? <p style={styles.text}>{digestLine(digest)}</p> : null}
      </div>
    </div>
  );
}
