import { connection } from 'next/server';
import { checkAsked } from '../harness-guard';

/** Harness mode, and the process that started the server, only: what reached the server's ingest for a check, what is still held open, and Next's deliveries so far. No flush, no claim. */
export async function GET(request: Request): Promise<Response> {
  // Per request, never prerendered (Cache Components would prerender a GET that reads nothing of it).
  await connection();
  const asked = checkAsked(request);
  if (asked instanceof Response) return asked;
  const { ingestState } = await import('@/app-server/store');
  return Response.json(ingestState(asked.marker, asked.claim));
}
