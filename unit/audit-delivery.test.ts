import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../scenarios/catalogue';
import { auditEntry, type AuditObservation } from '../audit/kinds/placed/judge';
import { unseenReporting } from '../verdict/audit-reporting';
import { audited, type AuditedFields } from './observations';

const entry = (id: string) => catalogue.find((scenario) => scenario.id === id)!;
const event = (value: string): ErrorEvent => ({ type: undefined, exception: { values: [{ type: 'Error', value }] } });

/** A client failure whose browser sent its report to the app's tunnel route. */
const clientFailure = (over: AuditedFields = {}): AuditObservation =>
  audited(
    {
      id: 'client-effect-throws',
      screen: {
        status: 200,
        path: '/faultline-audit/client-effect-throws',
        lines: ['Application error: a client-side exception has occurred while loading localhost (see the browser console for more information).'],
        linesBefore: null,
      },
      serverLogDigests: [],
      reports: [{ runtime: 'browser', event: event('client-effect-throws: boom') }],
      refused: { server: [], browser: [] },
      responses: [],
      document: '<html>…</html>',
      clients: { server: true, browser: true },
      undelivered: null,
    },
    over,
  );

const whats = (id: string, observation: AuditObservation) =>
  auditEntry(entry(id), observation, { sentry: true }).findings.map(({ check, what, fix }) => ({ check, what, fix }));

describe("the browser's reports judged where they arrive: through the app's tunnel route, as in production", () => {
  it('finds nothing when what the page sent came out of the app server as a forward', () => {
    expect(whats('client-effect-throws', clientFailure())).toEqual([]);
  });

  it("names the app's proxy when its matcher covers the tunnel route and nothing came out, instead of a bare 'never reported'", () => {
    const blocked = clientFailure({
      reports: [],
      undelivered: { route: '/monitoring', status: 307, location: '/en/monitoring', proxy: 'proxy.ts', events: 1 },
    });
    expect(whats('client-effect-throws', blocked)).toEqual([
      {
        check: 'reported once',
        what: "the browser's reports never arrive: /monitoring answered 307 to /en/monitoring (the app's proxy, proxy.ts, runs for it)",
        fix: "leave /monitoring out of the matcher in proxy.ts, so Sentry's tunnel route reaches its rewrite",
      },
    ]);
  });

  it("asks for a fixed tunnel route where Sentry's plugin names one per build (tunnelRoute: true): no matcher can leave that out", () => {
    const blocked = clientFailure({ reports: [], undelivered: { route: '/b1u3t169', status: 307, location: '/en/b1u3t169', proxy: 'proxy.ts', events: 1 } });
    const audit = auditEntry(entry('client-effect-throws'), blocked, { sentry: true, tunnel: { to: null, via: 'tunnelRoute in next.config.ts' } });
    expect(audit.findings.map(({ fix }) => fix)).toEqual([
      "give tunnelRoute a fixed path in next.config.ts (tunnelRoute: '/monitoring'; this build's was /b1u3t169) and leave it out of the matcher in proxy.ts",
    ]);
  });

  it('names no route, and an answer of the app server, each with its own fix', () => {
    const noRoute = clientFailure({ reports: [], undelivered: { route: '/monitoring', status: 404, location: null, proxy: null, events: 1 } });
    expect(whats('client-effect-throws', noRoute)).toEqual([
      {
        check: 'reported once',
        what: "the browser's reports never arrive: /monitoring answered 404 (no route)",
        fix: "serve Sentry's tunnel route: tunnelRoute in withSentryConfig's options (its rewrite needs next start), or a route handler that forwards the envelope",
      },
    ]);
    const answered = clientFailure({ reports: [], undelivered: { route: '/monitoring', status: 0, location: null, proxy: null, events: 1 } });
    expect(whats('client-effect-throws', answered).map(({ what }) => what)).toEqual([
      "the browser's reports never arrive: /monitoring got no answer (the app's server)",
    ]);
  });

  it('counts what arrives: a server failure whose browser copy was sent but stopped at the tunnel is reported once, by the server', () => {
    const serverFailure = clientFailure({
      id: 'server-page-throws',
      status: 500,
      lines: ['This page couldn’t load'],
      serverLogDigests: ['2243288624'],
      reports: [{ runtime: 'node', event: event('server-page-throws: boom') }],
      undelivered: { route: '/monitoring', status: 401, location: null, proxy: 'middleware.ts', events: 1 },
    });
    expect(
      whats('server-page-throws', serverFailure)
        .filter(({ check }) => check === 'reported once')
        .map(({ what }) => what),
    ).toEqual(["the browser's reports never arrive: /monitoring answered 401 (the app's proxy, middleware.ts, runs for it)"]);
  });

  it("says nothing is unseen of the app's own tunnel route: its delivery is judged; a tunnel on another origin still is", () => {
    expect(unseenReporting({ sentry: true, tunnel: { to: '/monitoring', via: 'tunnelRoute in next.config.ts' } })).toEqual([]);
    expect(unseenReporting({ sentry: true, tunnel: { to: null, via: 'tunnelRoute in next.config.mjs' } })).toEqual([]);
    expect(unseenReporting({ sentry: true, tunnel: { to: 'http://localhost:3031/', via: 'tunnel in instrumentation-client.ts' } })).toEqual([
      "the browser's reports go through a tunnel on another origin, http://localhost:3031/ (tunnel in " +
        'instrumentation-client.ts), read by faultline in the page, the tunnel never asked: whether it forwards them is ' +
        'not judged',
    ]);
  });
});
