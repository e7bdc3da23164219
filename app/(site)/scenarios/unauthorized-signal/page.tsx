import { RoutingSignal } from '@/bundled/signals';

export default function Page() {
  return <RoutingSignal signal="unauthorized" />;
}
