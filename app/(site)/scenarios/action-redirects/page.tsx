import { connection } from 'next/server';
import { SignalActionForm } from '@/bundled/client';

export default async function Page() {
  // Rendered per request: the failure must happen while serving a user, not at build time.
  await connection();
  return <SignalActionForm signal="redirect" />;
}
