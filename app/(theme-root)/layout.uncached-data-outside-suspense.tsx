import { cookies } from 'next/headers';
import type { ReactNode } from 'react';

// A root layout of its own (route group): the theme read from a cookie, outside any <Suspense>, as
// apps do to avoid a flash of the wrong theme. Only the build that checks this entry takes it in
// (scenarios/build-failures.ts): under Cache Components it stops that build.
export default async function ThemedRootLayout({ children }: { children: ReactNode }) {
  const theme = (await cookies()).get('theme')?.value ?? 'light';
  return (
    <html lang="en" data-theme={theme}>
      <body>{children}</body>
    </html>
  );
}
