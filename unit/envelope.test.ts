import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, errorEventsIn } from '../ingest/envelope';
import { markerOf } from '../ingest/marker';
import { TEST_MARKER_HEADER } from '../contract';

const header = { event_id: 'a'.repeat(32), sent_at: '2026-11-21T00:00:00Z', sdk: { name: 'sentry.javascript.nextjs', version: '11.1.0' } };
const event = (value: string) => ({ event_id: 'b'.repeat(32), exception: { values: [{ type: 'Error', value }] } });

function envelope(...items: [object, object][]): Uint8Array {
  const lines = [JSON.stringify(header), ...items.flatMap(([h, p]) => [JSON.stringify(h), JSON.stringify(p)])];
  return new TextEncoder().encode(lines.join('\n'));
}

describe('errorEventsIn', () => {
  it('returns the event items of a plain body, skipping other item types', () => {
    const body = envelope([{ type: 'event' }, event('one')], [{ type: 'client_report' }, { discarded_events: [] }], [{ type: 'event' }, event('two')]);
    expect(errorEventsIn(body).map((e) => e.exception?.values?.[0].value)).toEqual(['one', 'two']);
  });

  it('reads gzip bodies (the Node transport compresses large envelopes)', () => {
    const body = gzipSync(envelope([{ type: 'event' }, event('zipped')]));
    expect(errorEventsIn(body, 'gzip').map((e) => e.exception?.values?.[0].value)).toEqual(['zipped']);
  });

  it('throws a clear error on a body that is not an envelope', () => {
    const body = new TextEncoder().encode('this is not json');
    expect(() => errorEventsIn(body)).toThrow(EnvelopeError);
    expect(() => errorEventsIn(body)).toThrow(/^Malformed Sentry envelope .*this is not json/);
  });
});

describe('markerOf', () => {
  it('finds the test marker in the request headers the server recorded', () => {
    expect(markerOf({ type: undefined, request: { headers: { [TEST_MARKER_HEADER]: 't1' } } })).toBe('t1');
    expect(markerOf({ type: undefined })).toBeUndefined();
  });
});
