import { LazilyLoaded } from '@/fixtures/app/LazilyLoaded';

export default function Page() {
  return <LazilyLoaded />;
}
