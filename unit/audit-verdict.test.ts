import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { REGENERATION_AFTER_EDGE_PAGE } from './server-log-excerpts';
import { catalogue } from '../scenarios/catalogue';
import { forNext } from '../scenarios/versions';
import { auditEntry, type AuditObservation } from '../audit/kinds/placed/judge';
import { errorBeforeEveryEntry } from '../verdict/audit-result';
import { digestsAbout, isAbout } from '../audit/kinds/placed/worker/claims';
import { audited, type AuditedFields } from './observations';

const entry = (id: string) => catalogue.find((scenario) => scenario.id === id)!;
const context = { sentry: true };
const event = (value: string, extra: Partial<ErrorEvent> = {}): ErrorEvent => ({
  type: undefined,
  exception: { values: [{ type: 'Error', value }] },
  ...extra,
});

const serverFailure = (over: AuditedFields = {}): AuditObservation =>
  audited(
    {
      id: 'server-page-throws',
      screen: {
        status: 500,
        path: '/faultline-audit/server-page-throws',
        lines: ['This page couldn’t load', 'A server error occurred. Reload to try again.', 'Reload', 'ERROR 2243288624'],
        linesBefore: null,
      },
      serverLogDigests: ['2243288624'],
      reports: [{ runtime: 'node', event: event('server-page-throws: db password hunter2', { tags: { digest: '2243288624' } }) }],
      refused: { server: [], browser: [] },
      responses: ['<html>…</html>'],
      document: '<html>…</html>',
      clients: { server: true, browser: true },
    },
    over,
  );

const findings = (id: string, observation: AuditObservation, ctx = context) =>
  auditEntry(entry(id), observation, ctx).findings.map((finding) => `${finding.check}: ${finding.what}`);

describe('the audit judges what holds for any app', () => {
  it('finds nothing in a server failure shown with its digest, reported once with it', () => {
    const audit = auditEntry(entry('server-page-throws'), serverFailure(), context);
    expect(audit.screen).toBe("Next's built-in screen");
    expect(audit.findings).toEqual([]);
  });

  it('finds a server failure reported twice, by the server and as the browser’s redacted copy, with the one-line fix', () => {
    const redacted = { runtime: 'browser' as const, event: event('An error occurred in the Server Components render. The specific message is omitted…') };
    const audit = auditEntry(entry('server-page-throws'), serverFailure({ reports: [...serverFailure().reports, redacted] }), context);
    expect(audit.findings).toContainEqual(
      expect.objectContaining({
        check: 'reported once',
        what: "reported twice: by the server, and again as the browser's redacted copy",
        fix: expect.stringContaining('global-error.tsx'),
      }),
    );
  });

  it("takes React 19.3's code for the redacted message as the browser's redacted copy too", () => {
    const coded = { runtime: 'browser' as const, event: event('Minified React error #441; visit https://react.dev/errors/441 for the full message…') };
    expect(findings('server-page-throws', serverFailure({ reports: [coded] }))).toContain(
      "reported once: a server failure is reported only as the browser's redacted copy",
    );
  });

  it(
    "takes React's #419 in the browser (a Suspense boundary the server could not finish, rendered in the browser " +
      "instead) as the browser's copy of that server failure, not a failure of its own",
    () => {
      // Observed on the Sentry-guide app under Cache Components: Sentry's global handler sends what React reports when it switches the boundary to client rendering.
      const switched = {
        runtime: 'browser' as const,
        event: event(
          'Minified React error #419; visit https://react.dev/errors/419 for the full message or use the non-minified dev environment for full errors…',
        ),
      };
      const recovered = serverFailure({
        id: 'client-throws-on-server-only',
        status: 200,
        lines: ['Rendered in the browser'],
        serverLogDigests: [],
        reports: [{ runtime: 'node', event: event('client-throws-on-server-only: db password hunter2') }, switched],
      });
      // As pinned under Cache Components: the shell went out with 200 before the boundary failed, Next's own doing.
      const audit = auditEntry(forNext(entry('client-throws-on-server-only'), '16.4.5', 'cache-components'), recovered, context);
      expect(audit.findings).toEqual([
        {
          check: 'reported once',
          what: "reported twice: by the server, and again by the browser as React's #419 (the server could not finish a Suspense boundary, so the browser rendered it)",
          fix: expect.stringContaining('#419'),
        },
      ]);
    },
  );

  it('counts by runtime as the catalogue pins it: two different errors are no duplicate, the same one twice is', () => {
    const both = [
      { runtime: 'node' as const, event: event('error-boundary-throws: db password hunter2') },
      { runtime: 'browser' as const, event: event('error-boundary-throws: the error boundary itself failed') },
    ];
    expect(findings('error-boundary-throws', serverFailure({ lines: ['x'], serverLogDigests: [], reports: both }))).toEqual([]);
    const twice = [...serverFailure().reports, ...serverFailure().reports];
    expect(findings('server-page-throws', serverFailure({ reports: twice }))).toContain('reported once: the server reports it 2 times, where it fails once');
  });

  it('finds a server failure never reported, and one reported only as the redacted copy', () => {
    expect(findings('server-page-throws', serverFailure({ reports: [] }))).toContain('reported once: a server failure is never reported');
    const redactedOnly = serverFailure({ reports: [{ runtime: 'browser', event: event('An error occurred in the Server Components render. …') }] });
    expect(findings('server-page-throws', redactedOnly)).toContain("reported once: a server failure is reported only as the browser's redacted copy");
  });

  it('names an SDK without a DSN (Sentry.init still makes a client, which drops everything) as the reason a failure is never reported', () => {
    const noServerClient = serverFailure({ reports: [], clients: { server: false, browser: true } });
    expect(auditEntry(entry('server-page-throws'), noServerClient, context).findings).toContainEqual(
      expect.objectContaining({
        check: 'reported once',
        what: "a server failure is never reported: the server's Sentry SDK has no DSN, so it sends nothing",
        fix: expect.stringContaining('DSN'),
      }),
    );
    const noBrowserClient = serverFailure({
      id: 'client-throws-everywhere',
      status: 200,
      lines: ['Application error: a client-side exception has occurred while loading localhost (see the browser console for more information).'],
      serverLogDigests: [],
      reports: [],
      clients: { server: true, browser: false },
    });
    expect(findings('client-throws-everywhere', noBrowserClient)).toContain(
      "reported once: a browser failure is never reported: the browser's Sentry SDK has no DSN, so it sends nothing",
    );
  });

  it('names the variable an SDK without a DSN reads it from, with its file and line, and when that variable counts: at build for NEXT_PUBLIC_, where the server runs otherwise', () => {
    const dsnFrom = {
      server: { variable: 'SENTRY_DSN', at: 'sentry.server.config.ts:4' },
      browser: { variable: 'NEXT_PUBLIC_SENTRY_DSN', at: 'instrumentation-client.ts:2' },
    };
    const withSetup = { sentry: true, setup: { server: null, browser: null, dsnFrom } };
    const server = auditEntry(entry('server-page-throws'), serverFailure({ reports: [], clients: { server: false, browser: true } }), withSetup);
    expect(server.findings.map(({ what, fix }) => ({ what, fix }))).toContainEqual({
      what: "a server failure is never reported: the server's Sentry SDK has no DSN: sentry.server.config.ts:4 takes it from SENTRY_DSN, which is not set where the server runs",
      fix: 'set `SENTRY_DSN` where the server runs (its environment, or `.env.production`)',
    });
    const browser = auditEntry(
      entry('client-throws-everywhere'),
      serverFailure({
        id: 'client-throws-everywhere',
        status: 200,
        lines: ['x'],
        serverLogDigests: [],
        reports: [],
        clients: { server: true, browser: false },
      }),
      withSetup,
    );
    expect(browser.findings.map(({ what, fix }) => ({ what, fix }))).toContainEqual({
      what:
        "a browser failure is never reported: the browser's Sentry SDK has no DSN: instrumentation-client.ts:2 takes it " +
        'from NEXT_PUBLIC_SENTRY_DSN, which was not set when the app was built (Next writes NEXT_PUBLIC_ variables into ' +
        'the code at build time)',
      fix: 'set `NEXT_PUBLIC_SENTRY_DSN` where `next build` runs (its environment, or `.env.production`), not only where the app starts',
    });
    // A client with a DSN never blames the variable: the file's reading is said only beside what was observed.
    expect(findings('server-page-throws', serverFailure({ reports: [] }), withSetup)).toContain('reported once: a server failure is never reported');
  });

  it('finds a digest on screen that no report carries', () => {
    expect(findings('server-page-throws', serverFailure({ reports: [{ runtime: 'node', event: event('server-page-throws: db password hunter2') }] }))).toEqual([
      'traceable: the digest on screen is in the server log but on no report',
    ]);
  });

  it("finds a digest no report carries but in a breadcrumb of the server's console line (Sentry's search finds no breadcrumb)", () => {
    const logged = event('server-page-throws: db password hunter2', {
      breadcrumbs: [{ category: 'console', level: 'error', data: { arguments: [{ message: 'x', digest: '2243288624' }], logger: 'console' } }],
    });
    const audit = auditEntry(entry('server-page-throws'), serverFailure({ reports: [{ runtime: 'node', event: logged }] }), context);
    expect(audit.findings.map(({ check, what, evidence }) => ({ check, what, evidence }))).toEqual([
      {
        check: 'traceable',
        what: 'the digest on screen is in the server log but on no report',
        evidence: 'digest 2243288624, only in a breadcrumb of a report (the console line that printed it), which a search does not find',
      },
    ]);
  });

  it('finds a blank page, a sentence naming the wrong side and a screen without the digest', () => {
    expect(findings('server-page-throws', serverFailure({ lines: [] }))).toContain('screen: a server failure leaves a blank page');
    const nextError = serverFailure({ lines: ['Application error: a client-side exception has occurred (see the browser console for more information).'] });
    expect(findings('server-page-throws', nextError)).toEqual([
      'screen: the screen says a client-side exception occurred, for a server-side failure',
      'screen: no reference the user could quote: the digest the server log prints is not on the screen',
    ]);
  });

  it('finds where the outcome departs from what Next does by itself: no error screen for a failure, an error screen for what Next keeps the page for', () => {
    const lines = ['Break the page'];
    const unchanged = serverFailure({
      status: 200,
      lines,
      linesBefore: lines,
      serverLogDigests: [],
      reports: [{ runtime: 'browser' as const, event: event('client-click-render-throws: db password hunter2') }],
    });
    expect(findings('client-click-render-throws', unchanged)).toEqual([
      'framework: Next by itself shows an error screen for this failure; the app shows the unchanged page',
    ]);
    const errorScreen = audited(unchanged, { lines: ['This page couldn’t load', 'Reload to try again, or go back.'], reports: [] });
    expect(
      findings(
        'client-event-handler-throws',
        audited(errorScreen, { reports: [{ runtime: 'browser' as const, event: event('client-event-handler-throws: db password hunter2') }] }),
      ),
    ).toEqual(["framework: Next by itself keeps the page for this failure; the app shows Next's built-in screen"]);
  });

  it('finds the secret in a response, a report carrying a cookie, and a status Next does not answer by itself', () => {
    const leaky = serverFailure({ responses: ['<p>server-page-throws: db password hunter2</p>'], status: 200 });
    leaky.reports[0].event.request = { cookies: { session: 'abc' }, url: 'http://localhost/faultline-audit/x?_rsc=1' };
    leaky.reports[0].event.breadcrumbs = [{ category: 'navigation', data: { from: '/a?b=1', to: '/c' } }];
    expect(auditEntry(entry('server-page-throws'), leaky, context).findings.find((finding) => finding.what.endsWith('query strings'))?.evidence).toBe(
      'request.url, breadcrumb',
    );
    expect(findings('server-page-throws', leaky)).toEqual([
      "no leak: the server's error message reached the browser (1 response)",
      'privacy: the reports carry query strings',
      'privacy: the reports carry cookies',
      'framework: status 200, where Next by itself answers 500',
    ]);
  });

  it("looks for the Edge runtime's reported message in the responses as for the Node.js server's", () => {
    const edge = { runtime: 'edge' as const, event: event('edge reported this: db password hunter2') };
    const leaked = serverFailure({ id: 'edge-page-throws', reports: [edge], responses: ['<p>edge reported this: db password hunter2</p>'] });
    expect(findings('edge-page-throws', leaked)).toContain("no leak: the server's error message reached the browser (1 response)");
  });

  it("looks for the messages the failure reported, as the run does: a client thrower's code in a script is no leak, its message shown in the document is", () => {
    const clientFailure = serverFailure({
      id: 'client-effect-throws',
      status: 200,
      lines: ['Application error: a client-side exception has occurred while loading localhost (see the browser console for more information).'],
      serverLogDigests: [],
      reports: [{ runtime: 'browser' as const, event: event('client-effect-throws: db password hunter2') }],
    });
    const chunk = 'function t(e){throw Error("".concat(e,": db password hunter2"))}';
    expect(findings('client-effect-throws', audited(clientFailure, { responses: [chunk], document: '<html><body>…</body></html>' }))).toEqual([]);
    expect(
      findings('client-effect-throws', audited(clientFailure, { responses: [chunk], document: '<p>client-effect-throws: db password hunter2</p>' })),
    ).toEqual(["no leak: the error's message is in the page's document"]);
    expect(
      findings('server-page-throws', serverFailure({ reports: [] }), { ...context, sentry: false }),
      "without Sentry, the catalogue's pin names the message",
    ).toEqual([]);
    expect(
      findings('server-page-throws', serverFailure({ reports: [], responses: ['0:["server-page-throws: db password hunter2"]'] }), {
        ...context,
        sentry: false,
      }),
    ).toEqual(["no leak: the server's error message reached the browser (1 response)"]);
  });

  it('without Sentry judges the screen and says no report is expected', () => {
    const audit = auditEntry(entry('server-page-throws'), serverFailure({ reports: [] }), { ...context, sentry: false });
    expect(audit.findings).toEqual([]);
    expect(audit.checks['reported once']).toBe('no Sentry in the app');
  });

  it("counts the Edge runtime's report as the server's: once is no finding, with the browser's redacted copy twice", () => {
    const edge = { runtime: 'edge' as const, event: event('edge-page-throws: db password hunter2', { tags: { digest: '2243288624' } }) };
    expect(findings('edge-page-throws', serverFailure({ id: 'edge-page-throws', reports: [edge] }))).toEqual([]);
    const redacted = { runtime: 'browser' as const, event: event('Minified React error #441;') };
    expect(findings('edge-page-throws', serverFailure({ id: 'edge-page-throws', reports: [edge, redacted] }))).toContain(
      "reported once: reported twice: by the server, and again as the browser's redacted copy",
    );
  });

  it('says how to report an Edge failure never reported, and a proxy failure, which Next never passes to onRequestError', () => {
    const never = (id: string) =>
      auditEntry(entry(id), serverFailure({ id, reports: [] }), context).findings.find((finding) => finding.check === 'reported once');
    expect(never('edge-page-throws')?.fix).toMatch(/sentry\.edge\.config/);
    expect(never('proxy-throws')).toEqual(
      expect.objectContaining({ what: 'a server failure is never reported', fix: expect.stringContaining('vercel/next.js#83404') }),
    );
  });

  it("says why a failure is never reported where the app's files prove it, before what an SDK without a client would suggest", () => {
    const misplaced =
      'src/instrumentation.ts is where Next does not look for it: with app/ it reads instrumentation.ts, so neither its register() nor its onRequestError ever runs';
    const audit = auditEntry(entry('server-page-throws'), serverFailure({ reports: [], clients: { server: false, browser: true } }), {
      sentry: true,
      setup: { server: { why: misplaced, fix: 'export `onRequestError = Sentry.captureRequestError` from `instrumentation.ts`' }, browser: null },
    });
    expect(audit.findings.find((finding) => finding.check === 'reported once')).toMatchObject({
      what: `a server failure is never reported: ${misplaced}`,
      fix: expect.stringContaining('export `onRequestError = Sentry.captureRequestError` from `instrumentation.ts`'),
    });
  });

  it('names the requests the server made beyond the machine (refused) beside a failure never reported', () => {
    const audit = auditEntry(entry('server-page-throws'), serverFailure({ reports: [], refused: { server: ['o1.ingest.sentry.io'], browser: [] } }), context);
    expect(audit.findings.find((finding) => finding.check === 'reported once')?.evidence).toBe(
      'the server asked for o1.ingest.sentry.io beyond this machine (refused, unread)',
    );
  });

  it('sees an unchanged page after a click as such, and a client failure in it as unreported', () => {
    const lines = ['Break the page'];
    const audit = auditEntry(
      entry('client-click-render-throws'),
      serverFailure({ status: 200, lines, linesBefore: lines, serverLogDigests: [], reports: [] }),
      context,
    );
    expect(audit.screen).toBe('the unchanged page');
    expect(audit.findings.map((finding) => finding.what)).toEqual([
      'a browser failure is never reported',
      'Next by itself shows an error screen for this failure; the app shows the unchanged page',
    ]);
  });
});

describe('the server reports an entry claims', () => {
  const report = (url: string, value: string) => event(value, { request: { url: `http://localhost:3000${url}` } });

  it('claims a report by its route or its message, and leaves another entry’s to nobody', () => {
    expect(isAbout(report('/faultline-audit/throws-null', 'null'), ['throws-null'], 'faultline-audit')).toBe(true);
    expect(isAbout(report('/', 'after-callback-throws: db password hunter2'), ['after-callback-throws'], 'faultline-audit')).toBe(true);
    expect(isAbout(report('/faultline-audit/server-page-throws', 'server-page-throws: db password hunter2'), ['throws-null'], 'faultline-audit')).toBe(false);
  });

  it("never claims a report by its frames: a webpack server chunk of another entry's page may be where the module that threw was loaded first", () => {
    // sentry-pages-supabase: pages-gssp-throws's report, its thrower's module loaded from pages-gip-throws's chunk.
    const gssp = report('/faultline-audit/pages-gssp-throws', 'pages-gssp-throws: db password hunter2');
    gssp.exception!.values![0].stacktrace = { frames: [{ filename: 'app:///_next/server/pages/faultline-audit/pages-gip-throws.js', lineno: 1, colno: 5896 }] };
    expect(isAbout(gssp, ['pages-gip-throws'], 'faultline-audit')).toBe(false);
    expect(isAbout(gssp, ['pages-gssp-throws'], 'faultline-audit')).toBe(true);
  });

  it('claims what a navigation leads to for the entry that navigated', () => {
    const target = report('/faultline-audit/server-page-throws', 'server-page-throws: db password hunter2');
    expect(isAbout(target, ['navigate-to-failing-route', 'server-page-throws'], 'faultline-audit')).toBe(true);
  });
});

describe('the digests a shared server log holds about one entry', () => {
  it('keeps the digests of the errors about the entry, and not those of the entry beside it', () => {
    const log = [
      '▲ Next.js 16.4.5',
      ' ⨯ Error: server-page-throws: db password hunter2',
      '    at Page (.next/server/chunks/ssr/x.js:1:1) {',
      "  digest: '111'",
      '}',
      ' ⨯ Error: metadata-throws: db password hunter2',
      '    at ignore-listed frames {',
      "  digest: '222'",
      '}',
    ].join('\n');
    expect(digestsAbout(log, ['server-page-throws'], 'faultline-audit')).toEqual(['111']);
    expect(digestsAbout(log, ['metadata-throws'], 'faultline-audit')).toEqual(['222']);
    expect(digestsAbout(log, ['healthy'], 'faultline-audit')).toEqual([]);
  });

  it('ends an error where Next stops printing it: the lines after it (another error printed without ⨯, a line of the app) are not its', () => {
    const log = REGENERATION_AFTER_EDGE_PAGE;
    expect(digestsAbout(log, ['edge-page-throws'], 'faultline-audit')).toEqual(['2754453430']);
    expect(digestsAbout(log, ['isr-regeneration-throws'], 'faultline-audit')).toEqual(['3793833570']);
    expect(digestsAbout(log, ['edge-route-handler-throws'], 'faultline-audit')).toEqual([]);
  });
});

describe('an error of the app’s own that every entry met (its layout needs a database)', () => {
  const log = (...errors: string[]) => errors.map((error) => `⨯ ${error}\n    at d (.next/server/chunks/ssr/x.js:1:1123) {\n  digest: '123'\n}`).join('\n');
  const db = 'Error: connect ECONNREFUSED 127.0.0.1:5432';
  const both = ['server-page-throws', 'client-effect-throws'];
  it.each([
    ['every entry a 5xx, the layout’s error once per entry', [{ status: 500 }, { status: 500 }], log(db, db), both, db],
    [
      'beside a thrower that ran too (the layout renders beside the page)',
      [{ status: 500 }, { status: 500 }],
      log(db, 'Error: server-page-throws: secret', db),
      both,
      db,
    ],
    ['an error of the app’s own that only some entries met', [{ status: 500 }, { status: 500 }], log(db, 'Error: server-page-throws: secret'), both, null],
    ['an entry that answered 200', [{ status: 500 }, { status: 200 }], log(db, db), both, null],
    ['only entries whose thrown value names nothing', [{ status: 500 }, { status: 500 }], log('null', 'null'), [], null],
    [
      'a bare value printed twice beside a named entry (an opaque thrower, not the app)',
      [{ status: 500 }, { status: 500 }],
      log('null', 'Error: server-page-throws: secret', 'null'),
      ['server-page-throws'],
      null,
    ],
    ['one entry alone', [{ status: 500 }], log(db), ['server-page-throws'], null],
  ])('%s', (_what, judged, text, named, expected) => {
    expect(errorBeforeEveryEntry(judged, text, named, 'faultline-audit')).toBe(expected);
  });
});

describe("the Pages Router's own truths", () => {
  const EVENT_ID = '8a3cf8e1d4b94c5fa1f0b6c2d3e4f5a6';
  const pagesReport = (runtime: 'node' | 'browser', id: string, mechanism: string, eventId = EVENT_ID) => ({
    runtime,
    event: event(`${id}: db password hunter2`, {
      event_id: eventId,
      exception: { values: [{ type: 'Error', value: `${id}: db password hunter2`, mechanism: { type: mechanism, handled: false } }] },
    }),
  });
  const pagesFailure = (id: string, over: AuditedFields) =>
    serverFailure({ id, status: 500, lines: ['500', 'Internal Server Error.'], serverLogDigests: [], reports: [], ...over });

  it("takes Next's own error page (status and words) for Next's built-in screen, and finds no reference a user could quote, where Sentry made one", () => {
    const audit = auditEntry(
      entry('pages-gssp-throws'),
      pagesFailure('pages-gssp-throws', { reports: [pagesReport('node', 'pages-gssp-throws', 'auto.function.nextjs.on_request_error')] }),
      context,
    );
    expect(audit.screen).toBe("Next's built-in screen");
    expect(audit.findings).toEqual([
      {
        check: 'screen',
        what: 'no reference the user could quote: the screen shows no event id, and the Pages Router has no digest',
        fix: expect.stringMatching(/event id/),
        evidence: `the report's event id: ${EVENT_ID}`,
      },
    ]);
  });

  it("finds an _error that names a status its failure did not have: 404 for a client-side crash (Sentry's docs' fallback when there is no response)", () => {
    const crashed = pagesFailure('pages-client-effect-throws', {
      status: 200,
      lines: ['Status Code: 404', `Event ID: ${EVENT_ID}`],
      reports: [pagesReport('browser', 'pages-client-effect-throws', 'auto.function.nextjs.underscore_error')],
    });
    const audit = auditEntry(entry('pages-client-effect-throws'), crashed, context);
    expect(audit.findings.map((finding) => `${finding.check}: ${finding.what}`)).toEqual(['screen: the screen names status 404, for a client-side exception']);
    expect(audit.checks.traceable).toBe('ok');
  });

  it("finds the event id on screen that is on no report: the user's quote leads nowhere", () => {
    const shown = pagesFailure('pages-gssp-throws', {
      lines: ['500', `Event ID: ${'f'.repeat(32)}`],
      reports: [pagesReport('node', 'pages-gssp-throws', 'auto.function.nextjs.on_request_error')],
    });
    expect(findings('pages-gssp-throws', shown)).toEqual([`traceable: the event id on screen is on no report of this failure`]);
  });

  it('tells a Pages Router app whose browser crash nobody reports to capture it in _error: Next renders _error for it, which no global handler sees', () => {
    // Observed on the corpus's sentry-next15-hybrid: Sentry.init in instrumentation-client.ts, no pages/_error; the crash shows Next's client sentence and nothing is sent.
    const crashed = pagesFailure('pages-client-effect-throws', {
      status: 200,
      lines: ['Application error: a client-side exception has occurred while loading 127.0.0.1 (see the browser console for more information).'],
    });
    const audit = auditEntry(entry('pages-client-effect-throws'), crashed, context);
    expect(audit.findings).toEqual([
      { check: 'reported once', what: 'a browser failure is never reported', fix: expect.stringContaining('captureUnderscoreErrorException') },
    ]);
  });

  it('takes no trace id in a response body for an event id shown: a response is no screen', () => {
    // Observed on the Sentry-guide Pages app: its Edge API route answers with the _error page, whose sentry-trace meta holds a trace id.
    const answered = pagesFailure('pages-edge-api-throws', {
      lines: ['<!DOCTYPE html><html lang="en"><head><meta name="sentry-trace" content="20f848b8fdcf417c856c2b87880e1c4a-a18286ce180a5635"/>'],
      reports: [pagesReport('node', 'pages-edge-api-throws', 'auto.function.nextjs.on_request_error')],
    });
    expect(findings('pages-edge-api-throws', answered)).toEqual([]);
  });

  it("finds a failure reported twice, by onRequestError and again by _error's captureUnderscoreErrorException", () => {
    const twice = pagesFailure('pages-gssp-throws', {
      lines: ['500', `Event ID: ${EVENT_ID}`],
      reports: [
        pagesReport('node', 'pages-gssp-throws', 'auto.function.nextjs.on_request_error', 'a'.repeat(32)),
        pagesReport('node', 'pages-gssp-throws', 'auto.function.nextjs.underscore_error'),
      ],
    });
    const audit = auditEntry(entry('pages-gssp-throws'), twice, context);
    expect(audit.findings).toEqual([
      {
        check: 'reported once',
        what: "reported twice: by onRequestError, and again by _error's captureUnderscoreErrorException",
        fix: expect.stringContaining('captureUnderscoreErrorException'),
      },
    ]);
  });
});
