import { ThrowingServerComponent } from '@/bundled/server';

export const runtime = 'edge';

export default function Page() {
  return <ThrowingServerComponent id="edge-page-throws" />;
}
