import { Suspense, type ReactNode } from 'react';
import { configurationOf } from '@/scenarios/configurations';

/**
 * Where a root layout's request-time work renders. Under Cache Components a page that reads the
 * request must stream inside `<Suspense>` (Next refuses to build it otherwise), so the shell is
 * prerendered and the rest streams after it; by default it renders in the document itself, as a
 * dynamic page does. Which one is the configuration's data (scenarios/configurations.ts).
 */
export function RequestTime({ children }: { children: ReactNode }) {
  return configurationOf(process.env).requestTimeSuspends ? <Suspense>{children}</Suspense> : children;
}
