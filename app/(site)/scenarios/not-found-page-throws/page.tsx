import { RoutingSignal } from '@/fixtures/throwers/signals';

export default function Page() {
  return <RoutingSignal signal="notFound" />;
}
