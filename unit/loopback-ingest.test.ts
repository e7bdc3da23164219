import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createEnvelope, serializeEnvelope } from '@sentry/core';
import { LoopbackIngest } from '../bench/worker/loopback-ingest';
import { epochNow } from '../worker/check-trace';

const envelope = (type: 'event' | 'session') =>
  Buffer.from(
    serializeEnvelope(
      createEnvelope({ event_id: 'a'.repeat(32), sent_at: new Date().toISOString() }, [
        [{ type }, type === 'event' ? { message: 'boom' } : { sid: 's' }] as never,
      ]),
    ) as string,
  );

/** Posts like a Sentry transport: the server SDK over plain HTTP (gzip past a size), the page's over TLS. */
function post(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<number> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: 'POST', headers, rejectUnauthorized: false }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
    req.on('error', reject);
    req.end(body);
  });
}

let ingest: LoopbackIngest | undefined;
afterEach(async () => {
  await ingest?.close();
  ingest = undefined;
});

describe("the bare samples' loopback DSN", () => {
  it('takes the server SDK (plain HTTP, gzip or not) and the page (TLS) alike, and counts error events only', async () => {
    ingest = await LoopbackIngest.open();
    const before = epochNow();
    expect(await post(`${ingest.serverOrigin}/api/1/envelope/`, envelope('event'))).toBe(200);
    expect(await post(`${ingest.serverOrigin}/api/1/envelope/`, gzipSync(envelope('event')), { 'content-encoding': 'gzip' })).toBe(200);
    expect(await post(`${ingest.pageOrigin}/api/1/envelope/`, envelope('session'))).toBe(200);
    expect(await post(`${ingest.pageOrigin}/api/1/envelope/`, envelope('event'))).toBe(200);
    expect(ingest.count).toBe(3);
    const third = await ingest.arrivalOf(3, 1_000);
    expect(third).not.toBeNull();
    expect(third!).toBeGreaterThanOrEqual(before);
    expect(third!).toBeLessThanOrEqual(epochNow());
  });

  it('waits for an event still to come, and gives up with null after its time', async () => {
    ingest = await LoopbackIngest.open();
    const waiting = ingest.arrivalOf(1, 5_000);
    await post(`${ingest.serverOrigin}/api/1/envelope/`, envelope('event'));
    expect(await waiting).toEqual(expect.any(Number));
    expect(await ingest.arrivalOf(2, 50)).toBeNull();
    // Closed, the listener ends a wait at once rather than at its deadline.
    const pending = ingest.arrivalOf(2, 60_000);
    await ingest.close();
    ingest = undefined;
    expect(await pending).toBeNull();
  });

  it('listens on loopback only, and its DSN names the server side', async () => {
    ingest = await LoopbackIngest.open();
    expect(new URL(ingest.serverOrigin).hostname).toBe('127.0.0.1');
    expect(new URL(ingest.pageOrigin).hostname).toBe('127.0.0.1');
    expect(ingest.dsn).toBe(`http://faultline@${new URL(ingest.serverOrigin).host}/1`);
  });
});
