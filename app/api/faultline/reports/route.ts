import * as Sentry from '@sentry/nextjs';
import { HARNESS_ENV } from '@/app/_sentry/harness-dsn';

export const dynamic = 'force-dynamic';

/** Harness mode only: flushes the server SDK, then returns the error events a test caused. */
export async function GET(request: Request): Promise<Response> {
  if (process.env[HARNESS_ENV] !== '1') return new Response('Not Found', { status: 404 });
  const marker = new URL(request.url).searchParams.get('test');
  if (!marker) return Response.json({ error: 'missing ?test=' }, { status: 400 });
  await Sentry.flush(2_000);
  const { serverReportsFor } = await import('@/fixtures/ingest/server-store');
  return Response.json(serverReportsFor(marker));
}
