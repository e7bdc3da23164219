import * as Sentry from '@sentry/nextjs';
import { ENV, HARNESS_ENDPOINTS, HARNESS_SECRET_HEADER, TEST_MARKER_HEADER } from '../contract';
import type { Delivery } from './store';

/** What Next passes to `onRequestError` (its `Instrumentation.onRequestError`), as far as the count reads it. */
interface RequestInfo {
  headers: Record<string, string | string[] | undefined>;
}
interface ErrorContext {
  routePath?: string;
  routeType?: string;
  renderSource?: string;
}

/** The delivery as the store keeps it: what Next passed, whatever the app's hook then does with it. */
function deliveryOf(error: unknown, context: ErrorContext): Delivery {
  const thrown = error as { message?: unknown; digest?: unknown } | null | undefined;
  return {
    runtime: process.env.NEXT_RUNTIME === 'edge' ? 'edge' : 'nodejs',
    routeType: context.routeType ?? null,
    renderSource: context.renderSource ?? null,
    routePath: context.routePath ?? null,
    message: typeof thrown?.message === 'string' ? thrown.message : String(error),
    digest: typeof thrown?.digest === 'string' ? thrown.digest : null,
  };
}

/**
 * Runs inside the app server, in harness mode only: counts every call Next makes to the app's
 * `onRequestError` (per request marker, route type and render source) before the app's own hook
 * runs, so that "reported once" proves Next delivered the error once and the SDK sent it once (the
 * SDK drops a second capture of the same error by itself, where no one would see it). Outside
 * harness mode the app's hook is returned as it is.
 */
export function countingDeliveries<R extends RequestInfo, C extends ErrorContext>(hook: (error: unknown, request: R, context: C) => void | Promise<void>) {
  if (process.env[ENV.harness] !== '1') return hook;
  return async (error: unknown, request: R, context: C): Promise<void> => {
    const delivery = deliveryOf(error, context);
    const header = request.headers[TEST_MARKER_HEADER];
    const marker = (Array.isArray(header) ? header[0] : header) ?? null;
    // One `if` around the Node.js-only import: webpack (Next 15) drops the block from the edge bundle.
    if (process.env.NEXT_RUNTIME === 'nodejs') {
      const { storeDelivery } = await import('./store');
      storeDelivery(delivery, marker);
      return hook(error, request, context);
    }
    // The Edge sandbox shares no memory with the Node.js store, and no Node.js route can flush its
    // SDK: it runs the app's hook, flushes what that sent (through the tunnel, into the store), and
    // only then tells this server's harness endpoint. A counted Edge delivery is a delivered report.
    await hook(error, request, context);
    await Sentry.flush(2_000);
    await fetch(`http://127.0.0.1:${process.env.PORT}${HARNESS_ENDPOINTS.deliveries}`, {
      method: 'POST',
      headers: { [HARNESS_SECRET_HEADER]: process.env[ENV.harnessSecret] ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ delivery, marker }),
    }).catch((failure: unknown) => console.error(`[faultline] an Edge delivery was not counted: ${String(failure)}`));
  };
}
