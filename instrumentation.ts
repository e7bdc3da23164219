import * as Sentry from '@sentry/nextjs';
import { ENV } from '@/contract';
import { countingDeliveries } from '@/app-server/deliveries';

export async function register() {
  // One `if` around every Node.js-only import: webpack (Next 15) drops the block from the edge bundle,
  // where `node:` modules do not build; code after an early return would stay in it.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { exitWithLauncher } = await import('./harness/lifeline');
    if (process.env[ENV.lifeline] === '1') exitWithLauncher();
    // MSW must patch node:https before Sentry's transport first uses it.
    if (process.env[ENV.harness] === '1') await import('./app-server/ingest').then((m) => m.interceptIngest());
    await import('./app/_sentry/server');
  }
  // The Edge runtime has no MSW: in harness mode its SDK sends to the harness's ingest route (edge-tunnel.ts).
  if (process.env.NEXT_RUNTIME === 'edge') await import('./app/_sentry/server');
}

/** The app's own hook: Next passes it the errors of rendering, Route Handlers, Server Actions and the proxy. */
const reportRequestError = Sentry.captureRequestError;

// In harness mode every call Next makes is counted before the app's hook runs (outside it: unchanged).
export const onRequestError = countingDeliveries(reportRequestError);
