import { ThrowingServerComponent } from '@/fixtures/app/server';

export default function Slot() {
  return <ThrowingServerComponent id="parallel-slot-throws" />;
}
