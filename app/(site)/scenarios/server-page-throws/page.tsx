import { ThrowingServerComponent } from '@/bundled/server';

export default function Page() {
  return <ThrowingServerComponent id="server-page-throws" />;
}
