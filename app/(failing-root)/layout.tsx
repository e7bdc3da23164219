import type { ReactNode } from 'react';
import { RequestTime } from '@/bundled/request-time';
import { configurationOf } from '@/scenarios/configurations';

const { requestTimeSuspends } = configurationOf(process.env);
import { ThrowingServerComponent } from '@/bundled/server';

// A second root layout (route group) so that only this scenario's root layout throws: while it
// renders its document, at request time.
export default function FailingRootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <RequestTime suspends={requestTimeSuspends}>
          <ThrowingServerComponent id="root-layout-throws" />
          {children}
        </RequestTime>
      </body>
    </html>
  );
}
