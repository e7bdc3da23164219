import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { ingestState, serverStore, storeEnvelope, storeMalformed } from '../fixtures/server/store';

const event = (marker: string) => ({ request: { headers: { 'x-faultline-test': marker } } }) as unknown as ErrorEvent;

describe('the server event store', () => {
  it('keeps at most its limit of events and counts the ones it dropped, oldest first', () => {
    serverStore().maxEvents = 3;
    for (const marker of ['a', 'b', 'c', 'd', 'e']) storeEnvelope([event(marker)], 1_000);
    expect(ingestState('e')).toMatchObject({ arrived: 1, arrivedTotal: 5, kept: 3, evicted: 2 });
    expect(ingestState('a').arrived, 'the oldest went first').toBe(0);
  });

  it('drops events older than ten minutes', () => {
    storeEnvelope([event('late')], 1_000 + 11 * 60_000);
    expect(ingestState('late')).toMatchObject({ arrived: 1, kept: 1 });
  });

  it('keeps a bounded number of malformed envelopes', () => {
    for (let i = 0; i < 150; i++) storeMalformed(`problem ${i}`, 'body');
    expect(serverStore().malformed).toHaveLength(100);
    expect(serverStore().malformed[0].problem).toBe('problem 50');
  });
});
