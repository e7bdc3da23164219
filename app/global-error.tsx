'use client';

import { useSyncExternalStore } from 'react';
import { ClassicFallback } from './_fallback/ClassicFallback';
import { fallbackVariant } from './_fallback/sentence';

const noSubscription = () => () => {};
const browserHostname = () => window.location.hostname;
// The classic screen is rendered in the browser only; on the server there is no hostname to show.
const noHostname = () => null;

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const host = useSyncExternalStore(noSubscription, browserHostname, noHostname);
  return (
    <html id="__next_error__" lang="en">
      <head>
        <title>Application error</title>
      </head>
      <body>
        {host === null ? null : (
          <ClassicFallback variant={fallbackVariant(error)} host={host} digest={error.digest} />
        )}
      </body>
    </html>
  );
}
