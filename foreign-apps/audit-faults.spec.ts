import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectApp } from '../audit/app/inspect';
import { auditWorkspace, auditWorkspaces } from '../audit/workspace';
import { freePort } from '../harness/app-server';
import { nextBin } from '../harness/build';
import { ENV } from '../contract';
import { withoutTarget } from '../harness/target';
import { processesWith } from '../selftest/processes';
import { expect, test } from '../worker/test';
import { auditApp, startAudit, stderrLines, tree } from './faultline-cli';
import { appOf } from './apps';

/**
 * `faultline audit` in everyday conditions and under faults, through the real CLI on apps
 * generated from registry packages: what a careless or hurried user meets (a pipe in the app's
 * folder, `next dev` running in it, a `basePath`, a home page that needs a database, a build that
 * never ends, Ctrl-C and `docker stop`), each ending as `faultline run` would.
 */
// Side by side, each test with the app of its shape (apps.ts), but where the order is the point.
test.describe.configure({ timeout: 600_000 });

const ONE_ENTRY = ['--scenario', 'server-page-throws'];

test.describe('an app something else writes into', () => {
  // One after another: what one test writes into the app would be the other's change of it.
  test.describe.configure({ mode: 'default' });

  test('a named pipe in the app’s folder is skipped and named; the audit judges the app', async () => {
    const plain = await appOf('written-into-app');
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
    const plain = await appOf('written-into-app');
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
});

test(
  'an app under a basePath, built into its own distDir, whose home page needs a database: ready once its server ' +
    'answers, every entry judged on the basePath, and what it tried to reach said',
  async () => {
    const based = await appOf('docs-app');
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
  },
);

test('a build that never ends stops at its limit: exit 2, one line naming the stage, the limit and the log; nothing left running', async () => {
  const stuck = await appOf('stuck-build-app');
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

test(
  'two audits of one app at once, then a third: one waits for the other instead of copying over its build, and ' +
    'all three judge the same; a build left without the placed routes is rebuilt',
  async () => {
    const app = await appOf('audited-twice-app');
    const [first, second] = [startAudit(app, ONE_ENTRY), startAudit(app, ONE_ENTRY)];
    const codes = await Promise.all([first.exited, second.exited]);
    const third = await auditApp(app, ONE_ENTRY);
    const reportOf = (out: string) =>
      JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { entries: { id: string; status: number; screen: string }[] };
    const judged = [first.out, second.out, third.out].map((out) => reportOf(out).entries.map(({ id, status, screen }) => [id, status, screen]));
    expect([...codes, third.code]).toEqual([1, 1, 1]);
    // A Cache Components app (create-next-app's default) streams its server failure: 200, as Next itself answers.
    expect(judged).toEqual(Array(3).fill([['server-page-throws', 200, "Next's built-in screen"]]));
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
    expect([fourth.code, fourth.report?.entries.map(({ id, status }) => [id, status])]).toEqual([1, [['server-page-throws', 200]]]);
  },
);

/** An earlier audit's outputs, to be kept by an audit that does not complete. */
function earlierAudit(): string {
  const out = mkdtempSync(join(tmpdir(), 'faultline-audit-earlier-'));
  writeFileSync(join(out, '.faultline-audit'), 'faultline writes here, and replaces what it wrote on the next run.\n');
  writeFileSync(join(out, 'report.json'), '{"earlier": true}\n');
  cpSync(join(out, 'report.json'), join(out, 'audit.html'));
  return out;
}

for (const [signal, stage, shape, reached, exit] of [
  ['SIGINT', 'the build', 'stuck-build-app', /^Building the app \(next build\)…$/m, 130],
  ['SIGTERM', 'the build', 'stuck-build-app', /^Building the app \(next build\)…$/m, 143],
  ['SIGINT', 'the test phase', 'create-next-app-default', /^ {2}\[1\/\d+\] /m, 130],
  ['SIGTERM', 'the test phase', 'create-next-app-default', /^ {2}\[1\/\d+\] /m, 143],
] as const) {
  test(`${signal} during ${stage}: exit ${exit}, one line saying what was stopped, the earlier report kept, no lock, nothing left running`, async () => {
    const app = await appOf(shape);
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

for (const [wall, shape, answered] of [
  ['a login wall', 'login-wall-app', 'the app redirected /faultline-audit/server-page-throws to /login (307)'],
  [
    'a locale redirect',
    'locale-redirect-app',
    'the app redirected /faultline-audit/server-page-throws to /en/faultline-audit/server-page-throws (307), where another route of the app answered (404): its page is not under /faultline-audit/',
  ],
] as const) {
  test(`behind ${wall}, no placed failure is reached: nothing is judged, and one line says what answers instead (exit 2)`, async () => {
    const app = await appOf(shape);
    const before = tree(app);
    const { code, stderr, report } = await auditApp(app, ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws']);
    expect(stderrLines(stderr)).toEqual([
      `faultline: the audited app: none of the 2 placed failures was reached: ${answered}; a wall of the app's (a login, ` +
        `a locale redirect, its proxy) stands before its routes, and faultline judges only what it reaches (a session past ` +
        `a login: --cookie NAME=VALUE)`,
    ]);
    expect([code, report]).toEqual([2, null]);
    expect(tree(app), "the app's files, byte for byte").toEqual(before);
  });
}

test('behind the login wall with a session (--cookie): every entry reached and judged, the cookie in no output', async () => {
  const walled = await appOf('login-wall-app');
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
  // Reached and judged past the wall (what each screen is named is the default app's tests' to pin).
  expect(report!.entries.map((entry) => [entry.id, entry.status])).toEqual([
    ['server-page-throws', 200],
    ['client-effect-throws', 200],
  ]);
  for (const file of ['report.json', 'audit.html', 'junit.xml']) expect(readFileSync(join(out, file), 'utf8'), file).not.toContain('s3cr3t-session-value');
  expect(stdout).not.toContain('s3cr3t-session-value');
});
