import { Suspense } from 'react';
import { ReadsPromise } from '@/bundled/client';
import { rejectingData } from '@/bundled/streamed';

export default function Page() {
  return (
    <Suspense fallback={<p>Loading the data…</p>}>
      <ReadsPromise data={rejectingData('use-promise-rejects')} />
    </Suspense>
  );
}
