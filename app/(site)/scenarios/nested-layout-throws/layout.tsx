import type { ReactNode } from 'react';
import { ThrowingServerComponent } from '@/bundled/server';

export default async function NestedLayout({ children }: { children: ReactNode }) {
  await ThrowingServerComponent({ id: 'nested-layout-throws' });
  return <section>{children}</section>;
}
