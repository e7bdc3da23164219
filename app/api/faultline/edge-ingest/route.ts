import { fromHarness, notFound } from '../harness-guard';

/** Harness mode, and this server's own Edge runtime only (it carries the secret): the Edge SDK's envelopes, answered by the ingest that answers the Node SDK's. */
export async function POST(request: Request): Promise<Response> {
  if (!fromHarness(request)) return notFound();
  const { ingestTunnelled } = await import('@/app-server/tunnel');
  return ingestTunnelled(request);
}
