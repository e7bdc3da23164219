import { ThrowingServerComponent } from '@/bundled/server';

export default function Template(_props: { children: React.ReactNode }) {
  return <ThrowingServerComponent id="template-throws" />;
}
