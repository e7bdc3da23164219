import { LazilyLoaded } from '@/fixtures/throwers/LazilyLoaded';

export default function Page() {
  return <LazilyLoaded />;
}
