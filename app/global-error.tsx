'use client';

import * as Sentry from '@sentry/nextjs';
import { useEffect, useSyncExternalStore } from 'react';
import { ClassicFallback } from './_fallback/ClassicFallback';
import { fallbackVariant } from './_fallback/sentence';

const noSubscription = () => () => {};
const browserHostname = () => window.location.hostname;
// The classic screen is rendered in the browser only; on the server there is no hostname to show.
const noHostname = () => null;

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const host = useSyncExternalStore(noSubscription, browserHostname, noHostname);
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
