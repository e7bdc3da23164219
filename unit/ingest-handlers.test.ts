import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ingestHandlers } from '../ingest/handlers';
import { RETRY_AFTER_SECONDS } from '../ingest/faults';

const ENVELOPE_URL = 'https://ingest.faultline.test/api/1/envelope/?sentry_version=7&sentry_key=faultline';
const EVENT_ENVELOPE = [
  JSON.stringify({ event_id: 'a'.repeat(32) }),
  JSON.stringify({ type: 'event' }),
  JSON.stringify({ exception: { values: [{ type: 'Error', value: 'boom' }] } }),
].join('\n');

function ingest(fault?: '429') {
  const arrived: number[] = [];
  const handlers = ingestHandlers({ events: (events) => arrived.push(events.length), malformed: () => {} }, { fault });
  return { arrived, answer: (request: Request) => getResponse(handlers, request) };
}

describe('the MSW ingest, as a browser meets it from another origin', () => {
  it("answers a CORS preflight as Sentry's ingest does, and counts no envelope", async () => {
    const { arrived, answer } = ingest();
    const response = await answer(
      new Request(ENVELOPE_URL, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-faultline-test' },
      }),
    );
    expect(response?.status).toBe(204);
    expect(response?.headers.get('access-control-allow-origin')).toBe('*');
    expect(response?.headers.get('access-control-allow-headers')).toBe('x-faultline-test');
    expect(arrived).toEqual([]);
  });

  it('lets the browser SDK read the rate limit of a 429', async () => {
    const { arrived, answer } = ingest('429');
    const response = await answer(new Request(ENVELOPE_URL, { method: 'POST', body: EVENT_ENVELOPE }));
    expect(response?.status).toBe(429);
    expect(response?.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(response?.headers.get('access-control-expose-headers')?.split(/,\s*/)).toContain('retry-after');
    expect(arrived).toEqual([1]);
  });
});
