import { FailsUntilCauseGone } from '@/fixtures/app/client';

export default function Page() {
  return <FailsUntilCauseGone id="error-boundary-reset" />;
}
