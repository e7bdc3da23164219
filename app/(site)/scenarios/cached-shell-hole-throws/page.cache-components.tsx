import { Suspense } from 'react';
import { cacheLife } from 'next/cache';
import { StreamedThrower } from '@/bundled/streamed';

/** Cached for good: part of the shell the build prerenders. */
async function CachedHeading() {
  'use cache';
  cacheLife('max');
  return <h1>Prerendered with the shell</h1>;
}

export default function Page() {
  return (
    <>
      <CachedHeading />
      <Suspense fallback={<p>Loading…</p>}>
        <StreamedThrower id="cached-shell-hole-throws" />
      </Suspense>
    </>
  );
}
