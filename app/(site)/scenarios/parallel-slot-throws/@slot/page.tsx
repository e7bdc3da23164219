import { ThrowingServerComponent } from '@/fixtures/throwers/server';

export default function Slot() {
  return <ThrowingServerComponent id="parallel-slot-throws" />;
}
