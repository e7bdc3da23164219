'use client';

import * as Sentry from '@sentry/nextjs';
import { useEffect } from 'react';
import { ClassicFallback } from './_fallback/ClassicFallback';
import { fallbackVariant } from './_fallback/sentence';
import { useBrowserHostname } from './_fallback/useBrowserHostname';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const host = useBrowserHostname();
  const variant = fallbackVariant(error);
  useEffect(() => {
    // Server errors were reported by the server (onRequestError), with the full message; the
    // browser only holds the redacted copy. Report what only the browser knows about.
    if (variant === 'client') {
      Sentry.captureException(error, { mechanism: { handled: false, type: 'auto.faultline.global_error' } });
    }
  }, [error, variant]);
  return (
    <html id="__next_error__" lang="en">
      <head>
        <title>Application error</title>
      </head>
      <body>{host === null ? null : <ClassicFallback variant={variant} host={host} digest={error.digest} />}</body>
    </html>
  );
}
