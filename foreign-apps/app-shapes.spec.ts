import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditResult } from '../cli/audit-render';
import { inspectApp } from '../harness/audit/app';
import { auditWorkspacesOf } from '../harness/audit/workspace';
import { expect, test } from '../fixtures/worker/test';
import { auditApp, findingsOf, GUIDE_SERVER_FAILURE_FINDINGS, stderrLines, tree } from './faultline-cli';
import { generateApp, generateMonorepo } from './generate';

/**
 * `faultline audit` on the shapes real App Router apps have (issue #41), each generated here from
 * registry packages: audited end to end, or refused in one true line that blames the right party.
 */
test.describe.configure({ mode: 'default', timeout: 600_000 });

const apps = join(tmpdir(), `faultline-app-shapes-${process.pid}`);
/** Next 16's model: `cacheComponents: true`, which refuses route segment config. */
const cached = join(apps, 'cache-components-app');
/** Sentry's guide without `onRequestError`, and its browser `Sentry.init` only in the legacy `sentry.client.config.ts`. */
const legacy = join(apps, 'legacy-sentry-setup-app');
/** Sentry's guide whose browser sends through a tunnel on another origin (`tunnel` in its init, no `tunnelRoute`). */
const tunnelled = join(apps, 'tunnel-elsewhere-app');
/** Sentry's guide with its server's init turned off (`enabled: false`) and its browser's only on Vercel. */
const switchedOff = join(apps, 'switched-off-sentry-app');
/** Sentry's guide whose DSNs come from variables, as most apps keep them (`SENTRY_DSN`, `NEXT_PUBLIC_SENTRY_DSN`), set nowhere here. */
const dsnUnset = join(apps, 'dsn-unset-app');
/** A root layout that reads a session from a store that is not running: every page meets that error, beside its own. */
const walledByBackend = join(apps, 'session-store-app');
/** Errors handed to PostHog (`@posthog/next`'s `onRequestError`), no Sentry. */
const posthog = join(apps, 'posthog-app');
/** Errors recorded on OpenTelemetry spans (`@vercel/otel`, an `onRequestError` recording on the active span), exported over OTLP/HTTP to the collector its `.env` names. */
const otel = join(apps, 'opentelemetry-app');
/** The same without the project key its `.env` gives it: `@posthog/next` then sends nothing. */
const posthogWithoutKey = join(apps, 'posthog-without-key-app');
/** As create-t3-app shapes it: a strict tsconfig that checks JavaScript too, and a config that validates the environment as it loads. */
const t3 = join(apps, 't3-shaped-app');
/** Monorepos: Sentry's guide app as `apps/web`, a package of their own shipped as TypeScript source; npm hoists every package to the root, pnpm links each from its store. */
const monorepos = { 'npm workspaces': join(apps, 'acme'), pnpm: join(apps, 'acme-pnpm') } as const;
/** Sentry's guide with a fixed tunnel route (`/monitoring`) and a proxy for every path, whose matcher leaves the tunnel out as Sentry's docs say. */
const tunnelLetThrough = join(apps, 'tunnel-let-through-app');
/** Sentry's guide with its tunnel under `/api/`, where its proxy walls every request without a session (401). */
const tunnelWalled = join(apps, 'tunnel-walled-app');
/** Sentry's guide localised as next-intl's guide has it: the root layout under `app/[locale]/`, no `app/layout.tsx`, a proxy sending every path to its locale. */
const intl = join(apps, 'next-intl-app');

/** An entry's findings that a failure is never reported: what, and the fix. */
const neverReported = (report: AuditResult, id: string) =>
  report.entries
    .find((entry) => entry.id === id)!
    .findings.filter((finding) => finding.what.includes('never reported'))
    .map(({ what, fix }) => ({ what, fix }));

test.beforeAll(async () => {
  await generateApp(cached, { sentry: false });
  const config = join(cached, 'next.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('/* config options here */', 'cacheComponents: true,'));
  await generateApp(posthog, { sentry: false, posthog: true });
  await generateApp(posthogWithoutKey, { sentry: false, posthog: true });
  await generateApp(otel, { sentry: false, otel: true });
  rmSync(join(posthogWithoutKey, '.env'));
  await generateApp(t3, { sentry: false });
  await generateMonorepo(monorepos['npm workspaces'], { sentry: true });
  await generateMonorepo(monorepos.pnpm, { sentry: true, pnpm: true });
  await generateApp(intl, { sentry: true, intl: true });
  const tsconfig = JSON.parse(readFileSync(join(t3, 'tsconfig.json'), 'utf8'));
  Object.assign(tsconfig.compilerOptions, { checkJs: true, noUncheckedIndexedAccess: true });
  tsconfig.include = ['next-env.d.ts', '**/*.ts', '**/*.tsx', '**/*.cjs', '**/*.js', '**/*.jsx', '.next/types/**/*.ts'];
  writeFileSync(join(t3, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  writeFileSync(
    join(t3, 'env.js'),
    [
      "const missing = ['DATABASE_URL'].filter((name) => !process.env[name]);",
      "if (missing.length > 0) throw new Error(`Invalid environment variables: ${missing.map((name) => `${name}: Required`).join(', ')}`);",
      'export const env = { DATABASE_URL: process.env.DATABASE_URL };',
      '',
    ].join('\n'),
  );
  const t3Config = join(t3, 'next.config.ts');
  writeFileSync(t3Config, `import './env.js';\n${readFileSync(t3Config, 'utf8')}`);
  await generateApp(walledByBackend, { sentry: false });
  writeFileSync(
    join(walledByBackend, 'app', 'layout.tsx'),
    [
      "import { connection } from 'next/server';",
      '',
      'async function session(): Promise<string> {',
      '  await connection();',
      "  throw new Error('connect ECONNREFUSED 127.0.0.1:6379: the session store is not running');",
      '}',
      '',
      'export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {',
      '  const user = await session();',
      '  return (',
      '    <html lang="en">',
      '      <body data-user={user}>{children}</body>',
      '    </html>',
      '  );',
      '}',
      '',
    ].join('\n'),
  );
  await generateApp(legacy, { sentry: true });
  const instrumentation = join(legacy, 'instrumentation.ts');
  writeFileSync(instrumentation, readFileSync(instrumentation, 'utf8').replace('export const onRequestError = Sentry.captureRequestError;\n', ''));
  renameSync(join(legacy, 'instrumentation-client.ts'), join(legacy, 'sentry.client.config.ts'));
  await generateApp(tunnelled, { sentry: true });
  const tunnelledConfig = join(tunnelled, 'next.config.ts');
  writeFileSync(tunnelledConfig, readFileSync(tunnelledConfig, 'utf8').replace('tunnelRoute: true,', ''));
  const tunnelledClient = join(tunnelled, 'instrumentation-client.ts');
  writeFileSync(
    tunnelledClient,
    readFileSync(tunnelledClient, 'utf8').replace('tracesSampleRate: 1,', "tracesSampleRate: 1,\n  tunnel: 'http://localhost:3031/',"),
  );
  for (const [app, route, proxy] of [
    [
      tunnelLetThrough,
      '/monitoring',
      [
        "import { NextResponse, type NextRequest } from 'next/server';",
        '',
        'export function proxy(request: NextRequest) {',
        '  const response = NextResponse.next();',
        "  response.headers.set('x-frame-options', 'DENY');",
        '  return response;',
        '}',
        '',
        "export const config = { matcher: ['/((?!monitoring|_next/static|_next/image|favicon.ico).*)'] };",
      ],
    ],
    [
      tunnelWalled,
      '/api/monitoring',
      [
        "import { NextResponse, type NextRequest } from 'next/server';",
        '',
        'export function proxy(request: NextRequest) {',
        "  if (!request.cookies.has('session')) return NextResponse.json({ error: 'unauthorised' }, { status: 401 });",
        '  return NextResponse.next();',
        '}',
        '',
        "export const config = { matcher: ['/api/:path*'] };",
      ],
    ],
  ] as const) {
    await generateApp(app, { sentry: true });
    const config = join(app, 'next.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('tunnelRoute: true,', `tunnelRoute: '${route}',`));
    writeFileSync(join(app, 'proxy.ts'), `${proxy.join('\n')}\n`);
  }
  await generateApp(switchedOff, { sentry: true });
  const serverConfig = join(switchedOff, 'sentry.server.config.ts');
  writeFileSync(serverConfig, readFileSync(serverConfig, 'utf8').replace('Sentry.init({', 'Sentry.init({\n  enabled: false,'));
  const clientConfig = join(switchedOff, 'instrumentation-client.ts');
  writeFileSync(clientConfig, readFileSync(clientConfig, 'utf8').replace('Sentry.init({', 'if (process.env.NEXT_PUBLIC_VERCEL_ENV) Sentry.init({'));
  await generateApp(dsnUnset, { sentry: true });
  for (const [file, variable] of [
    ['sentry.server.config.ts', 'SENTRY_DSN'],
    ['instrumentation-client.ts', 'NEXT_PUBLIC_SENTRY_DSN'],
  ]) {
    const path = join(dsnUnset, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/dsn: '[^']+'/, `dsn: process.env.${variable}`));
  }
});

test.afterAll(() => {
  for (const app of [
    cached,
    posthog,
    posthogWithoutKey,
    otel,
    legacy,
    switchedOff,
    dsnUnset,
    tunnelled,
    tunnelLetThrough,
    tunnelWalled,
    walledByBackend,
    t3,
    intl,
    ...Object.values(monorepos).map((repo) => join(repo, 'apps', 'web')),
  ])
    for (const dir of auditWorkspacesOf(inspectApp(app))) rmSync(dir, { recursive: true, force: true });
  rmSync(apps, { recursive: true, force: true });
});

test('a cacheComponents app: what faultline placed does not build there, and the line says it is faultline’s, naming its file (exit 2)', async () => {
  const before = tree(cached);
  const { code, stderr, report } = await auditApp(cached, ['--scenario', 'server-page-throws']);
  const lines = stderrLines(stderr);
  expect(lines).toEqual([
    expect.stringMatching(
      /^faultline: the placed failures: what faultline placed in the app does not build there, which is faultline's to fix, not the app's: .*\.\/app\/faultline-audit\/[\w-]+\/(page|route)\.jsx?:\d+:\d+ .*cacheComponents.*; its log: \S+build\.log$/,
    ),
  ]);
  expect([code, report]).toEqual([2, null]);
  expect(tree(cached), "the app's files, byte for byte").toEqual(before);
});

test('an app that hands its errors to PostHog: its server reports read where the server sends them and judged, from both runtimes; the browser, not read, said', async () => {
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
    expect([judged(id).checks['reported once'], judged(id).checks.traceable, judged(id).findings]).toEqual(['ok', 'ok', []]);
  }
  expect(judged('client-effect-throws').checks['reported once']).toBe('the browser is not read for PostHog');
  expect(report!.reachedOut, 'what it sent PostHog was read, not refused').toEqual([]);
  expect(code, 'no finding: its screens are Next’s own with a digest, each server failure reported once, and nothing leaks').toBe(0);
  expect(tree(posthog), "the app's files, byte for byte").toEqual(before);
});

test('the same PostHog app without its project key: a server failure PostHog never got is a finding, with the fix in PostHog’s terms', async () => {
  const { code, report } = await auditApp(posthogWithoutKey, ['--scenario', 'server-page-throws']);
  const [entry] = report!.entries;
  // Next handed the error to its onRequestError (@posthog/next's), which sent nothing without the key.
  expect([entry.reports, entry.findings.map(({ what, fix, evidence }) => ({ what, fix, evidence }))]).toEqual([
    [],
    [
      {
        what: 'a server failure is never reported',
        fix: "export `onRequestError` from `@posthog/next` in `instrumentation.ts`, with the project's key where the server runs",
        evidence: 'Next handed it to onRequestError once',
      },
    ],
  ]);
  expect(code).toBe(1);
});

test('an app that records its errors on OpenTelemetry spans: the trace exports its server sends read, each failed request reported by the spans in error, and what it cannot trace said', async () => {
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
    "Not seen: errors are handed to OpenTelemetry (instrumentation.ts imports @opentelemetry/api): faultline reads what the server sends it, not what the browser does: whether the browser's errors reach it is not judged",
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
  const { code, stdout, report } = await auditApp(tunnelled, ['--scenario', 'client-effect-throws']);
  const unseen =
    "the browser's reports go through a tunnel on another origin, http://localhost:3031/ (tunnel in instrumentation-client.ts), read by faultline in the page, the tunnel never asked: whether it forwards them is not judged";
  expect(stdout).toContain(`Not seen: ${unseen}\n`);
  expect(report!.unseen).toEqual([unseen]);
  const [entry] = report!.entries;
  expect([entry.findings, entry.reports.map((sent) => sent.runtime)], 'reported once, by the browser').toEqual([[], ['browser']]);
  expect(code).toBe(0);
});

test('a Sentry setup switched off (enabled: false on the server, the browser’s init only on Vercel): each failure never reported says why and what to change', async () => {
  const { code, report } = await auditApp(switchedOff, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(code).toBe(1);
  const never = (id: string) => neverReported(report!, id);
  expect(never('server-page-throws')).toEqual([
    {
      what: 'a server failure is never reported: sentry.server.config.ts:5: Sentry.init has enabled: false, so the SDK sends nothing',
      fix: 'drop `enabled: false` from `Sentry.init` in `sentry.server.config.ts`',
    },
  ]);
  expect(never('client-effect-throws')).toEqual([
    {
      what: 'a browser failure is never reported: instrumentation-client.ts:4 sets Sentry up only where NEXT_PUBLIC_VERCEL_ENV is set (process.env.NEXT_PUBLIC_VERCEL_ENV), which it is not here: on Vercel it may report',
      fix: 'initialise Sentry wherever the app runs (`instrumentation-client.ts` without the `NEXT_PUBLIC_VERCEL_ENV` condition), or audit with `NEXT_PUBLIC_VERCEL_ENV` set as Vercel sets it',
    },
  ]);
});

test('DSNs read from variables set nowhere (SENTRY_DSN where the server runs, NEXT_PUBLIC_SENTRY_DSN when it was built): each failure never reported names the variable, its line, and when it must be set', async () => {
  const { code, report } = await auditApp(dsnUnset, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws'], {
    SENTRY_DSN: '',
    NEXT_PUBLIC_SENTRY_DSN: '',
  });
  expect(code).toBe(1);
  const never = (id: string) => neverReported(report!, id);
  expect(never('server-page-throws')).toEqual([
    {
      what: "a server failure is never reported: the server's Sentry SDK has no DSN: sentry.server.config.ts:5 takes it from SENTRY_DSN, which is not set where the server runs",
      fix: 'set `SENTRY_DSN` where the server runs (its environment, or `.env.production`)',
    },
  ]);
  expect(never('client-effect-throws')).toEqual([
    {
      what: "a browser failure is never reported: the browser's Sentry SDK has no DSN: instrumentation-client.ts:5 takes it from NEXT_PUBLIC_SENTRY_DSN, which was not set when the app was built (Next writes NEXT_PUBLIC_ variables into the code at build time)",
      fix: 'set `NEXT_PUBLIC_SENTRY_DSN` where `next build` runs (its environment, or `.env.production`), not only where the app starts',
    },
  ]);
});

test('a root layout that needs a session store that is not there: one line naming its error, not a finding per entry (exit 2)', async () => {
  const { code, stderr, report } = await auditApp(walledByBackend, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(stderrLines(stderr)).toEqual([
    expect.stringMatching(
      /^faultline: the audited app: every placed failure met the same error of the app's own: .*connect ECONNREFUSED 127\.0\.0\.1:6379: the session store is not running.* \(its server log: \S+server\.log\); the app needs what is not here \(a database, a session, a variable\), so none of its failure behaviour can be judged$/,
    ),
  ]);
  expect([code, report]).toEqual([2, null]);
});

test('an app whose config validates its environment, without it: one line naming its config and its error, and where what it needs goes (exit 2)', async () => {
  const { code, stderr, report } = await auditApp(t3, ['--scenario', 'server-page-throws']);
  expect(stderrLines(stderr)).toEqual([
    "faultline: the audited app: its next.config.ts failed when Next loaded it for a build: Invalid environment variables: DATABASE_URL: Required (it loads with faultline's environment and the app's .env files, as next build would: what it needs goes in one of them)",
  ]);
  expect([code, report]).toEqual([2, null]);
});

test('the same app with its environment, whose tsconfig checks JavaScript strictly: what faultline placed is not the app’s to type-check, and every entry is judged', async () => {
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

for (const [manager, repo] of Object.entries(monorepos)) {
  test(`an app in a monorepo installed by ${manager}, with a package of its own shipped as source: audited from its folder as the same app alone is`, async () => {
    const web = join(repo, 'apps', 'web');
    const before = tree(repo);
    const { code, stdout, stderr, report } = await auditApp(web, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
    expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
    expect(stdout).toContain(`faultline audit: ${web} (next 16.4.5, @sentry/nextjs, app/; a package of the monorepo at ${repo}, built in a copy of it)\n`);
    const findings = (id: string) => findingsOf(report!, id);
    // What the Sentry-guide app alone is found to do (audit.spec.ts): the monorepo changes nothing of it.
    expect(findings('server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS);
    expect([findings('client-effect-throws'), report!.appFindings, report!.notJudged]).toEqual([[], [], []]);
    expect(code).toBe(1);
    expect(tree(repo), "the monorepo's files, byte for byte").toEqual(before);
  });
}

test('a localised app whose root layout is under app/[locale]/ and whose proxy sends every path to its locale: the failures placed under the locale, reached there, and judged', async () => {
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
  // Reached where the app's proxy sent them, under its default locale; the proxy's own failure where it was asked for.
  expect(report!.entries.map((entry) => entry.url).sort()).toEqual([
    '/en/faultline-audit/client-effect-throws',
    '/en/faultline-audit/server-page-throws',
    '/faultline-audit/proxy-throws',
  ]);
  // What the Sentry-guide app is found to do (audit.spec.ts), its server's reports sent through the flush route placed under the locale too.
  const findings = (id: string) => findingsOf(report!, id);
  // next-intl's proxy sends the tunnel route (named by Sentry's plugin at this build) to its locale too: the browser's reports never arrive, so its redacted copy is no second report.
  const neverArrive = expect.stringMatching(
    /^reported once: the browser's reports never arrive: \/(\w+) answered 307 to \/en\/\1 \(the app's proxy, proxy\.ts, runs for it\)$/,
  );
  expect(findings('server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS.map((finding) => (finding.includes('reported twice') ? neverArrive : finding)));
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
});

test("a tunnel route the app's proxy leaves out of its matcher: the browser's reports go through it, forwarded by the app's server, and arrive", async () => {
  const before = tree(tunnelLetThrough);
  const { code, stdout, report } = await auditApp(tunnelLetThrough, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(stdout, 'the tunnel is asked, not left unseen').not.toContain('Not seen:');
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
