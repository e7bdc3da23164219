import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { postHogExceptions } from '../ingest/posthog';
import { catalogue } from '../scenarios/catalogue';
import { auditedServerFailure, type AuditedFields } from './observations';
import { appFindings, unseenReporting } from '../verdict/audit-reporting';
import { auditEntry, type AuditObservation } from '../audit/kinds/placed/judge';

const entry = (id: string) => catalogue.find((scenario) => scenario.id === id)!;
const batch = (events: unknown[]) => new TextEncoder().encode(JSON.stringify({ api_key: 'phc_x', batch: events }));

describe('PostHog, read where the server sends it: its $exception events', () => {
  it('reads each exception of a batch as a report: its type, value, digest and path; other events are no report', () => {
    const events = postHogExceptions(
      batch([
        {
          event: '$exception',
          uuid: '0190-a',
          properties: {
            $exception_list: [{ type: 'Error', value: 'server-page-throws: db password hunter2', stacktrace: { frames: [] } }],
            $pathname: '/faultline-audit/server-page-throws',
            nextjs_error_digest: '2243288624',
          },
        },
        { event: '$pageview', properties: {} },
      ]),
    );
    expect(events).toEqual([
      {
        type: undefined,
        event_id: '0190-a',
        exception: { values: [{ type: 'Error', value: 'server-page-throws: db password hunter2' }] },
        tags: { digest: '2243288624' },
        request: { url: '/faultline-audit/server-page-throws' },
      },
    ]);
  });

  it("keeps each exception's frames as a Sentry event carries them, a frame's chunk_id as the debug_meta image of its file, the thrown error last as Sentry lists it", () => {
    const frame = (filename: string, lineno: number, extra: object = {}) => ({
      filename,
      lineno,
      colno: 5,
      function: 'd',
      in_app: true,
      platform: 'node:javascript',
      ...extra,
    });
    const [event] = postHogExceptions(
      batch([
        {
          event: '$exception',
          uuid: '0190-b',
          properties: {
            // PostHog lists the thrown error first, its cause after.
            $exception_list: [
              {
                type: 'Error',
                value: 'thrown',
                stacktrace: { type: 'raw', frames: [frame('node:internal/a', 1), frame('.next/server/chunks/a.js', 2, { chunk_id: 'ABC-1' })] },
              },
              { type: 'TypeError', value: 'cause', stacktrace: { type: 'raw', frames: [] } },
            ],
          },
        },
      ]),
    );
    expect(event.exception?.values).toEqual([
      { type: 'TypeError', value: 'cause' },
      {
        type: 'Error',
        value: 'thrown',
        stacktrace: {
          frames: [
            { filename: 'node:internal/a', lineno: 1, colno: 5, function: 'd', in_app: true },
            { filename: '.next/server/chunks/a.js', lineno: 2, colno: 5, function: 'd', in_app: true },
          ],
        },
      },
    ]);
    expect(event.debug_meta).toEqual({ images: [{ type: 'sourcemap', code_file: '.next/server/chunks/a.js', debug_id: 'ABC-1' }] });
  });

  it('reads a single event sent on its own', () => {
    const single = new TextEncoder().encode(
      JSON.stringify({ api_key: 'phc_x', event: '$exception', properties: { $exception_list: [{ type: 'TypeError', value: 'x' }] } }),
    );
    expect(postHogExceptions(single).map((event) => event.exception?.values?.[0]?.type)).toEqual(['TypeError']);
  });
});

const event = (value: string): ErrorEvent => ({ type: undefined, exception: { values: [{ type: 'Error', value }] } });
const observation = (over: AuditedFields = {}) => auditedServerFailure({ serverLogDigests: ['2243288624'], ...over });
const context = { sentry: false, otherReporters: ['PostHog (instrumentation.ts imports @posthog/next)'], reads: ['PostHog'] };
const reportedOnce = (id: string, seen: AuditObservation) => {
  const audit = auditEntry(entry(id), seen, context);
  return {
    state: audit.checks['reported once'],
    findings: audit.findings.filter(({ check }) => check === 'reported once').map(({ what, fix }) => ({ what, fix })),
  };
};

describe('reported once, judged for PostHog on the server', () => {
  it('finds nothing when PostHog got the server failure once', () => {
    expect(
      reportedOnce('server-page-throws', observation({ reports: [{ runtime: 'node', reporter: 'PostHog', event: event('server-page-throws: boom') }] })),
    ).toEqual({
      state: 'ok',
      findings: [],
    });
  });

  it('finds a server failure PostHog never got, with the fix in PostHog’s terms', () => {
    expect(reportedOnce('server-page-throws', observation()).findings).toEqual([
      {
        what: 'a server failure is never reported',
        fix: "export `onRequestError` from `@posthog/next` in `instrumentation.ts`, with the project's key where the server runs",
      },
    ]);
  });

  it("names the proxy's own way for a proxy's failure: Next never hands it to onRequestError", () => {
    const proxy = observation({ id: 'proxy-throws', status: 500, serverLogDigests: [], lines: ['Internal Server Error'], delivered: 0 });
    expect(reportedOnce('proxy-throws', proxy).findings.map(({ fix }) => fix)).toEqual([
      'catch in the proxy and call `captureException` of `posthog-node`: Next never passes a proxy’s error to `onRequestError` (vercel/next.js#83404)',
    ]);
  });

  it('does not judge the browser, where PostHog is not read: said once, never "never reported"', () => {
    const client = observation({
      id: 'client-effect-throws',
      status: 200,
      serverLogDigests: [],
      lines: ['Application error: a client-side exception has occurred'],
    });
    expect(reportedOnce('client-effect-throws', client)).toEqual({ state: 'the browser is not read for PostHog', findings: [] });
    expect(unseenReporting(context)).toEqual([
      'errors are handed to PostHog (instrumentation.ts imports @posthog/next): faultline reads what the server sends ' +
        "it, not what the browser does: whether the browser's errors reach it is not judged",
    ]);
  });
});

describe('traceable, judged for PostHog on the server', () => {
  it("says how to put the digest on PostHog's report (posthog-node's captureException, from the app's own hook, sends none)", () => {
    const seen = observation({
      lines: ['This page couldn’t load', 'ERROR 2243288624'],
      reports: [{ runtime: 'node', reporter: 'PostHog', event: event('server-page-throws: boom') }],
    });
    const traceable = auditEntry(entry('server-page-throws'), seen, context).findings.filter(({ check }) => check === 'traceable');
    expect(traceable.map(({ what, fix }) => ({ what, fix }))).toEqual([
      {
        what: 'the digest on screen is in the server log but on no report',
        fix: 'send the digest with the exception, as `@posthog/next` does: `posthog.captureException(error, distinctId, { nextjs_error_digest: error.digest })` in `onRequestError`',
      },
    ]);
  });
});

describe('what arrives is judged, whoever sent it: a reporter its files did not show', () => {
  // Its onRequestError reaches posthog-node in a way the files are not followed (a workspace package, an alias): nothing detected, yet PostHog's sends arrive.
  const undetected = { sentry: false };
  const fromPostHog = [{ runtime: 'node' as const, reporter: 'PostHog' as const, event: event('server-page-throws: boom') }];

  it('judges reported once and traceable for the reporter whose sends arrived, never "no Sentry in the app"', () => {
    const seen = observation({ lines: ['This page couldn’t load', 'ERROR 2243288624'], reports: fromPostHog });
    const audit = auditEntry(entry('server-page-throws'), seen, undetected);
    expect(audit.checks['reported once']).toBe('ok');
    expect(audit.checks.traceable).toBe('finding');
    expect(audit.findings.find(({ check }) => check === 'traceable')?.fix).toMatch(/^send the digest with the exception, as `@posthog\/next` does/);
    expect(audit.checks.privacy, 'the allow-list is Sentry’s fields: not judged, and not said absent').toBe('not judged for PostHog');
  });

  it('finds no "nothing in the app reports errors" where a reporter’s sends arrived; says it is read, not unseen', () => {
    const context = { sentry: false, seen: ['PostHog'] };
    expect(appFindings(context, [])).toEqual([]);
    expect(unseenReporting(context)).toEqual([
      'errors are sent to PostHog (seen from the server; its files did not show how): ' +
        "faultline reads what the server sends it, not what the browser does: whether the browser's errors reach it is not judged",
    ]);
  });
});
