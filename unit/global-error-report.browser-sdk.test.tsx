import { cleanup, render, screen } from '@testing-library/react';
import * as Sentry from '@sentry/nextjs';
import type { ErrorEvent } from '@sentry/core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import GlobalError from '../app/global-error';
import { DIGEST_TAG } from '../app/_sentry/options';
import { ingestHandlers } from '../ingest/handlers';
import { HARNESS_DSN } from '../contract';

/** One entry per envelope the browser SDK sent, each with its error events. */
const envelopes: ErrorEvent[][] = [];
const malformed: string[] = [];
const ingest = setupServer(...ingestHandlers({ events: (events) => envelopes.push(events), malformed: (p) => malformed.push(p) }));

beforeAll(async () => {
  // Everything else must fail loudly: the SDK may only talk to the ingest.
  ingest.listen({ onUnhandledRequest: 'error' });
  process.env.NEXT_PUBLIC_SENTRY_DSN = HARNESS_DSN;
  // The app's real browser init: its options, its beforeSend, its transport.
  await import('../instrumentation-client');
});

afterEach(() => {
  cleanup();
  envelopes.length = 0;
});

afterAll(() => ingest.close());

async function renderFallback(error: Error & { digest?: string }) {
  render(<GlobalError error={error} />, { container: document });
  await screen.findByRole('heading', { level: 2 });
  await Sentry.flush(2_000);
}

describe('the fallback reports a client-side error', () => {
  it('as one envelope holding one unhandled error event, without a digest tag', async () => {
    await renderFallback(new TypeError('cart is undefined'));

    expect(malformed).toEqual([]);
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]).toHaveLength(1);
    const [event] = envelopes[0];
    expect(event.exception?.values?.at(-1)).toMatchObject({
      type: 'TypeError',
      value: 'cart is undefined',
      mechanism: { handled: false, type: 'auto.faultline.global_error' },
    });
    expect(event).toMatchObject({ level: 'error', platform: 'javascript', sdk: { name: 'sentry.javascript.nextjs' } });
    expect(event.request?.url).toBe(window.location.href);
    expect(event.tags?.[DIGEST_TAG]).toBeUndefined();
  });

  it('does not report an error that came from the server (it carries a digest)', async () => {
    await renderFallback(Object.assign(new Error('An error occurred in the Server Components render.'), { digest: '2010230941' }));

    expect(screen.getByText('Digest: 2010230941')).toBeTruthy();
    expect(envelopes).toEqual([]);
  });
});
