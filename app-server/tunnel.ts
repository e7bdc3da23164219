import { getResponse } from 'msw';
import { ingestHandlers } from '../ingest/handlers';
import { serverStore, storeEnvelope, storeMalformed } from './store';
import { HARNESS_DSN, SENTRY_ENVELOPE } from '../contract';

/** The envelope endpoint of the harness DSN: where MSW answers the Node SDK. */
const ENVELOPE_URL = SENTRY_ENVELOPE.urlOf(HARNESS_DSN)!;

/**
 * An envelope the Edge runtime's SDK sent through the harness's ingest route: answered by the same
 * handlers, fault and store as the Node SDK's (through MSW's `getResponse`), so a check cannot tell
 * which runtime's transport carried a report, only which runtime made it.
 */
export async function ingestTunnelled(request: Request): Promise<Response> {
  const store = serverStore();
  const handlers = ingestHandlers({ events: storeEnvelope, malformed: storeMalformed }, { fault: store.fault, stalls: store.stalls });
  const headers = new Headers();
  for (const name of ['content-type', 'content-encoding']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await getResponse(handlers, new Request(ENVELOPE_URL, { method: 'POST', headers, body: await request.arrayBuffer() }));
  // A route cannot reset its connection: `reset` reaches the Edge SDK as a 502, `stall` as a held request, then a 502.
  if (!response || response.type === 'error') return new Response(null, { status: 502 });
  return response;
}
