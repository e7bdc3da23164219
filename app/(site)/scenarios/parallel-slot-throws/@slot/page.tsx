import { ThrowingServerComponent } from '@/bundled/server';

export default function Slot() {
  return <ThrowingServerComponent id="parallel-slot-throws" />;
}
