import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { RequestTime } from '@/bundled/request-time';

export const metadata: Metadata = { title: 'faultline' };

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <main>
          <RequestTime>{children}</RequestTime>
        </main>
      </body>
    </html>
  );
}
