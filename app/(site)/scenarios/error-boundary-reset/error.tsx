'use client';

import { SegmentFallback } from '@/app/_fallback/SegmentFallback';
import { removeCause } from '@/bundled/client';

/** The segment's boundary; its Try again comes after the cause went away. */
export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <SegmentFallback
      error={error}
      reset={() => {
        removeCause();
        reset();
      }}
    />
  );
}
