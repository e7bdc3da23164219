import { FailsUntilCauseGone } from '@/fixtures/throwers/client';

export default function Page() {
  return <FailsUntilCauseGone id="error-boundary-reset" />;
}
