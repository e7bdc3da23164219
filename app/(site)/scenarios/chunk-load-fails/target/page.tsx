import { LazilyLoaded } from '@/bundled/LazilyLoaded';

export default function Page() {
  return <LazilyLoaded />;
}
