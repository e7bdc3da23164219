import { Suspense } from 'react';
import { ReadsPromise } from '@/fixtures/throwers/client';
import { rejectingData } from '@/fixtures/throwers/server';

export default function Page() {
  return (
    <Suspense fallback={<p>Loading the data…</p>}>
      <ReadsPromise data={rejectingData('use-promise-rejects')} />
    </Suspense>
  );
}
