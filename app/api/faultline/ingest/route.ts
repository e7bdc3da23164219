import { HARNESS_ENV } from '@/app/_sentry/harness-dsn';

export const dynamic = 'force-dynamic';

/** Harness mode only: what reached the server's ingest for a test, and what is still held open. No flush. */
export async function GET(request: Request): Promise<Response> {
  if (process.env[HARNESS_ENV] !== '1') return new Response('Not Found', { status: 404 });
  const marker = new URL(request.url).searchParams.get('test');
  if (!marker) return Response.json({ error: 'missing ?test=' }, { status: 400 });
  const { ingestState } = await import('@/fixtures/ingest/server-store');
  return Response.json(ingestState(marker));
}
