import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectApp } from '../harness/audit/app';
import { auditWorkspace, auditWorkspaces, auditWorkspacesOf } from '../harness/audit/workspace';
import { freePort } from '../harness/app-server';
import { nextBin } from '../harness/build';
import { ENV } from '../harness/contract';
import { withoutTarget } from '../harness/target';
import { processesWith } from '../selftest/processes';
import { expect, test } from '../fixtures/worker/test';
import { auditApp, startAudit, stderrLines, tree } from './faultline-cli';
import { generateApp } from './generate';

/**
 * `faultline audit` in everyday conditions and under faults, through the real CLI on apps
 * generated from registry packages: what a careless or hurried user meets (a pipe in the app's
 * folder, `next dev` running in it, a `basePath`, a home page that needs a database, a build that
 * never ends, Ctrl-C and `docker stop`), each ending as `faultline run` would.
 */
test.describe.configure({ mode: 'default', timeout: 600_000 });

const apps = join(tmpdir(), `faultline-audit-faults-${process.pid}`);
/** The `create-next-app` template as generated. */
const plain = join(apps, 'create-next-app-default');
/** Served under `basePath: '/docs'`, built into `distDir: 'build'`, with a home page that fails without its database. */
const based = join(apps, 'docs-app');
/** A page whose `generateStaticParams` never settles: `next build` never ends. */
const stuck = join(apps, 'stuck-build-app');
/** A proxy that sends every visitor without a session cookie to its login page. */
const walled = join(apps, 'login-wall-app');
/** A proxy that sends every path without a locale to the same path under `/en`, where a catch-all answers 404. */
const localised = join(apps, 'locale-redirect-app');

/** A `proxy.ts` that redirects every path but those `passes` lets through to `to` (expressions over `pathname`). */
const redirectingProxy = (passes: string, to: string) =>
  [
    "import { NextResponse, type NextRequest } from 'next/server';",
    '',
    'export function proxy(request: NextRequest) {',
    '  const { pathname } = request.nextUrl;',
    `  if (${passes}) return NextResponse.next();`,
    `  return NextResponse.redirect(new URL(${to}, request.url));`,
    '}',
    '',
    "export const config = { matcher: ['/((?!_next/|favicon.ico).*)'] };",
    '',
  ].join('\n');

test.beforeAll(async () => {
  await generateApp(plain, { sentry: false });
  await generateApp(based, { sentry: false });
  const config = join(based, 'next.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('/* config options here */', "basePath: '/docs',\n  distDir: 'build',"));
  writeFileSync(
    join(based, 'app', 'page.tsx'),
    [
      "import { connection } from 'next/server';",
      '',
      'export default async function Home() {',
      '  await connection();',
      "  throw new Error('connect ECONNREFUSED 127.0.0.1:5432: the database is not running');",
      '}',
      '',
    ].join('\n'),
  );
  // Its secrets, as an app's .env.local holds them.
  writeFileSync(join(based, '.env.local'), 'DATABASE_URL=postgres://app:hunter2@127.0.0.1:5432/app\n');
  // Feature flags fetched as the server starts, and an analytics pixel on every page, as many apps have.
  writeFileSync(
    join(based, 'instrumentation.ts'),
    "export async function register() {\n  await fetch('https://flags.example.com/v1/flags').catch(() => null);\n}\n",
  );
  const layout = join(based, 'app', 'layout.tsx');
  writeFileSync(layout, readFileSync(layout, 'utf8').replace('{children}', '{children}<img src="https://analytics.example.com/pixel.gif" alt="" />'));
  await generateApp(stuck, { sentry: false });
  mkdirSync(join(stuck, 'app', 'stuck', '[id]'), { recursive: true });
  writeFileSync(
    join(stuck, 'app', 'stuck', '[id]', 'page.tsx'),
    [
      'export async function generateStaticParams() {',
      '  await new Promise(() => {});',
      '  return [];',
      '}',
      '',
      'export default async function Stuck({ params }: { params: Promise<{ id: string }> }) {',
      '  return <p>{(await params).id}</p>;',
      '}',
      '',
    ].join('\n'),
  );

  await generateApp(walled, { sentry: false });
  writeFileSync(
    join(walled, 'proxy.ts'),
    redirectingProxy("pathname === '/login' || request.cookies.has('session')", "'/login?next=' + encodeURIComponent(pathname)"),
  );
  mkdirSync(join(walled, 'app', 'login'));
  writeFileSync(join(walled, 'app', 'login', 'page.tsx'), 'export default function Login() {\n  return <form><input name="email" /></form>;\n}\n');
  await generateApp(localised, { sentry: false });
  writeFileSync(join(localised, 'proxy.ts'), redirectingProxy("pathname.startsWith('/en')", "'/en' + pathname"));
  mkdirSync(join(localised, 'app', 'en', '[...rest]'), { recursive: true });
  writeFileSync(
    join(localised, 'app', 'en', '[...rest]', 'page.tsx'),
    "import { notFound } from 'next/navigation';\n\nexport default function Missing() {\n  notFound();\n}\n",
  );
});

test.afterAll(() => {
  for (const app of [plain, based, stuck, walled, localised])
    for (const dir of auditWorkspacesOf(inspectApp(app))) rmSync(dir, { recursive: true, force: true });
  rmSync(apps, { recursive: true, force: true });
});

const ONE_ENTRY = ['--scenario', 'server-page-throws'];

test('a named pipe in the app’s folder is skipped and named; the audit judges the app', async () => {
  const pipe = join(plain, 'events.fifo');
  execFileSync('mkfifo', [pipe]);
  try {
    const before = tree(plain);
    const { code, stdout, stderr, report } = await auditApp(plain, ONE_ENTRY);
    expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
    expect(stdout).toContain('Skipped: events.fifo (a named pipe: neither a file nor a folder, so neither copied nor read)');
    expect([code, report?.entries.map((entry) => entry.id)]).toEqual([1, ['server-page-throws']]);
    expect(tree(plain), "the app's files, byte for byte").toEqual(before);
  } finally {
    rmSync(pipe, { force: true });
  }
});

test('next dev running in the app: what it writes into .next is not the app’s files, and the audit judges the app', async () => {
  const marker = randomUUID();
  const port = await freePort();
  const dev = spawn(process.execPath, [nextBin(plain), 'dev', '--port', String(port)], {
    cwd: plain,
    env: { ...withoutTarget(), NEXT_TELEMETRY_DISABLED: '1', [ENV.testTag]: marker },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`http://localhost:${port}/`).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 120_000, message: 'next dev serves' },
      )
      .toBe(200);
    const before = tree(plain, plain, ['.next']);
    const started = startAudit(plain, ONE_ENTRY);
    // The dev server compiles a page it had not (the not-found page) while the audit runs: it writes into .next meanwhile.
    await expect.poll(() => started.output.stdout, { timeout: 300_000 }).toContain('Placed ');
    expect((await fetch(`http://localhost:${port}/a-page-next-dev-compiles-now`)).status).toBe(404);
    const code = await started.exited;
    expect(stderrLines(started.output.stderr), 'no line on stderr').toEqual([]);
    expect(code).toBe(1);
    expect(tree(plain, plain, ['.next']), "the app's files, byte for byte").toEqual(before);
  } finally {
    process.kill(-dev.pid!, 'SIGKILL');
    rmSync(join(plain, '.next'), { recursive: true, force: true });
  }
});

test('an app under a basePath, built into its own distDir, whose home page needs a database: ready once its server answers, every entry judged on the basePath, and what it tried to reach said', async () => {
  const before = tree(based);
  const { code, stdout, stderr, report } = await auditApp(based, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect(code, 'a finding: nothing reports errors').toBe(1);
  expect(report!.entries.map((entry) => [entry.id, entry.status, entry.screen])).toEqual([
    ['server-page-throws', 500, "Next's built-in screen"],
    ['client-effect-throws', 200, "Next's built-in screen"],
  ]);
  // Its .env.local copied into a workspace that only this user can read, and said.
  expect(stdout).toMatch(
    /^Environment: \.env\.local, loaded by next build and next start as in the app; copied into \S+, readable by you alone \(mode 0700\)$/m,
  );
  for (const dir of [auditWorkspaces(), auditWorkspace(inspectApp(based))]) expect((statSync(dir).mode & 0o777).toString(8), dir).toBe('700');
  // The server's call to its flags service as it starts, the layout's pixel (every page's): refused, and said.
  expect(report!.reachedOut.map(({ host, runtime }) => `${host} ${runtime}`).sort()).toEqual(['analytics.example.com browser', 'flags.example.com server']);
  expect(stdout).toMatch(/^The app tried to reach beyond this machine, every request refused \(nothing left it\): .*analytics\.example\.com \(browser, \d+/m);
  expect(tree(based), "the app's files, byte for byte").toEqual(before);
});

test('a build that never ends stops at its limit: exit 2, one line naming the stage, the limit and the log; nothing left running', async () => {
  const marker = randomUUID();
  const started = startAudit(stuck, [...ONE_ENTRY, '--limit', 'build=20'], { [ENV.testTag]: marker });
  const code = await started.exited;
  expect(stderrLines(started.output.stderr)).toEqual([
    expect.stringMatching(/^faultline: the build: next build did not end within 20 s \(--limit build=SECONDS gives it longer\); its log: \S+build\.log$/),
  ]);
  expect(code).toBe(2);
  expect(existsSync(join(auditWorkspace(inspectApp(stuck)), '.faultline', 'build.lock')), 'no lock left').toBe(false);
  await expect.poll(() => processesWith(marker).map(({ command }) => command.slice(0, 80)), { timeout: 20_000 }).toEqual([]);
});

test('two audits of one app at once, then a third: one waits for the other instead of copying over its build, and all three judge the same; a build left without the placed routes is rebuilt', async () => {
  const app = join(apps, 'audited-twice-app');
  await generateApp(app, { sentry: false });
  try {
    const [first, second] = [startAudit(app, ONE_ENTRY), startAudit(app, ONE_ENTRY)];
    const codes = await Promise.all([first.exited, second.exited]);
    const third = await auditApp(app, ONE_ENTRY);
    const reportOf = (out: string) =>
      JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { entries: { id: string; status: number; screen: string }[] };
    const judged = [first.out, second.out, third.out].map((out) => reportOf(out).entries.map(({ id, status, screen }) => [id, status, screen]));
    expect([...codes, third.code]).toEqual([1, 1, 1]);
    expect(judged).toEqual(Array(3).fill([['server-page-throws', 500, "Next's built-in screen"]]));
    expect(
      [first, second].filter((audit) => audit.output.stdout.includes('waiting for another audit of this app')),
      'one of the two waited',
    ).toHaveLength(1);
    expect(third.stdout).toContain('Build reused: nothing changed since the last audit');
    // A workspace a faultline before the lock left half-written: its build holds none of the placed routes, yet its stamp is current.
    const manifest = join(auditWorkspace(inspectApp(app)), '.next', 'server', 'app-paths-manifest.json');
    const routes = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
    writeFileSync(manifest, JSON.stringify(Object.fromEntries(Object.entries(routes).filter(([route]) => !route.includes('/faultline-audit/')))));
    const fourth = await auditApp(app, ONE_ENTRY);
    expect(fourth.stdout).toMatch(/^faultline: the build in \S+ holds none of the routes faultline placed \(a workspace left half-written\): building again$/m);
    expect([fourth.code, fourth.report?.entries.map(({ id, status }) => [id, status])]).toEqual([1, [['server-page-throws', 500]]]);
  } finally {
    for (const dir of auditWorkspacesOf(inspectApp(app))) rmSync(dir, { recursive: true, force: true });
  }
});

/** An earlier audit's outputs, to be kept by an audit that does not complete. */
function earlierAudit(): string {
  const out = mkdtempSync(join(tmpdir(), 'faultline-audit-earlier-'));
  writeFileSync(join(out, '.faultline-audit'), 'faultline writes here, and replaces what it wrote on the next run.\n');
  writeFileSync(join(out, 'report.json'), '{"earlier": true}\n');
  cpSync(join(out, 'report.json'), join(out, 'audit.html'));
  return out;
}

for (const [signal, stage, app, reached, exit] of [
  ['SIGINT', 'the build', stuck, /^Building the app \(next build\)…$/m, 130],
  ['SIGTERM', 'the build', stuck, /^Building the app \(next build\)…$/m, 143],
  ['SIGINT', 'the test phase', plain, /^ {2}\[1\/\d+\] /m, 130],
  ['SIGTERM', 'the test phase', plain, /^ {2}\[1\/\d+\] /m, 143],
] as const) {
  test(`${signal} during ${stage}: exit ${exit}, one line saying what was stopped, the earlier report kept, no lock, nothing left running`, async () => {
    const marker = randomUUID();
    const out = earlierAudit();
    const started = startAudit(app, [], { [ENV.testTag]: marker }, out);
    await expect.poll(() => started.output.stdout, { timeout: 300_000, message: `the audit reaches ${stage}` }).toMatch(reached);
    process.kill(started.child.pid!, signal);
    expect(await started.exited).toBe(exit);
    expect(stderrLines(started.output.stderr)).toEqual([`faultline: stopped by ${signal} during ${stage}; no report written (${out} keeps the one before)`]);
    expect(readFileSync(join(out, 'report.json'), 'utf8'), 'the earlier report').toBe('{"earlier": true}\n');
    expect(existsSync(join(auditWorkspace(inspectApp(app)), '.faultline', 'build.lock')), 'no lock left').toBe(false);
    await expect.poll(() => processesWith(marker).map(({ command }) => command.slice(0, 80)), { timeout: 20_000 }).toEqual([]);
  });
}

for (const [wall, app, answered] of [
  ['a login wall', walled, 'the app redirected /faultline-audit/server-page-throws to /login (307)'],
  [
    'a locale redirect',
    localised,
    'the app redirected /faultline-audit/server-page-throws to /en/faultline-audit/server-page-throws (307), where another route of the app answered (404): its page is not under /faultline-audit/',
  ],
] as const) {
  test(`behind ${wall}, no placed failure is reached: nothing is judged, and one line says what answers instead (exit 2)`, async () => {
    const before = tree(app);
    const { code, stderr, report } = await auditApp(app, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
    expect(stderrLines(stderr)).toEqual([
      `faultline: the audited app: none of the 2 placed failures was reached: ${answered}; a wall of the app's (a login, a locale redirect, its proxy) stands before its routes, and faultline judges only what it reaches (a session past a login: --cookie NAME=VALUE)`,
    ]);
    expect([code, report]).toEqual([2, null]);
    expect(tree(app), "the app's files, byte for byte").toEqual(before);
  });
}

test('behind the login wall with a session (--cookie): every entry reached and judged, the cookie in no output', async () => {
  const { code, stdout, stderr, out, report } = await auditApp(walled, [
    '--scenario',
    'server-page-throws',
    '--scenario',
    'client-effect-throws',
    '--cookie',
    'session=s3cr3t-session-value',
  ]);
  expect(stderrLines(stderr), 'no line on stderr').toEqual([]);
  expect(code, 'a finding: nothing reports errors').toBe(1);
  expect(report!.entries.map((entry) => [entry.id, entry.status, entry.screen])).toEqual([
    ['server-page-throws', 500, "Next's built-in screen"],
    ['client-effect-throws', 200, "Next's built-in screen"],
  ]);
  for (const file of ['report.json', 'audit.html', 'junit.xml']) expect(readFileSync(join(out, file), 'utf8'), file).not.toContain('s3cr3t-session-value');
  expect(stdout).not.toContain('s3cr3t-session-value');
});
