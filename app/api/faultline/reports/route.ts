import { connection } from 'next/server';
import * as Sentry from '@sentry/nextjs';
import { checkAsked } from '../harness-guard';

/**
 * Harness mode, and the process that started the server, only: flushes the server SDK, then claims
 * for a check (`?test=` its marker, `&message=` and `&digest=` what names its entry) the error events
 * and deliveries that are its own, and returns them; with `&deliveries=N`, first waits (5 s at
 * most) until the check owns that many of Next's deliveries.
 */
export async function GET(request: Request): Promise<Response> {
  // Per request, never prerendered (Cache Components would prerender a GET that reads nothing of it).
  await connection();
  const asked = checkAsked(request);
  if (asked instanceof Response) return asked;
  const { marker, params, claim } = asked;
  const { claimFor, deliveriesOwned } = await import('@/app-server/store');
  // Next's deliveries the check expects come first (an Edge one is counted once its report was sent); then the Node SDK's flush.
  await deliveriesOwned(marker, claim, Number(params.get('deliveries')) || 0);
  await Sentry.flush(2_000);
  return Response.json(claimFor(marker, claim));
}
