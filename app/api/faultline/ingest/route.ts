import { fromHarness, notFound } from '../harness-guard';

export const dynamic = 'force-dynamic';

/** Harness mode, and the process that started the server, only: what reached the server's ingest for a test, and what is still held open. No flush. */
export async function GET(request: Request): Promise<Response> {
  if (!fromHarness(request)) return notFound();
  const marker = new URL(request.url).searchParams.get('test');
  if (!marker) return Response.json({ error: 'missing ?test=' }, { status: 400 });
  const { ingestState } = await import('@/fixtures/server/store');
  return Response.json(ingestState(marker));
}
