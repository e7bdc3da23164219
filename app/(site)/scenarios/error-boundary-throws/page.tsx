import { ThrowingServerComponent } from '@/fixtures/app/server';

export default function Page() {
  return <ThrowingServerComponent id="error-boundary-throws" />;
}
