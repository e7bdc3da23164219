import { connection } from 'next/server';
import * as Sentry from '@sentry/nextjs';
import { fromHarness, notFound } from '../harness-guard';

/** Harness mode, and the process that started the server, only: flushes the server SDK, then every report and delivery no check claimed. */
export async function GET(request: Request): Promise<Response> {
  // Per request, never prerendered (Cache Components would prerender a GET that reads nothing of it).
  await connection();
  if (!fromHarness(request)) return notFound();
  await Sentry.flush(2_000);
  const { unclaimed } = await import('@/app-server/store');
  return Response.json(unclaimed());
}
