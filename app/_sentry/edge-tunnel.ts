import { ENV, HARNESS_ENDPOINTS, HARNESS_SECRET_HEADER } from '@/contract';

/**
 * Harness mode, Edge runtime. Its SDK sends with the Edge sandbox's own fetch (Next's bundled
 * edge-runtime), which MSW in the Node process never sees: an Edge page's error (and on Next 15,
 * an Edge Route Handler's) was lost without a trace. It sends to this server's
 * ingest route instead, with the harness's secret; the server listens on 127.0.0.1 (harness only)
 * and `next start` puts its port in PORT.
 */
export function edgeTunnel() {
  return {
    tunnel: `http://127.0.0.1:${process.env.PORT}${HARNESS_ENDPOINTS.edgeIngest}`,
    transportOptions: { headers: { [HARNESS_SECRET_HEADER]: process.env[ENV.harnessSecret] ?? '' } },
  };
}
