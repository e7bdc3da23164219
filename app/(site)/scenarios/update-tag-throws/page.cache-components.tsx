import { cacheTag, updateTag } from 'next/cache';
import { HydratedButton } from '@/bundled/HydratedButton';
import { secretMessage } from '@/bundled/secret';

const TAG = 'update-tag-throws';

/** Cached under a tag: the build prerenders it; once a Server Action updates the tag, it runs again, and fails. */
async function orders(): Promise<string> {
  'use cache';
  cacheTag(TAG);
  if (process.env.NEXT_PHASE !== 'phase-production-build') throw new Error(secretMessage(TAG));
  return 'Orders as the build cached them';
}

async function refreshOrders(): Promise<void> {
  'use server';
  updateTag(TAG);
}

export default async function Page() {
  return (
    <>
      <p>{await orders()}</p>
      <form action={refreshOrders}>
        <HydratedButton type="submit">Refresh orders</HydratedButton>
      </form>
    </>
  );
}
