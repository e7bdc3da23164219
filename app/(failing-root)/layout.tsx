import type { ReactNode } from 'react';
import { RequestTime } from '@/bundled/request-time';
import { ThrowingServerComponent } from '@/bundled/server';

// A second root layout (route group) so that only this scenario's root layout throws: while it
// renders its document, at request time.
export default function FailingRootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <RequestTime>
          <ThrowingServerComponent id="root-layout-throws" />
          {children}
        </RequestTime>
      </body>
    </html>
  );
}
