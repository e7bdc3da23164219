import { Suspense, type ReactNode } from 'react';

/**
 * Where a root layout's request-time work renders. Under Cache Components a page that reads the
 * request must stream inside `<Suspense>` (Next refuses to build it otherwise), so the shell is
 * prerendered and the rest streams after it (`suspends`); by default it renders in the document
 * itself, as a dynamic page does. Which one is the configuration's data (scenarios/configurations.ts).
 */
export function RequestTime({ children, suspends = false }: { children: ReactNode; suspends?: boolean }) {
  return suspends ? <Suspense>{children}</Suspense> : children;
}
