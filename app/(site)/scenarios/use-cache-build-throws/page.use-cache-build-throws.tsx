import { secretMessage } from '@/bundled/secret';

/** A cached function ('use cache') that reads nothing of the request: the build runs it, to prerender the page. */
async function cachedOrders(id: string): Promise<string> {
  'use cache';
  throw new Error(secretMessage(id));
}

// Only the build that checks this entry takes this file in (scenarios/build-failures.ts): it stops that build.
export default async function Page() {
  return <p>{await cachedOrders('use-cache-build-throws')}</p>;
}
