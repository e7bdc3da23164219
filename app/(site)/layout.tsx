import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { RequestTime } from '@/bundled/request-time';
import { configurationOf } from '@/scenarios/configurations';

const { requestTimeSuspends } = configurationOf(process.env);

export const metadata: Metadata = { title: 'faultline' };

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <main>
          <RequestTime suspends={requestTimeSuspends}>{children}</RequestTime>
        </main>
      </body>
    </html>
  );
}
