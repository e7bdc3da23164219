import { claimTextsOf, fromHarness, notFound } from '../harness-guard';

export const dynamic = 'force-dynamic';

/** Harness mode, and the process that started the server, only: what reached the server's ingest for a check, what is still held open, and Next's deliveries so far. No flush, no claim. */
export async function GET(request: Request): Promise<Response> {
  if (!fromHarness(request)) return notFound();
  const params = new URL(request.url).searchParams;
  const marker = params.get('test');
  if (!marker) return Response.json({ error: 'missing ?test=' }, { status: 400 });
  const { ingestState } = await import('@/fixtures/server/store');
  return Response.json(ingestState(marker, claimTextsOf(params)));
}
