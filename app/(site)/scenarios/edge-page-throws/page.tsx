import { ThrowingServerComponent } from '@/fixtures/app/server';

export const runtime = 'edge';

export default function Page() {
  return <ThrowingServerComponent id="edge-page-throws" />;
}
