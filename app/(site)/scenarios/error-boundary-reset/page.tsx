import { FailsOnceAfterHydration } from '@/fixtures/throwers/client';

export default function Page() {
  return <FailsOnceAfterHydration id="error-boundary-reset" />;
}
