import { Suspense } from 'react';
import { StreamedThrower } from '@/bundled/streamed';

export default function Page() {
  return (
    <>
      <h1>Streaming</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <StreamedThrower id="suspense-streamed-throws" />
      </Suspense>
    </>
  );
}
