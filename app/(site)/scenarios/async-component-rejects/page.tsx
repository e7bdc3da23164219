import { RejectingAsyncComponent } from '@/bundled/server';

export default function Page() {
  return (
    <>
      <h1>Async data</h1>
      <RejectingAsyncComponent id="async-component-rejects" />
    </>
  );
}
