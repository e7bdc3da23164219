import { ThrowingServerComponent } from '@/bundled/server';

export default function Page() {
  return <ThrowingServerComponent id="no-javascript-server-error" />;
}
