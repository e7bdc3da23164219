import { connection } from 'next/server';
import { secretMessage } from '@/bundled/secret';

/** A cached function ('use cache'): its result kept per argument, once it ever returns one. */
async function cachedRecord(id: string): Promise<string> {
  'use cache';
  throw new Error(secretMessage(id));
}

export default async function Page() {
  // At request time: the cached function first runs for a user, not in the build.
  await connection();
  return <p>{await cachedRecord('use-cache-throws')}</p>;
}
