'use client';

import * as Sentry from '@sentry/nextjs';
import { useEffect } from 'react';
import { HydratedButton } from '@/bundled/HydratedButton';
import { fallbackVariant } from './sentence';

/** What a segment's `error.tsx` shows: the rest of the page stays, this part says it failed. */
export function SegmentFallback({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    // Server errors were reported by the server (onRequestError); report what only the browser knows.
    if (fallbackVariant(error) === 'client') {
      Sentry.captureException(error, { mechanism: { handled: false, type: 'auto.faultline.error_boundary' } });
    }
  }, [error]);
  return (
    <section>
      <h2>This part of the page failed</h2>
      <HydratedButton onClick={reset}>Try again</HydratedButton>
    </section>
  );
}
