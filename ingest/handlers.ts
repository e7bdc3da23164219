import { http, HttpResponse } from 'msw';
import { SENTRY_ENVELOPE } from '../contract';
import type { ErrorEvent } from '@sentry/core';
import { EnvelopeError, errorEventsIn } from './envelope';
import { markerOf } from './marker';
import { RECEIVER_ANSWERS } from './report-shapes.mjs';
import { RETRY_AFTER_SECONDS, StalledRequests, type IngestFault } from './faults';

export interface IngestSink {
  /**
   * Called once per envelope that reached the ingest (also when the ingest then fails it), with
   * its error events: none for sessions and client reports.
   */
  events(events: ErrorEvent[]): void;
  /** A body that is not a Sentry envelope: kept (with the body as text), so a test fails on it instead of losing it. */
  malformed(problem: string, body: string): void;
}

export interface IngestOptions {
  fault?: IngestFault;
  /** Where `stall` holds requests; required with that fault. */
  stalls?: StalledRequests;
}

/**
 * What Sentry's ingest sends with every answer: a browser SDK reports from another origin, and
 * reads its rate limits from these headers.
 */
const INGEST_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'x-sentry-error, x-sentry-rate-limits, retry-after',
};

async function answer(events: ErrorEvent[], { fault, stalls }: IngestOptions): Promise<Response> {
  switch (fault) {
    case undefined:
      return new HttpResponse(RECEIVER_ANSWERS.envelope.body, { headers: { ...RECEIVER_ANSWERS.envelope.headers, ...INGEST_CORS } });
    case '500':
      return new HttpResponse(null, { status: 500, headers: INGEST_CORS });
    case '429':
      return new HttpResponse(null, { status: 429, headers: { ...INGEST_CORS, 'Retry-After': String(RETRY_AFTER_SECONDS) } });
    case 'reset':
      return HttpResponse.error();
    case 'stall':
      if (!stalls) throw new Error('The stall fault needs a StalledRequests to hold requests in');
      // Counted per test marker, and only envelopes that carry error events (not sessions).
      await stalls.hold(events.length > 0 ? (markerOf(events[0]) ?? '') : null);
      return HttpResponse.error();
  }
}

/** Any host, any one segment as the project: wider than a DSN's numeric id, which this ingest need not check (only `HARNESS_DSN` reaches it). */
const ENVELOPE_PATH = SENTRY_ENVELOPE.msw;

/**
 * MSW handlers for the Sentry envelope endpoint of any host: the POST parses and hands over the
 * error events; the preflight is answered as Sentry's ingest does (a browser sends one when the
 * test adds its marker header to every request).
 */
export function ingestHandlers(sink: IngestSink, options: IngestOptions = {}) {
  const preflight = http.options(
    ENVELOPE_PATH,
    ({ request }) =>
      new HttpResponse(null, {
        status: 204,
        headers: {
          ...INGEST_CORS,
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? '',
        },
      }),
  );
  const envelope = http.post(ENVELOPE_PATH, async ({ request }) => {
    const body = new Uint8Array(await request.arrayBuffer());
    let events: ErrorEvent[];
    try {
      events = errorEventsIn(body, request.headers.get('content-encoding'));
    } catch (error) {
      if (!(error instanceof EnvelopeError)) throw error;
      sink.malformed(error.message, Buffer.from(body).toString('utf8'));
      return HttpResponse.json({ error: error.message }, { status: 400, headers: INGEST_CORS });
    }
    sink.events(events);
    return answer(events, options);
  });
  return [preflight, envelope];
}
