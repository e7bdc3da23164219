import { timingSafeEqual } from 'node:crypto';
import { ENV, HARNESS_SECRET_HEADER } from '@/contract';

/**
 * Whether a request may use the harness endpoints: harness mode is on and the request carries the
 * secret of the process that started this server. Anything else gets the same 404 as harness
 * mode off, so the endpoints do not even show that they exist.
 */
export function fromHarness(request: Request): boolean {
  const secret = process.env[ENV.harnessSecret];
  const given = request.headers.get(HARNESS_SECRET_HEADER);
  if (process.env[ENV.harness] !== '1' || !secret || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export const notFound = () => new Response('Not Found', { status: 404 });

/** What a check claims beside its marker (`&message=`, `&digest=`, repeatable). */
function claimTextsOf(params: URLSearchParams) {
  return { messages: params.getAll('message'), digests: params.getAll('digest') };
}

/**
 * A harness request about one check (`?test=` its marker, with what names its entry), or the answer
 * to give instead: the 404 of a request not from the harness, a 400 without a marker.
 */
export function checkAsked(request: Request): { marker: string; params: URLSearchParams; claim: ReturnType<typeof claimTextsOf> } | Response {
  if (!fromHarness(request)) return notFound();
  const params = new URL(request.url).searchParams;
  const marker = params.get('test');
  if (!marker) return Response.json({ error: 'missing ?test=' }, { status: 400 });
  return { marker, params, claim: claimTextsOf(params) };
}
