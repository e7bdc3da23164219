import { Suspense } from 'react';
import { ReadsPromise } from '@/fixtures/app/client';
import { rejectingData } from '@/fixtures/app/streamed';

export default function Page() {
  return (
    <Suspense fallback={<p>Loading the data…</p>}>
      <ReadsPromise data={rejectingData('use-promise-rejects')} />
    </Suspense>
  );
}
