import { ThrowingServerComponent } from '@/bundled/server';

/** The page says "not found", and what should show that fails itself. */
export default function NotFound() {
  return <ThrowingServerComponent id="not-found-page-throws" />;
}
