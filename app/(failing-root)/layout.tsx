import type { ReactNode } from 'react';
import { ThrowingServerComponent } from '@/bundled/server';

// A second root layout (route group) so that only this scenario's root layout throws.
export default async function FailingRootLayout({ children }: { children: ReactNode }) {
  await ThrowingServerComponent({ id: 'root-layout-throws' });
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
