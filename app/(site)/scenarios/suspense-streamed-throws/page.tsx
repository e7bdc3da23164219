import { Suspense } from 'react';
import { StreamedThrower } from '@/fixtures/app/streamed';

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
