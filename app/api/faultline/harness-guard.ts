import { timingSafeEqual } from 'node:crypto';
import { HARNESS_ENV, HARNESS_SECRET_ENV, HARNESS_SECRET_HEADER } from '@/app/_sentry/harness-dsn';

/**
 * Whether a request may use the harness endpoints: harness mode is on and the request carries the
 * secret of the process that started this server. Anything else gets the same 404 as harness
 * mode off, so the endpoints do not even show that they exist.
 */
export function fromHarness(request: Request): boolean {
  const secret = process.env[HARNESS_SECRET_ENV];
  const given = request.headers.get(HARNESS_SECRET_HEADER);
  if (process.env[HARNESS_ENV] !== '1' || !secret || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export const notFound = () => new Response('Not Found', { status: 404 });
