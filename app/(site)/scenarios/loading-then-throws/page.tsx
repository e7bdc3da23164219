import { ThrowingServerComponent } from '@/fixtures/throwers/server';

export default function Page() {
  return <ThrowingServerComponent id="loading-then-throws" />;
}
