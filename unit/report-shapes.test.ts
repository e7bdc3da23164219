import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { envelopeHeader, isPostHogCapture, isOtlpTraceExport, RECEIVER_ANSWERS } from '../ingest/report-shapes.mjs';
import { tunnelledTo } from '../worker/browser-ingest';

const envelope = (header: string, item = '{"type":"event"}') => Buffer.from(`${header}\n${item}\n{"message":"x"}\n`);
const DSN = 'https://key@o1.ingest.sentry.io/4501';

describe("a report's shape, one rule for every ingest (the browser's, the audited server's intercept)", () => {
  it('is a Sentry envelope by its header line and its first item header, on any path', () => {
    expect(envelopeHeader(envelope(`{"event_id":"1","dsn":"${DSN}"}`))).toEqual({ event_id: '1', dsn: DSN });
    expect(envelopeHeader(envelope('{"sent_at":"2026-12-07T00:00:00Z"}', '{"type":"session"}'))).toEqual({ sent_at: '2026-12-07T00:00:00Z' });
  });

  it('is no envelope without an item header after a JSON header line: a form, an RSC request, a JSON body that names a DSN', () => {
    expect(envelopeHeader(Buffer.from(`{"dsn":"${DSN}"}`))).toBeNull();
    expect(envelopeHeader(envelope(`{"dsn":"${DSN}"}`, 'name=value'))).toBeNull();
    expect(envelopeHeader(Buffer.from('["$@1",["abc",null]]'))).toBeNull();
    expect(envelopeHeader(Buffer.from('name=value&other=1'))).toBeNull();
    expect(envelopeHeader(envelope('{"other":1}')), 'a header that names nothing of an envelope').toBeNull();
  });

  it("is tunnelled to the DSN's envelope URL only where it is an envelope: the browser's ingest and the intercept agree", () => {
    expect(tunnelledTo(envelope(`{"dsn":"${DSN}"}`))).toBe('https://o1.ingest.sentry.io/api/4501/envelope/');
    // A body that names a DSN but carries no item is no envelope for the intercept, nor for the browser's ingest.
    expect(tunnelledTo(Buffer.from(`{"dsn":"${DSN}"}\n`))).toBeNull();
    expect(tunnelledTo(envelope(`{"dsn":"${DSN}"}`, 'name=value'))).toBeNull();
  });

  it('is a PostHog capture by its project key and its events, on any host; an OTLP trace export by its path', () => {
    expect(isPostHogCapture(Buffer.from('{"api_key":"phc_1","batch":[]}'))).toBe(true);
    expect(isPostHogCapture(Buffer.from('{"api_key":"phc_1","event":"$exception"}'))).toBe(true);
    expect(isPostHogCapture(Buffer.from('{"event":"$exception"}'))).toBe(false);
    expect(isPostHogCapture(gzipSync('{"api_key":"phc_1","batch":[]}')), 'still zipped: read once unzipped').toBe(false);
    expect(isOtlpTraceExport('/v1/traces')).toBe(true);
    expect(isOtlpTraceExport('/collector/v1/traces/')).toBe(true);
    expect(isOtlpTraceExport('/v1/metrics')).toBe(false);
  });

  it('answers as each receiver does, its length said (a proxy that forwards the answer reads until it ends)', () => {
    for (const answer of [
      RECEIVER_ANSWERS.envelope,
      RECEIVER_ANSWERS.PostHog,
      RECEIVER_ANSWERS.otlp('application/json'),
      RECEIVER_ANSWERS.otlp('application/x-protobuf'),
    ])
      expect(answer.headers['content-length'], answer.body).toBe(String(Buffer.byteLength(answer.body)));
    expect(RECEIVER_ANSWERS.otlp('application/x-protobuf').headers['content-type']).toBe('application/x-protobuf');
  });
});
