import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { claimFor, ingestState, serverStore, storeDelivery, storeEnvelope, storeMalformed, unclaimed } from '../app-server/store';

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

describe('every event and delivery is claimed by exactly one check', () => {
  const thrown = (message: string, marker?: string, digest?: string) =>
    ({
      exception: { values: [{ type: 'Error', value: message }] },
      ...(marker ? { request: { headers: { 'x-faultline-test': marker } } } : {}),
      ...(digest ? { tags: { digest } } : {}),
    }) as unknown as ErrorEvent;
  const fresh = () => {
    const store = serverStore();
    store.events = [];
    store.deliveries = [];
    store.maxEvents = 2_000;
  };

  it('claims by marker, or an unmarked event by the message that names the entry or the digest on screen', () => {
    fresh();
    storeEnvelope([
      thrown('a: boom', 'check-a'),
      thrown('b: boom', 'check-b'),
      thrown('a: regenerated'),
      thrown('redacted', undefined, '42'),
      thrown('a stray report'),
    ]);
    const a = claimFor('check-a', { messages: ['a: regenerated'], digests: ['42'] });
    expect(a.events.map(({ event, claimedBy }) => [event.exception!.values![0].value, claimedBy])).toEqual([
      ['a: boom', 'marker'],
      ['a: regenerated', 'message'],
      ['redacted', 'digest'],
    ]);
    // Claimed once: another check naming the same text gets nothing of it; another's marker stays theirs.
    expect(claimFor('check-c', { messages: ['a: regenerated', 'b: boom'], digests: ['42'] }).events).toEqual([]);
    expect(claimFor('check-b').events).toHaveLength(1);
    expect(unclaimed().items).toEqual([{ kind: 'report', what: 'Error: a stray report', runtime: 'server', marker: null, at: expect.any(String) }]);
  });

  it('counts deliveries like events, and names one no check looked at', () => {
    fresh();
    const delivery = {
      runtime: 'nodejs' as const,
      routeType: 'render',
      renderSource: 'react-server-components',
      routePath: '/x',
      message: 'x: boom',
      digest: '7',
    };
    storeDelivery(delivery, 'check-x');
    storeDelivery({ ...delivery, message: 'y: boom' }, 'check-y');
    expect(claimFor('check-x').deliveries).toEqual([{ ...delivery, claimedBy: 'marker' }]);
    expect(unclaimed().items).toEqual([
      { kind: 'delivery', what: 'onRequestError (render): y: boom', runtime: 'nodejs', marker: 'check-y', at: expect.any(String) },
    ]);
  });

  it('counts the unclaimed events it had to drop, so the accounting says so instead of losing them', () => {
    fresh();
    serverStore().maxEvents = 1;
    const before = serverStore().evictedUnclaimed;
    storeEnvelope([thrown('old stray')]);
    storeEnvelope([thrown('new stray')]);
    expect(unclaimed().evicted - before).toBe(1);
  });
});
