import { RoutingSignal } from '@/fixtures/app/signals';

export default function Page() {
  return <RoutingSignal signal="notFound" />;
}
