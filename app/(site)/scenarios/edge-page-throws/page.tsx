import { ThrowingServerComponent } from '@/fixtures/throwers/server';

export const runtime = 'edge';

export default function Page() {
  return <ThrowingServerComponent id="edge-page-throws" />;
}
