import * as Sentry from '@sentry/nextjs';
import { fromHarness, notFound } from '../harness-guard';

export const dynamic = 'force-dynamic';

/** Harness mode, and the process that started the server, only: flushes the server SDK, then returns the error events a test caused. */
export async function GET(request: Request): Promise<Response> {
  if (!fromHarness(request)) return notFound();
  const marker = new URL(request.url).searchParams.get('test');
  if (!marker) return Response.json({ error: 'missing ?test=' }, { status: 400 });
  await Sentry.flush(2_000);
  const { serverReportsFor } = await import('@/fixtures/server/store');
  return Response.json(serverReportsFor(marker));
}
