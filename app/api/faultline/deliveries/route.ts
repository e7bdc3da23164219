import { fromHarness, notFound } from '../harness-guard';

/** Harness mode, and this server's own Edge runtime only (it carries the secret): a call of Next to the app's onRequestError there, counted in the store. */
export async function POST(request: Request): Promise<Response> {
  if (!fromHarness(request)) return notFound();
  const { delivery, marker } = await request.json();
  const { storeDelivery } = await import('@/app-server/store');
  storeDelivery(delivery, typeof marker === 'string' ? marker : null);
  return new Response(null, { status: 204 });
}
