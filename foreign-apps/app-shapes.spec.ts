import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../worker/test';
import { auditApp, findingsOf, GUIDE_SERVER_FAILURE_FINDINGS, stderrLines, tracedOf, tree } from './faultline-cli';
import { appOf } from './apps';
import { PINNED_NEXT } from '../selftest/run-cli';

/**
 * `faultline audit` on the shapes real App Router apps have (issue #41), each generated here from
 * registry packages: audited end to end, or refused in one true line that blames the right party.
 */
// Each test audits an app of its own shape (apps.ts): they run side by side, each app generated once.
test.describe.configure({ timeout: 600_000 });

/** What Cache Components builds of each kind of failure: a page's, a client's, a route handler's, a signal's, and one whose route it refuses. */
const UNDER_CACHE_COMPONENTS = [
  'server-page-throws',
  'client-throws-on-server-only',
  'client-effect-throws',
  'route-handler-throws',
  'not-found-signal',
  'edge-page-throws',
];

test('a cacheComponents app: the failures Cache Components builds are placed and judged against the pins of that configuration; the Edge route, refused there, is not applicable', async () => {
  const cached = await appOf('create-next-app-default');
  const before = tree(cached);
  const { code, stderr, report } = await auditApp(
    cached,
    UNDER_CACHE_COMPONENTS.flatMap((id) => ['--scenario', id]),
  );
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  const judged = (id: string) => report!.entries.find((entry) => entry.id === id)!;
  // A streamed 200 is what Next itself answers there: the framework check holds it to the reference app's pin under Cache Components.
  expect([judged('server-page-throws').status, judged('server-page-throws').screen, judged('server-page-throws').checks.framework]).toEqual([
    200,
    "Next's built-in screen",
    'ok',
  ]);
  expect([judged('not-found-signal').status, judged('not-found-signal').checks.framework]).toEqual([200, 'ok']);
  expect(report!.notApplicable).toContainEqual({
    id: 'edge-page-throws',
    why: expect.stringMatching(/^its route sets `runtime = 'edge'` \(route segment config\), which Next refuses under Cache Components/),
  });
  expect(report!.appFindings.map((finding) => `${finding.check}: ${finding.what}`)).toEqual([
    'reported once: nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone',
  ]);
  expect(code).toBe(1);
  expect(tree(cached), "the app's files, byte for byte").toEqual(before);
});

test(
  "a cacheComponents app set up by Sentry's guide: what a hand look found (a streamed 200, the client sentence, " +
    "reported twice, the digest in the server log only), and React's #419 as the browser's second report",
  async () => {
    const cached = await appOf('sentry-guide-app');
    const { code, stderr, report } = await auditApp(
      cached,
      UNDER_CACHE_COMPONENTS.flatMap((id) => ['--scenario', id]),
    );
    expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
    const server = report!.entries.find((entry) => entry.id === 'server-page-throws')!;
    expect([server.status, server.checks.framework]).toEqual([200, 'ok']);
    expect(findingsOf(report!, 'server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS);
    expect(findingsOf(report!, 'client-throws-on-server-only')).toContain(
      "reported once: reported twice: by the server, and again by the browser as React's #419 (the server could not finish a Suspense boundary, so the browser rendered it)",
    );
    expect(code).toBe(1);
  },
);

/** The Pages Router's failures a test asks for: a data function's, a client crash, an API route's, and a data function's notFound. */
const PAGES_ENTRIES = ['pages-gssp-throws', 'pages-client-effect-throws', 'pages-api-throws', 'pages-not-found'];
const PAGES_NO_REFERENCE = 'screen: no reference the user could quote: the screen shows no event id, and the Pages Router has no digest';

test("a Pages Router app (create-next-app's Pages template): its pages' failures placed under pages/faultline-audit/ and judged; the App Router's not applicable, in one line", async () => {
  const pages = await appOf('pages-app');
  const before = tree(pages);
  const { code, stdout, stderr, report } = await auditApp(
    pages,
    PAGES_ENTRIES.flatMap((id) => ['--scenario', id]),
  );
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect(stdout).toContain(`(next ${PINNED_NEXT}, no Sentry, pages/)`);
  const judged = (id: string) => report!.entries.find((entry) => entry.id === id)!;
  // Next's own _error: the status and its words for a server failure, the classic client sentence for a crash.
  expect([judged('pages-gssp-throws').status, judged('pages-gssp-throws').screen, judged('pages-gssp-throws').checks.framework]).toEqual([
    500,
    "Next's built-in screen",
    'ok',
  ]);
  expect(judged('pages-client-effect-throws').screen).toBe('classic fallback');
  expect([judged('pages-not-found').status, judged('pages-api-throws').status]).toEqual([404, 500]);
  expect(report!.entries.flatMap((entry) => entry.findings)).toEqual([]);
  expect(code, 'its one finding: nothing reports errors').toBe(1);
  expect(tree(pages), "the app's files, byte for byte").toEqual(before);
});

test(
  "a Pages Router app set up by Sentry's guide (its _error calling captureUnderscoreErrorException), keeping an app/ folder with no layout: " +
    'each failure reported once, no event id on screen to quote for a server failure; nothing placed in app/',
  async () => {
    const pages = await appOf('sentry-guide-pages-app');
    const { code, stderr, report } = await auditApp(
      pages,
      [...PAGES_ENTRIES, 'server-page-throws'].flatMap((id) => ['--scenario', id]),
    );
    expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
    // A page placed in an app/ folder with no root layout fails the build ("doesn't have a root layout"): not the app's failure, and none it can have.
    expect(report!.notApplicable).toEqual([
      {
        id: 'server-page-throws',
        why: 'the app has no App Router (its app/ folder holds no root layout, so Next builds no page there): its failures cannot happen there',
      },
    ]);
    const findings = (id: string) => findingsOf(report!, id).filter((finding) => !finding.startsWith('privacy:'));
    // A server failure's reference is its report's event id, which the guide's _error does not show; a client crash has none to give.
    expect(findings('pages-gssp-throws')).toEqual([PAGES_NO_REFERENCE]);
    expect(findings('pages-client-effect-throws')).toEqual([]);
    for (const id of PAGES_ENTRIES) expect(report!.entries.find((entry) => entry.id === id)!.checks['reported once'], id).toMatch(/^(ok|nothing to report)$/);
    expect(code).toBe(1);
  },
);

test('an app that hands its errors to PostHog: its server reports read where the server sends them and judged, from both runtimes; the browser, not read, said', async () => {
  const posthog = await appOf('posthog-app');
  const before = tree(posthog);
  const { code, stdout, stderr, report } = await auditApp(posthog, [
    '--scenario',
    'server-page-throws',
    '--scenario',
    'edge-page-throws',
    '--scenario',
    'client-effect-throws',
  ]);
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  const unseen =
    "errors are handed to PostHog (instrumentation.ts imports @posthog/next): faultline reads what the server sends it, not what the browser does: whether the browser's errors reach it is not judged";
  expect(stdout).toContain(`Not seen: ${unseen}`);
  expect([report!.unseen, report!.appFindings]).toEqual([[unseen], []]);
  const judged = (id: string) => report!.entries.find((entry) => entry.id === id)!;
  // What its onRequestError sent PostHog (captureExceptionImmediate), read on each runtime: once, with the digest on screen.
  for (const [id, runtime] of [
    ['server-page-throws', 'node'],
    ['edge-page-throws', 'edge'],
  ] as const) {
    expect(judged(id).reports.map(({ runtime, reporter, value }) => ({ runtime, reporter, value }))).toEqual([
      { runtime, reporter: 'PostHog', value: `${id}: db password hunter2` },
    ]);
    expect([judged(id).checks['reported once'], judged(id).checks.traceable, findingsOf(report!, id)]).toEqual(['ok', 'ok', []]);
    // Resolved by its paths to the placed throw, but PostHog pairs a frame with an uploaded map by its chunk_id, which no chunk has here.
    expect(tracedOf(report!, id)).toMatchObject({ state: 'finding', traced: [`${runtime} PostHog: no debug ID`] });
    expect(tracedOf(report!, id).findings).toEqual([
      expect.stringMatching(/^warn no debug ID \(the (server|Edge runtime)'s reports, PostHog\): .*chunk_id.* \(at next\.config\.ts\)$/),
    ]);
  }
  expect(judged('client-effect-throws').checks['reported once']).toBe('the browser is not read for PostHog');
  expect(report!.reachedOut, 'what it sent PostHog was read, not refused').toEqual([]);
  expect(code, 'no finding: its screens are Next’s own with a digest, each server failure reported once, and nothing leaks').toBe(0);
  expect(tree(posthog), "the app's files, byte for byte").toEqual(before);
});

test('an app that records its errors on OpenTelemetry spans: the trace exports its server sends read, each failed request reported by the spans in error, and what it cannot trace said', async () => {
  const otel = await appOf('opentelemetry-app');
  const before = tree(otel);
  const { code, stdout, stderr, report } = await auditApp(otel, [
    '--scenario',
    'server-page-throws',
    '--scenario',
    'route-handler-throws',
    '--scenario',
    'client-effect-throws',
  ]);
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect(stdout).toContain(
    'Not seen: errors are handed to OpenTelemetry (instrumentation.ts imports @opentelemetry/api): faultline reads ' +
      "what the server sends it, not what the browser does: whether the browser's errors reach it is not judged",
  );
  const judged = (id: string) => report!.entries.find((entry) => entry.id === id)!;
  const brief = (id: string) => judged(id).reports.map(({ runtime, reporter, value }) => ({ runtime, reporter, value }));
  // Next records a render's error on its span, the app's hook on that same span again: one span in error, reported once; no digest on it.
  expect(brief('server-page-throws')).toEqual([{ runtime: 'node', reporter: 'OpenTelemetry', value: 'server-page-throws: db password hunter2' }]);
  expect(judged('server-page-throws').findings.map(({ check, what, fix }) => ({ check, what, fix }))).toEqual([
    {
      check: 'traceable',
      what: 'the digest on screen is in the server log but on no report',
      fix: "put the digest on the span in `onRequestError`: `trace.getActiveSpan()?.setAttribute('next.error.digest', error.digest)`",
    },
  ]);
  // A route handler's error: on Next's span running it, and again on the request's span, where the app's hook records it.
  expect(brief('route-handler-throws')).toHaveLength(2);
  expect(judged('route-handler-throws').findings.map(({ check, what }) => `${check}: ${what}`)).toEqual([
    'reported once: the server reports it 2 times, where it fails once',
  ]);
  expect(judged('client-effect-throws').checks['reported once']).toBe('the browser is not read for OpenTelemetry');
  expect([report!.reachedOut, report!.appFindings], 'its exports read, none refused; every report claimed').toEqual([[], []]);
  expect(code).toBe(1);
  expect(tree(otel), "the app's files, byte for byte").toEqual(before);
});

test('a Sentry setup Next does not fully load (no onRequestError, the browser’s init only in sentry.client.config.ts): each failure never reported says why, from the app’s files', async () => {
  const legacy = await appOf('legacy-sentry-setup-app');
  const before = tree(legacy);
  const { code, report } = await auditApp(legacy, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(code).toBe(1);
  const never = (id: string) =>
    report!.entries
      .find((entry) => entry.id === id)!
      .findings.filter((finding) => finding.what.includes('never reported'))
      .map((finding) => finding.what);
  expect(never('server-page-throws')).toEqual([
    'a server failure is never reported: instrumentation.ts exports no onRequestError, so Next hands Sentry no server error',
  ]);
  expect(never('client-effect-throws')).toEqual([
    "a browser failure is never reported: the browser's Sentry.init is only in sentry.client.config.ts, which Next's Turbopack builds never load: Next loads instrumentation-client.ts",
  ]);
  expect(tree(legacy), "the app's files, byte for byte").toEqual(before);
});

test('a browser that reports through a tunnel on another origin: its envelopes read where the page sends them, never "not reported", and what is not judged said', async () => {
  const tunnelled = await appOf('tunnel-elsewhere-app');
  const { code, stdout, report } = await auditApp(tunnelled, ['--scenario', 'client-effect-throws']);
  const unseen =
    "the browser's reports go through a tunnel on another origin, http://localhost:3031/ (tunnel in " +
    'instrumentation-client.ts), read by faultline in the page, the tunnel never asked: whether it forwards them is ' +
    'not judged';
  expect(stdout).toContain(`Not seen: ${unseen}\n`);
  expect(report!.unseen).toEqual([unseen]);
  const [entry] = report!.entries;
  expect([findingsOf(report!, entry.id), entry.reports.map((sent) => sent.runtime)], 'reported once, by the browser').toEqual([[], ['browser']]);
  // Built without Sentry's plugin and with productionBrowserSourceMaps: false: no map for the chunk the browser's report names, the fix at that line.
  expect(tracedOf(report!, entry.id)).toEqual({
    state: 'finding',
    traced: ['browser Sentry: map missing'],
    findings: [
      expect.stringMatching(
        new RegExp(
          String.raw`^warn map missing \(the browser's reports, Sentry\): the build emits no map for the browser's chunks: ` +
            String.raw`productionBrowserSourceMaps is false, and Sentry's plugin is not used \(at next\.config\.ts:\d+\)$`,
        ),
      ),
    ],
  });
  expect(code, 'a source finding is said at warn where the config does not set its level').toBe(0);
});

test('a root layout that needs a session store that is not there: one line naming its error, not a finding per entry (exit 2)', async () => {
  const walledByBackend = await appOf('session-store-app');
  const { code, stderr, report } = await auditApp(walledByBackend, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(stderrLines(stderr)).toEqual([
    expect.stringMatching(
      new RegExp(
        String.raw`^faultline: the audited app: every placed failure met the same error of the app's own: .*connect ECONNREFUSED ` +
          String.raw`127\.0\.0\.1:6379: the session store is not running.* \(its server log: \S+server\.log\); the app needs what is not ` +
          String.raw`here \(a database, a session, a variable\), so none of its failure behaviour can be judged$`,
      ),
    ),
  ]);
  expect([code, report]).toEqual([2, null]);
});

test('an app whose config validates its environment, without it: one line naming its config and its error, and where what it needs goes (exit 2)', async () => {
  const t3 = await appOf('t3-shaped-app');
  const { code, stderr, report } = await auditApp(t3, ['--scenario', 'server-page-throws']);
  expect(stderrLines(stderr)).toEqual([
    'faultline: the audited app: its next.config.ts failed when Next loaded it for a build: Invalid environment ' +
      "variables: DATABASE_URL: Required (it loads with faultline's environment and the app's .env files, as next " +
      'build would: what it needs goes in one of them)',
  ]);
  expect([code, report]).toEqual([2, null]);
});

test('the same app with its environment, whose tsconfig checks JavaScript strictly: what faultline placed is not the app’s to type-check, and every entry is judged', async () => {
  const t3 = await appOf('t3-shaped-app');
  const before = tree(t3);
  const { code, stderr, report } = await auditApp(t3, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws'], {
    DATABASE_URL: 'postgres://app@127.0.0.1:5432/app',
  });
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect([report!.entries.map((entry) => entry.id).sort(), report!.notJudged]).toEqual([['client-effect-throws', 'server-page-throws'], []]);
  expect(report!.entries.flatMap((entry) => entry.findings)).toEqual([]);
  // The app's one finding, true of it: it has no reporter at all.
  expect(report!.appFindings.map((finding) => finding.what)).toEqual([expect.stringMatching(/^nothing in the app reports errors/)]);
  expect(code).toBe(1);
  expect(tree(t3), "the app's files, byte for byte").toEqual(before);
});

for (const [manager, shape, css] of [
  ['npm workspaces', 'acme-npm-monorepo', ''],
  ['pnpm', 'acme-pnpm-monorepo', " and Tailwind 4's PostCSS plugin from a shared config package"],
] as const) {
  test(`an app in a monorepo installed by ${manager}, with a package of its own shipped as source${css}: audited from its folder as the same app alone is`, async () => {
    const web = await appOf(shape);
    const repo = join(web, '..', '..');
    const before = tree(repo);
    const { code, stdout, stderr, report } = await auditApp(web, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
    expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
    expect(stdout).toContain(
      `faultline audit: ${web} (next ${PINNED_NEXT}, @sentry/nextjs, app/; a package of the monorepo at ${repo}, built in a copy of it)\n`,
    );
    const findings = (id: string) => findingsOf(report!, id);
    // What the Sentry-guide app alone is found to do (audit.spec.ts): the monorepo changes nothing of it.
    expect(findings('server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS);
    expect([findings('client-effect-throws'), report!.appFindings, report!.notJudged]).toEqual([[], [], []]);
    expect(code).toBe(1);
    expect(tree(repo), "the monorepo's files, byte for byte").toEqual(before);
  });
}

test(
  'a localised app whose root layout is under app/[locale]/ and whose proxy rewrites every path to its default ' +
    'locale (as-needed): the failures placed under the locale, reached, and judged',
  async () => {
    const intl = await appOf('next-intl-app');
    const before = tree(intl);
    const { code, stdout, stderr, report } = await auditApp(intl, [
      '--scenario',
      'server-page-throws',
      '--scenario',
      'client-effect-throws',
      '--scenario',
      'proxy-throws',
    ]);
    expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
    expect(stdout).toContain('Placed 3 failures under /faultline-audit/ in app/[locale]/ (its root layout)');
    expect([report!.entries.map((entry) => entry.id).sort(), report!.notJudged]).toEqual([['client-effect-throws', 'proxy-throws', 'server-page-throws'], []]);
    // Reached where they were asked for: the default locale has no prefix, its proxy rewrites them to it (served as Next names itself, no loop).
    expect(report!.entries.map((entry) => entry.url).sort()).toEqual([
      '/faultline-audit/client-effect-throws',
      '/faultline-audit/proxy-throws',
      '/faultline-audit/server-page-throws',
    ]);
    // What the Sentry-guide app is found to do (audit.spec.ts), its server's reports sent through the flush route placed under the locale too.
    const findings = (id: string) => findingsOf(report!, id);
    // next-intl's proxy rewrites the tunnel route (named by Sentry's plugin at this build) to its default locale too,
    // where no route is: the browser's reports never arrive, so its redacted copy is no second report.
    const neverArrive = expect.stringMatching(
      /^reported once: the browser's reports never arrive: \/\w+ answered 404 \(the app's proxy, proxy\.ts, runs for it\)$/,
    );
    expect(findings('server-page-throws')).toEqual(
      GUIDE_SERVER_FAILURE_FINDINGS.map((finding) => (finding.includes('reported twice') ? neverArrive : finding)),
    );
    expect([findings('client-effect-throws'), report!.appFindings]).toEqual([[neverArrive], []]);
    expect(report!.entries.find((entry) => entry.id === 'client-effect-throws')!.findings[0].fix).toMatch(
      /^give tunnelRoute a fixed path in next\.config\.ts \(tunnelRoute: '\/monitoring'; this build's was \/\w+\) and leave it out of the matcher in proxy\.ts$/,
    );
    // Its own proxy (next-intl's), wrapped: a failure there is never reported, as Next never hands a proxy's error to onRequestError.
    expect(findings('proxy-throws')).toEqual(['reported once: a server failure is never reported']);
    expect(report!.entries.find((entry) => entry.id === 'proxy-throws')!.findings[0].evidence, "counted in the app's instrumentation").toBe(
      'Next never handed it to onRequestError',
    );
    expect(code).toBe(1);
    expect(tree(intl), "the app's files, byte for byte").toEqual(before);
  },
);

test("a tunnel route the app's proxy leaves out of its matcher: the browser's reports go through it, forwarded by the app's server, and arrive", async () => {
  const tunnelLetThrough = await appOf('tunnel-let-through-app');
  const before = tree(tunnelLetThrough);
  const { code, stdout, report } = await auditApp(tunnelLetThrough, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(stdout, 'the tunnel is asked, not left unseen').not.toContain('Not seen:');
  // Its plugin told sourcemaps: { disable: true }: the server's frames resolve by the chunks' own maps but carry no debug ID, the browser's have no map; both fixed at that line.
  expect(tracedOf(report!, 'server-page-throws').traced).toContain('node Sentry: no debug ID');
  expect(tracedOf(report!, 'server-page-throws').findings).toContainEqual(
    expect.stringMatching(
      /^warn no debug ID \(the server's reports, Sentry\): the server's chunks carry no debug ID: Sentry's plugin is told sourcemaps\.disable \(at next\.config\.ts:\d+\)$/,
    ),
  );
  expect(tracedOf(report!, 'client-effect-throws')).toMatchObject({ state: 'finding', traced: ['browser Sentry: map missing'] });
  expect(tracedOf(report!, 'client-effect-throws').findings).toEqual([
    expect.stringMatching(
      /^warn map missing \(the browser's reports, Sentry\): the build emits no map for the browser's chunks: Sentry's plugin is told sourcemaps\.disable \(at next\.config\.ts:\d+\)$/,
    ),
  ]);
  const findings = (id: string) => findingsOf(report!, id);
  // What the Sentry-guide app is found to do (audit.spec.ts): both copies of a server failure arrive, the browser's through the tunnel.
  expect(findings('server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS);
  expect([findings('client-effect-throws'), report!.appFindings]).toEqual([[], []]);
  const runtimes = (id: string) => report!.entries.find((entry) => entry.id === id)!.reports.map((sent) => sent.runtime);
  expect([runtimes('client-effect-throws'), runtimes('server-page-throws')]).toEqual([['browser'], ['node', 'browser']]);
  expect(code).toBe(1);
  expect(tree(tunnelLetThrough), "the app's files, byte for byte").toEqual(before);
});

test("a tunnel route behind the app's auth wall: the browser's reports never arrive, said with who answered and the fix, and no copy counted that did not arrive", async () => {
  const tunnelWalled = await appOf('tunnel-walled-app');
  const { code, report } = await auditApp(tunnelWalled, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  const neverArrive = "reported once: the browser's reports never arrive: /api/monitoring answered 401 (the app's proxy, proxy.ts, runs for it)";
  const findings = (id: string) => findingsOf(report!, id);
  expect(findings('server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS.map((finding) => (finding.includes('reported twice') ? neverArrive : finding)));
  expect(findings('client-effect-throws')).toEqual([neverArrive]);
  const [finding] = report!.entries.find((entry) => entry.id === 'client-effect-throws')!.findings;
  expect([finding.fix, finding.evidence]).toEqual([
    "leave /api/monitoring out of the matcher in proxy.ts, so Sentry's tunnel route reaches its rewrite",
    '1 error event sent there, none forwarded',
  ]);
  expect(code).toBe(1);
});

test("a CSRF guard in the app's proxy: faultline's own flush goes past it, every entry is judged, and the browser's reports it refuses are the finding", async () => {
  const guarded = await appOf('csrf-guard-app');
  const before = tree(guarded);
  const { code, stderr, report } = await auditApp(guarded, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(stderrLines(stderr), 'no line on stderr: no wall said, no --cookie asked for').toEqual([]);
  const neverArrive = expect.stringMatching(
    /^reported once: the browser's reports never arrive: \/\w+ answered 403 \(the app's proxy, proxy\.ts, runs for it\)$/,
  );
  const findings = (id: string) => findingsOf(report!, id);
  // What the Sentry-guide app is found to do (audit.spec.ts), but the browser's copy, which the guard refuses at the tunnel.
  expect(findings('server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS.map((finding) => (finding.includes('reported twice') ? neverArrive : finding)));
  expect([findings('client-effect-throws'), report!.appFindings, report!.notJudged]).toEqual([[neverArrive], [], []]);
  expect(code).toBe(1);
  expect(tree(guarded), "the app's files, byte for byte").toEqual(before);
});

test("an app whose own onRequestError sends to PostHog with posthog-node: read, judged and claimed as @posthog/next's sends are, never said unread", async () => {
  const app = await appOf('posthog-node-app');
  // robots-throws: a metadata route's report arrives after its entry's flush (issue #84, defect 2), and is that entry's all the same.
  const ids = ['server-page-throws', 'throws-null', 'route-handler-throws', 'client-effect-throws', 'robots-throws'];
  // Its route handler's API, on loopback: as the machine has it, the API answers.
  const api = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":1}]'));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { code, stdout, stderr, report } = await auditApp(app, [...ids.flatMap((id) => ['--scenario', id]), '--route', '/api/stock'], {
    BACKEND_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
  }).finally(() => api.close());
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect(stdout).toContain(
    'Not seen: errors are handed to PostHog (instrumentation.ts imports posthog-node (through ' +
      'lib/posthog-server.ts)): faultline reads what the server sends it, not what the browser does: whether the ' +
      "browser's errors reach it is not judged",
  );
  expect(stdout, 'what it read is never said unread').not.toContain('which faultline does not read');
  const judged = (id: string) => report!.entries.find((entry) => entry.id === id)!;
  for (const id of ['server-page-throws', 'route-handler-throws']) {
    expect(
      judged(id).reports.map(({ runtime, reporter, value }) => ({ runtime, reporter, value })),
      id,
    ).toEqual([{ runtime: 'node', reporter: 'PostHog', value: `${id}: db password hunter2` }]);
    expect(judged(id).checks['reported once'], id).toBe('ok');
  }
  expect(
    judged('throws-null').reports.map(({ reporter }) => reporter),
    'a thrown null, reported to PostHog like any error',
  ).toEqual(['PostHog']);
  expect(judged('client-effect-throws').checks['reported once']).toBe('the browser is not read for PostHog');
  // Its route, its API refused and hanging: the hook's reports name no route, so which load each belongs to is said untold, never "reported nothing".
  const stock = judged('/api/stock');
  expect([stock.findings, stock.route!.faults.map(({ fault, status }) => `${fault} ${status}`)]).toEqual([[], ['refused 500', '500 200', 'hang 500']]);
  expect(stock.checks['reported once']).toMatch(/^not judged: 2 errors handed to PostHog had no report naming this route within 10 s/);
  expect(
    judged('robots-throws').reports.map(({ reporter, value }) => ({ reporter, value })),
    "a late report is its entry's",
  ).toEqual([{ reporter: 'PostHog', value: 'robots-throws: db password hunter2' }]);
  expect(judged('robots-throws').findings.map(({ what }) => what)).not.toContainEqual(expect.stringContaining('never reported'));
  expect(report!.appFindings, 'every report claimed by its failure').toEqual([]);
  // What is true of it: its captureException sends no digest, so what a user quotes is on no report.
  expect(
    judged('server-page-throws')
      .findings.filter(({ check }) => check !== 'source')
      .map(({ check, fix }) => `${check}: ${fix}`),
  ).toEqual([
    'traceable: send the digest with the exception, as `@posthog/next` does: `posthog.captureException(error, distinctId, { nextjs_error_digest: error.digest })` in `onRequestError`',
  ]);
  expect(code).toBe(1);
});

test("an app on next 15.5 with its own ESLint and prefetching links: what faultline placed passes the app's lint in next build, and both RSC entries are judged", async () => {
  // Next 15 navigates with the payload its link prefetched; when that prefetch failed, the click loads the document instead, asking for no payload after it.
  // Next 15 lints during next build, here with typescript-eslint's recommended rules (ban-ts-comment among them): every placed file must pass them.
  const older = await appOf('create-next-app-15.5.29');
  const { code, stderr, report } = await auditApp(older, ['--scenario', 'navigation-rsc-500', '--scenario', 'navigation-rsc-aborted']);
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect(report?.notJudged).toEqual([]);
  // Where Next by itself goes: the healthy page, loaded as a document; nothing to find but that nothing reports errors.
  expect(report?.entries.map((entry) => [entry.id, entry.lines.includes('Healthy page'), entry.findings])).toEqual([
    ['navigation-rsc-500', true, []],
    ['navigation-rsc-aborted', true, []],
  ]);
  expect(code).toBe(1);
});
