import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { otlpExceptions } from '../ingest/otlp';
import { catalogue } from '../scenarios/catalogue';
import { auditEntry, type AuditObservation } from '../audit/kinds/placed/judge';
import type { AuditReport } from '../verdict/audit-reporting';
import { auditedServerFailure } from './observations';

/**
 * Five trace exports `@vercel/otel` 2.1.3 sent from the generated OpenTelemetry app's server
 * (protobuf, its default), as the audit's intercept wrote them down on 16.4.5: Next's preload of
 * the placed Edge entries at start, a page's render, and a route handler's.
 */
const exported = readFileSync(join(import.meta.dirname, 'data', 'otlp-exports.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { contentType: string; body: string })
  .map(({ contentType, body }) => ({ contentType, body: new Uint8Array(Buffer.from(body, 'base64')) }));

const brief = (exports: typeof exported) =>
  otlpExceptions(exports).map(({ event }) => ({
    route: event.request?.url,
    exceptions: event.exception?.values?.map(({ type, value }) => `${type}: ${value}`),
  }));

describe("OpenTelemetry's trace exports read as reports", () => {
  it('reads a report per span in error from what @vercel/otel sent, by the route its span or its trace names; Next’s lookup of an Edge module is none', () => {
    const exceptions = (route: string) =>
      brief(exported)
        .filter((report) => report.route === `/faultline-audit/${route}`)
        .map((report) => report.exceptions);
    // Next records the render's error on its span, and the app's onRequestError on the same (active) span again: one span, one report (exports 1 and 5 come from two audits).
    expect(exceptions('server-page-throws')).toEqual([['Error: server-page-throws: db password hunter2'], ['Error: server-page-throws: db password hunter2']]);
    // A route handler's: Next's span running it, and the request's span the app's hook recorded it on.
    expect(exceptions('route-handler-throws')).toEqual([
      ['Error: route-handler-throws: db password hunter2'],
      ['Error: route-handler-throws: db password hunter2'],
    ]);
    // An Edge route's failure as the Node.js server's request span recorded it: a string, no type.
    expect(exceptions('edge-route-handler-throws')).toEqual([['undefined: Error: edge-route-handler-throws: db password hunter2']]);
    expect(brief(exported).map((report) => report.route)).toEqual([
      '/faultline-audit/nested-layout-throws',
      '/faultline-audit/async-component-rejects',
      '/faultline-audit/server-page-throws',
      '/faultline-audit/server-page-throws',
      '/faultline-audit/route-handler-throws',
      '/faultline-audit/route-handler-throws',
      '/faultline-audit/edge-route-handler-throws',
    ]);
    expect(JSON.stringify(otlpExceptions(exported)), 'Next looking up the Edge entries’ modules at start').not.toContain('app-edge-has-no-entrypoint');
  });

  it('reads OTLP/JSON as protobuf: exception events, the digest an attribute names, the route', () => {
    const json = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: 'aa',
                  spanId: '01',
                  attributes: [{ key: 'next.route', value: { stringValue: '/faultline-audit/server-page-throws' } }],
                  events: [
                    {
                      name: 'exception',
                      attributes: [
                        { key: 'exception.type', value: { stringValue: 'Error' } },
                        { key: 'exception.message', value: { stringValue: 'server-page-throws: boom' } },
                      ],
                    },
                  ],
                },
                { traceId: 'aa', spanId: '02', events: [{ name: 'log', attributes: [] }] },
                {
                  traceId: 'bb',
                  spanId: '03',
                  attributes: [{ key: 'next.error.digest', value: { stringValue: '123' } }],
                  events: [{ name: 'exception', attributes: [{ key: 'exception.message', value: { stringValue: 'x' } }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    const reports = otlpExceptions([{ contentType: 'application/json', body: new Uint8Array(Buffer.from(JSON.stringify(json))) }]).map(({ event }) => event);
    expect(reports.map((event) => [event.request?.url, event.exception?.values?.[0]?.value, event.tags?.digest])).toEqual([
      ['/faultline-audit/server-page-throws', 'server-page-throws: boom', undefined],
      [undefined, 'x', '123'],
    ]);
  });

  it("keeps each exception's stack (exception.stacktrace, V8's text) as a Sentry event's frames, the caller first; an exception without one has none", () => {
    const [render] = otlpExceptions(exported).filter(({ event }) => event.request?.url === '/faultline-audit/server-page-throws');
    const frames = render.event.exception?.values?.[0]?.stacktrace?.frames ?? [];
    // The throw last, as Sentry lists it: the placed page's chunk, as the server ran it from the workspace.
    expect(frames.at(-1)).toMatchObject({
      filename: expect.stringMatching(/^\/.*\/\.next\/server\/.*\.js$/),
      lineno: expect.any(Number),
      colno: expect.any(Number),
    });
    expect(frames.every((frame) => typeof frame.filename === 'string' && typeof frame.lineno === 'number')).toBe(true);
    const [edge] = otlpExceptions(exported).filter(({ event }) => event.request?.url === '/faultline-audit/edge-route-handler-throws');
    expect(edge.event.exception?.values?.[0]?.stacktrace).toBeUndefined();
  });

  it('refuses a body that is not protobuf instead of reading noise', () => {
    expect(() => otlpExceptions([{ contentType: 'application/x-protobuf', body: new Uint8Array([0x0a, 0x7f, 0x01]) }])).toThrow(/past the end/);
  });
});

const otel = { sentry: false, otherReporters: ['OpenTelemetry (instrumentation.ts imports @vercel/otel)'], reads: ['OpenTelemetry'] };
const spanReport = (value: string): AuditReport => ({
  runtime: 'node',
  reporter: 'OpenTelemetry',
  event: { type: undefined, exception: { values: [{ type: 'Error', value }] } },
});
const judged = (id: string, seen: AuditObservation) => {
  const audit = auditEntry(
    catalogue.find((scenario) => scenario.id === id)!,
    seen,
    otel,
  );
  return { state: audit.checks['reported once'], findings: audit.findings.map(({ check, what, fix }) => ({ check, what, fix })) };
};

describe('reported once and traceable, judged for OpenTelemetry on the server', () => {
  it('finds a failure on one span reported once, and a digest on no span untraceable, with the fix in OpenTelemetry’s terms', () => {
    expect(
      judged(
        'server-page-throws',
        auditedServerFailure({
          serverLogDigests: ['2243288624'],
          lines: ['This page couldn’t load', 'ERROR 2243288624'],
          reports: [spanReport('server-page-throws: boom')],
        }),
      ),
    ).toEqual({
      state: 'ok',
      findings: [
        {
          check: 'traceable',
          what: 'the digest on screen is in the server log but on no report',
          fix: "put the digest on the span in `onRequestError`: `trace.getActiveSpan()?.setAttribute('next.error.digest', error.digest)`",
        },
      ],
    });
  });

  it('finds a failure no span recorded, with the fix in OpenTelemetry’s terms, and the proxy’s own way for a proxy’s', () => {
    expect(
      judged('server-page-throws', auditedServerFailure({ serverLogDigests: ['2243288624'] })).findings.filter(({ check }) => check === 'reported once'),
    ).toEqual([
      {
        check: 'reported once',
        what: 'a server failure is never reported',
        fix:
          "record the error on the request's span in `onRequestError` in `instrumentation.ts` " +
          '(`trace.getActiveSpan()?.recordException(error)`), with `OTEL_EXPORTER_OTLP_ENDPOINT` where the server runs',
      },
    ]);
    const proxy = auditedServerFailure({ id: 'proxy-throws', status: 500, serverLogDigests: [], lines: ['Internal Server Error'], delivered: 0 });
    expect(judged('proxy-throws', proxy).findings.map(({ fix }) => fix)).toContainEqual(
      'catch in the proxy and record the error on its span (`trace.getActiveSpan()?.recordException(error)`): Next never passes a proxy’s error to `onRequestError` (vercel/next.js#83404)',
    );
  });

  it('does not judge the Edge runtime, whose batched spans the audit’s flush does not reach', () => {
    const edge = auditedServerFailure({ id: 'edge-page-throws' });
    expect(judged('edge-page-throws', edge)).toEqual({ state: "the Edge runtime's spans are not read for OpenTelemetry", findings: [] });
  });
});
