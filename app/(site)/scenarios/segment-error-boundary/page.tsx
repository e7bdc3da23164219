import { ThrowingServerComponent } from '@/bundled/server';

export default function Page() {
  return <ThrowingServerComponent id="segment-error-boundary" />;
}
