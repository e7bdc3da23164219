import { ThrowingServerComponent } from '@/fixtures/throwers/server';

export default function Page() {
  return <ThrowingServerComponent id="server-page-throws" />;
}
