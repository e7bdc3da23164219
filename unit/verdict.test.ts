import { describe, expect, it } from 'vitest';
import { findScenario, thrownMessage } from '../scenarios/catalogue';
import { CLASSIC_SENTENCE } from '../scenarios/golden';
import { privacyProblems } from '../verdict/privacy';
import { failedChecks, judge, textsToHide, type ReportSummary } from '../verdict/verdict';
import { verdictFailure } from '../verdict/attachment';
import { classifyScreen } from '../verdict/screen-kind';
import { serverFailure } from './observations';
import { forNext } from '../scenarios/versions';
import { ingestHandlers } from '../ingest/handlers';
import { claimFor, storeMalformed } from '../app-server/store';
import type { ErrorEvent } from '@sentry/core';

const BASE = 'http://localhost:4000';
const serverPage = findScenario('server-page-throws')!;

describe('the verdict', () => {
  it.each(['938357510', '1164953051@E394', 'order-7f3a', "it's mine"])('takes the digest %j as the opaque string it is', (digest) => {
    expect(judge(serverPage, BASE, serverFailure(digest)).differences).toEqual([]);
  });

  it('fails when the report, the screen and the log name different digests', () => {
    const observed = serverFailure('42', { serverLogDigests: ['41'] });
    observed.reports[0].digest = '43';
    expect(failedChecks(judge(serverPage, BASE, observed))).toEqual(['digest: report = screen', 'digest: in server log']);
  });

  it('compares the heading with the golden wording, not the app’s', () => {
    const observed = serverFailure('42');
    observed.screen.heading = observed.screen.heading!.replace('server logs', 'server log');
    expect(judge(serverPage, BASE, observed).differences).toEqual([
      { check: 'screen', what: 'heading', expected: CLASSIC_SENTENCE.server('localhost'), observed: observed.screen.heading },
    ]);
  });

  it('compares how a load got where it landed only where the entry says it: an HTTP redirect, or none', () => {
    const redirect = forNext(findScenario('redirect-signal')!, '16.4.5');
    const landed = (redirectStatus: number | null) =>
      serverFailure('x', {
        screen: { fallback: 'none', heading: null, digestLine: null, status: 200, path: '/scenarios/healthy', sees: 'Healthy page', redirectStatus },
        reports: [],
        serverLogDigests: [],
        deliveries: [],
      });
    expect(judge(redirect, BASE, landed(307)).differences).toEqual([]);
    expect(judge(redirect, BASE, landed(null)).differences).toEqual([{ check: 'screen', what: 'redirect status', expected: 307, observed: null }]);
    // Not said by the entry: not compared.
    expect(judge(serverPage, BASE, serverFailure('42', { screen: { redirectStatus: 308 } })).differences).toEqual([]);
  });

  it('names a missing, an extra and a near-miss report', () => {
    const extra: ReportSummary = { runtime: 'browser', type: 'Error', value: 'x', handled: false, mechanism: null, digest: null };
    const observed = serverFailure('42', { reports: [{ ...serverFailure('42').reports[0], value: 'other' }, extra] });
    expect(judge(serverPage, BASE, observed).differences.map((d) => d.what)).toEqual(['server report', 'unexpected browser report']);
  });

  const delivery = { runtime: 'nodejs', routeType: 'render', renderSource: 'react-server-components', attributedBy: 'marker' as const };

  it('fails when Next delivered the error twice, though the SDK sent it once: reported once is counted outside the SDK', () => {
    expect(judge(serverPage, BASE, serverFailure('42', { deliveries: [delivery, delivery] })).differences).toEqual([
      { check: 'deliveries', what: "Next's calls to the app's onRequestError", expected: 1, observed: 2 },
    ]);
    // Against a server faultline did not start, the count is out of reach: skipped, never passed.
    const remote = judge(serverPage, BASE, serverFailure('42', { deliveries: null }));
    expect(remote.skipped).toContainEqual(expect.stringMatching(/^Next's deliveries to onRequestError: /));
  });

  it('takes an optional report and a range of deliveries as a race the pin names: present or not, never twice', () => {
    const proxy = forNext(findScenario('proxy-throws')!, '15.5.29');
    const start = (proxy.expect.sees as { startsWith: string }).startsWith;
    const own = { runtime: 'server' as const, type: 'Error', value: thrownMessage('proxy-throws'), handled: false, mechanism: 'm', digest: null };
    const headers = { ...own, value: 'Cannot append headers after they are sent to the client' };
    const observed = (reports: (typeof own)[], deliveries: number) =>
      serverFailure('x', {
        screen: { fallback: 'none', heading: null, digestLine: null, status: 500, path: proxy.path, sees: `${start}<body>` },
        reports,
        serverLogDigests: [],
        deliveries: Array.from({ length: deliveries }, () => ({ runtime: 'nodejs', routeType: 'render', renderSource: null, attributedBy: 'marker' as const })),
      });
    expect(judge(proxy, BASE, observed([own], 0)).differences).toEqual([]);
    expect(judge(proxy, BASE, observed([own, headers], 1)).differences).toEqual([]);
    expect(failedChecks(judge(proxy, BASE, observed([own, headers, headers], 2)))).toEqual(['reports', 'deliveries']);
  });

  it('says a document cut off mid-stream is that, not a missing fallback', () => {
    const streamed = findScenario('suspense-streamed-throws')!;
    const cut = serverFailure('x', {
      screen: { fallback: 'none', heading: null, digestLine: null, status: 200, path: streamed.path },
      reports: [],
      serverLogDigests: [],
      deliveries: [],
      documentCutOff: 'net::ERR_ABORTED',
    });
    const { differences } = judge(streamed, BASE, cut);
    expect(differences.filter((difference) => difference.check !== 'reports' && difference.check !== 'deliveries')).toEqual([
      {
        check: 'trigger',
        what: 'the document was cut off mid-stream (what the user saw is what arrived)',
        expected: 'a whole document',
        observed: 'net::ERR_ABORTED',
      },
    ]);
  });

  it('fails a failure after the response whose work never showed on the server: nothing was proven', () => {
    const after = findScenario('after-callback-throws')!;
    const page = (missing: string | null) =>
      serverFailure('x', {
        screen: { fallback: 'none', heading: null, digestLine: null, status: 200, path: after.path, sees: after.expect.sees as string },
        reports: [],
        serverLogDigests: [],
        deliveries: [],
        background: { awaited: 'the server ran the work after the response', missing },
      });
    expect(judge(after, BASE, page(null)).differences).toEqual([]);
    expect(failedChecks(judge(after, BASE, page('the log never showed it within 10 s')))).toEqual(['background work']);
  });

  it('fails a navigation whose failing condition failed no request after the click: the failure it names never happened', () => {
    const aborted = findScenario('navigation-rsc-aborted')!;
    const healthy = (failed: number | undefined) =>
      serverFailure('x', {
        screen: { fallback: 'none', heading: null, digestLine: null, status: 200, path: aborted.expect.url, sees: aborted.expect.sees as string },
        reports: [],
        serverLogDigests: [],
        deliveries: [],
        ...(failed === undefined ? {} : { triggerFailed: failed }),
      });
    expect(judge(aborted, BASE, healthy(1)).differences).toEqual([]);
    expect(judge(aborted, BASE, healthy(0)).differences).toEqual([
      { check: 'trigger', what: 'requests the trigger failed after the click (RSC requests, aborted)', expected: 'at least 1', observed: 0 },
    ]);
    expect(failedChecks(judge(aborted, BASE, healthy(undefined)))).toEqual(['trigger']);
    // An entry whose trigger fails no request has nothing to prove here.
    expect(judge(serverPage, BASE, serverFailure('42')).differences).toEqual([]);
  });

  it("matches a request's body by its start where the entry pins only that, and names the start it wanted", () => {
    const proxy = forNext(findScenario('proxy-throws')!, '15.5.29');
    const answered = (body: string) =>
      serverFailure('x', {
        screen: { fallback: 'none', heading: null, digestLine: null, status: 500, path: proxy.path, sees: body },
        reports: [{ runtime: 'server', type: 'Error', value: thrownMessage('proxy-throws'), handled: false, mechanism: 'm', digest: null }],
        serverLogDigests: [],
        // The proxy's errors never reach onRequestError: the app's proxy reports them itself.
        deliveries: [],
      });
    const start = (proxy.expect.sees as { startsWith: string }).startsWith;
    expect(judge(proxy, BASE, answered(`${start}<meta name="sentry-trace" content="b9fd"/></head></html>`)).differences).toEqual([]);
    expect(judge(proxy, BASE, answered('Internal Server Error')).differences).toEqual([
      { check: 'screen', what: 'sees', expected: `${start}…`, observed: 'Internal Server Error' },
    ]);
  });

  it('lists server checks as skipped, never as passed, when the server is not ours', () => {
    const verdict = judge(serverPage, BASE, serverFailure('42', { reports: [], serverReports: false, serverLogDigests: null }));
    expect(verdict.differences).toEqual([]);
    expect(verdict.skipped.map((s) => s.split(':')[0])).toEqual(['server reports', 'server log carries the digest']);
  });
});

describe('texts that must not reach the browser', () => {
  it('are what the trigger made the server report, not a message named after the entry', () => {
    const navigate = findScenario('navigate-to-failing-route')!;
    const hidden = textsToHide(navigate.reports, [], []);
    expect(hidden.inResponses).toEqual([thrownMessage('server-page-throws')]);
    expect(textsToHide([], ['observed: db password hunter2'], ['a browser message']).inDocument).toEqual([
      'observed: db password hunter2',
      'a browser message',
    ]);
  });

  it('never count how a report names a thrown primitive (`throw undefined`): it is in every script', () => {
    expect(textsToHide([], ['undefined', 'null'], []).inDocument).toEqual([]);
    expect(textsToHide([], ['undefined: db password hunter2'], []).inDocument).toEqual(['undefined: db password hunter2']);
  });

  it("never count React's redacted message, which is meant for the browser, as a leak", () => {
    const redacted =
      'An error occurred in the Server Components render. The specific message is omitted in production builds to avoid leaking sensitive details.';
    expect(textsToHide([], [redacted], []).inResponses).toEqual([]);
  });
});

describe('privacy', () => {
  it('finds a client address, a header it does not know, a query, a cookie', () => {
    const event = {
      user: { ip_address: '203.0.113.7' },
      request: {
        url: 'http://127.0.0.1:4000/x?code=1',
        headers: { host: '127.0.0.1:4000', 'x-unheard-of': 'v', referer: 'http://127.0.0.1:4000/', 'user-agent': 'via 198.51.100.2' },
        cookies: { user_email: 'a@b.c' },
      },
      breadcrumbs: [{ category: 'navigation', data: { from: '/a', to: '/b?sig=2' } }],
    } as unknown as ErrorEvent;
    expect(privacyProblems([event])).toEqual([
      'user.ip_address 203.0.113.7',
      'request header x-unheard-of: v',
      'an address in request header user-agent: via 198.51.100.2',
      'a query string in request.url http://127.0.0.1:4000/x?code=1',
      'request.cookies {"user_email":"a@b.c"}',
      "a query string in a navigation breadcrumb's to: /b?sig=2",
    ]);
  });
});

describe('server envelopes that do not parse', () => {
  it('reach the check whose marker they carry, and every check when they carry none', async () => {
    const [, envelope] = ingestHandlers({ events: () => {}, malformed: storeMalformed });
    const post = (body: string) => envelope.run({ request: new Request('https://ingest.test/api/1/envelope/', { method: 'POST', body }), requestId: body });
    await post('not an envelope {"x-faultline-test":"mine"}');
    await post('garbage without a marker');
    await post('not an envelope {"x-faultline-test":"theirs"}');
    expect(claimFor('mine').malformed).toHaveLength(2);
    expect(claimFor('mine').events).toEqual([]);
  });
});

describe('what the user saw, as a deviation says it', () => {
  const serverPage = findScenario('server-page-throws')!;
  const clickRender = findScenario('client-click-render-throws')!;

  it('names the screen in the words an audit uses, under a difference on screen', () => {
    const builtin = serverFailure('1', {
      screen: { fallback: 'other', heading: 'This page couldn’t load', digestLine: null, kind: "Next's built-in screen" },
    });
    const lines = verdictFailure(judge(serverPage, 'http://localhost:3000', builtin)).split('\n  ');
    expect(lines).toContain("what the user saw: Next's built-in screen");
  });

  it('says nothing more where the screen is as pinned', () => {
    const wrongStatus = serverFailure('1', { deliveries: [] });
    expect(verdictFailure(judge(serverPage, 'http://localhost:3000', wrongStatus))).not.toContain('what the user saw');
  });

  it('ends with a fix that blames the right party: where the entry is pinned for this next, and the replay', () => {
    const builtin = serverFailure('1', {
      screen: { fallback: 'other', heading: 'This page couldn’t load', digestLine: null, kind: "Next's built-in screen" },
    });
    const pinned = { file: 'scenarios/entries/server-component.ts', next: '16.5.0', replay: 'npx faultline repro server-page-throws' };
    const verdict = judge(serverPage, 'http://localhost:3000', builtin, pinned);
    expect(verdict.fix).toBe(
      'if next 16.5.0 changed this on purpose, pin the change as an override of server-page-throws in ' +
        'scenarios/entries/server-component.ts (docs/catalogue.md); if not, the reference app or faultline broke it',
    );
    expect(verdictFailure(verdict).split('\n  ').slice(-2)).toEqual([`fix: ${verdict.fix}`, 'replay: npx faultline repro server-page-throws']);
  });

  it('has no fix where nothing deviates, nor where it cannot say where the entry is pinned', () => {
    expect(
      judge(serverPage, BASE, serverFailure('42'), {
        file: 'scenarios/entries/server-component.ts',
        next: '16.4.5',
        replay: 'npx faultline repro server-page-throws',
      }).fix,
    ).toBeUndefined();
    const builtin = serverFailure('1', { screen: { fallback: 'other', heading: 'x', digestLine: null, kind: "Next's built-in screen" } });
    expect(judge(serverPage, BASE, builtin).fix).toBeUndefined();
    expect(verdictFailure(judge(serverPage, BASE, builtin))).not.toContain('fix:');
  });

  it('is one classifier for both targets: a click that left the page as it was is the unchanged page, whichever harness read it', () => {
    const before = ['Break the page'];
    expect(classifyScreen(clickRender, { lines: before, linesBefore: before })).toBe('the unchanged page');
    expect(classifyScreen(clickRender, { lines: ['Something else'], linesBefore: before })).toBe("the app's own error UI");
    expect(classifyScreen(serverPage, { lines: [CLASSIC_SENTENCE.server('localhost'), 'Digest: 1'], linesBefore: null })).toBe('classic fallback');
    expect(classifyScreen(findScenario('healthy')!, { lines: ['Healthy page'], linesBefore: null })).toBe('a page');
  });
});
