import * as Sentry from '@sentry/nextjs';
import { fromHarness, notFound } from '../harness-guard';

export const dynamic = 'force-dynamic';

/** Harness mode, and the process that started the server, only: flushes the server SDK, then every report and delivery no check claimed. */
export async function GET(request: Request): Promise<Response> {
  if (!fromHarness(request)) return notFound();
  await Sentry.flush(2_000);
  const { unclaimed } = await import('@/app-server/store');
  return Response.json(unclaimed());
}
