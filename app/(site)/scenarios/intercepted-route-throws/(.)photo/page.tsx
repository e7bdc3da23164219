import { ThrowingServerComponent } from '@/bundled/server';

/** The photo as a modal over the gallery, on a client navigation: it fails. */
export default function PhotoModal() {
  return <ThrowingServerComponent id="intercepted-route-throws" />;
}
