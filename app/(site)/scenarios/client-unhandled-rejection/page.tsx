import { RejectsUnhandled } from '@/bundled/client';

// Rendered per request: the failure must happen while serving a user, not at build time.
export const dynamic = 'force-dynamic';

export default function Page() {
  return <RejectsUnhandled id="client-unhandled-rejection" />;
}
