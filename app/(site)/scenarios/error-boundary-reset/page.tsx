import { FailsUntilCauseGone } from '@/bundled/client';

export default function Page() {
  return <FailsUntilCauseGone id="error-boundary-reset" />;
}
