import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspectApp } from '../audit/app/inspect';
import { auditWorkspacesOf } from '../audit/workspace';
import type { AuditResult } from '../verdict/audit-result';
import { expect, test } from '../worker/test';
import { auditApp, faultline, findingsOf, GUIDE_SERVER_FAILURE_FINDINGS, startAudit, stderrLines, tracedOf, tree } from './faultline-cli';
import { processesWith } from '../selftest/processes';
import { AUDIT_SEGMENT, ENV } from '../contract';
import { appOf } from './apps';
import { catalogue } from '../scenarios/catalogue';

/**
 * `faultline audit` of apps faultline did not write, generated here from registry packages: what
 * it finds in each is pinned from what was observed and checked by hand (docs/audit.md says how).
 */

// Side by side, each test with the app of its shape (apps.ts); the audits of one app wait for each other, and share its build.
test.describe.configure({ timeout: 600_000 });

/** An audit, with the app's tree hashed before and after by the test itself. */
async function audit(app: string, args: string[] = []) {
  const before = tree(app);
  const result = await auditApp(app, args);
  expect(tree(app), "the app's files, byte for byte").toEqual(before);
  expect(result.report, `report.json (${result.stderr.trim()})`).not.toBeNull();
  return { ...result, report: result.report! };
}

const entry = (report: AuditResult, id: string) => report.entries.find((candidate) => candidate.id === id)!;

test('the default create-next-app app (Cache Components, as --yes makes it): no error reporting at all, and Next’s own screen with a digest for every server failure, streamed at 200', async () => {
  const plain = await appOf('create-next-app-default');
  const { code, stdout, report } = await audit(plain);
  expect(stdout).toContain('Substituted: Google fonts (Geist, Geist Mono)');
  expect(code, 'a finding: nothing reports errors').toBe(1);
  expect(report.appFindings.map((finding) => finding.what)).toEqual([
    'nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone',
  ]);
  expect(
    report.entries.flatMap((audited) => audited.findings),
    'no finding in any entry',
  ).toEqual([]);
  const server = entry(report, 'server-page-throws');
  // Streamed after the shell, as Cache Components render a request-time failure: 200, the pin of that configuration.
  expect([server.status, server.screen, server.lines.slice(0, 3)]).toEqual([
    200,
    "Next's built-in screen",
    ['This page couldn’t load', 'A server error occurred. Reload to try again.', 'Reload'],
  ]);
  expect(server.lines[3], 'the digest, as Next 16.4 shows it').toMatch(/^ERROR \d+$/);
  expect(entry(report, 'client-effect-throws').lines).toEqual(['This page couldn’t load', 'Reload to try again, or go back.', 'Reload', 'Back']);
  // The App Router's own (its root layout, what its config leaves off, the reference app's boundaries), then the classes it has no place for.
  expect(report.notApplicable.map((na) => na.id).slice(0, 6)).toEqual([
    'root-layout-throws',
    'action-forbidden',
    'forbidden-signal',
    'unauthorized-signal',
    'segment-error-boundary',
    'error-boundary-reset',
  ]);
  const why = (failureClass: string) =>
    new Set(report.notApplicable.filter((na) => catalogue.find((scenario) => scenario.id === na.id)?.failureClass === failureClass).map((na) => na.why));
  expect([...why('cached-data')], "'use cache' builds under Cache Components: its failures placed and judged").toEqual([]);
  expect([...why('pages-router')]).toEqual(['the app has no Pages Router (no pages/ folder): its failures cannot happen there']);
  // The app's own routes, by default beside the placed failures: its home, prerendered, calls no backend when loaded; its favicon a metadata route, listed, not loaded.
  const isRoute = (id: string) => id.startsWith('/');
  expect(report.entries.filter((audited) => isRoute(audited.id)).map((audited) => `${audited.id}: ${audited.screen}, ${audited.checks.screen}`)).toEqual([
    '/: a page, not applicable: it called no backend this audit could fail',
  ]);
  expect(report.notApplicable.filter((na) => isRoute(na.id)).map((na) => na.id)).toEqual(['/favicon.ico']);
  expect(report.notApplicable.filter((na) => !isRoute(na.id))).toHaveLength(6 + 3 + 14);
  expect(
    report.entries.filter((audited) => !isRoute(audited.id)),
    'every other entry placed and judged: the proxy, robots.txt and the failing network conditions too',
  ).toHaveLength(51);
  expect([entry(report, 'proxy-throws').status, entry(report, 'chunk-load-fails').screen]).toEqual([500, "Next's built-in screen"]);
  // What faultline placed builds without a warning of its own in the app's build (Turbopack names the file, then its warning).
  const [workspace] = auditWorkspacesOf(inspectApp(plain));
  expect(readFileSync(join(workspace, '.faultline', 'build.log'), 'utf8')).not.toMatch(new RegExp(`/${AUDIT_SEGMENT}/\\S+\\n\\s*Warning:`));
});

/**
 * What the Sentry-guide app is judged on: a failure of each side and runtime (the Edge runtime's, the
 * proxy's, a chunk that fails to load, a route handler's) and the shards' entries; the whole
 * catalogue's findings on it were observed once by hand (README, docs/audit.md), each entry's the same.
 */
const GUIDE_ENTRIES = [
  'server-page-throws',
  'client-effect-throws',
  'edge-page-throws',
  'proxy-throws',
  'chunk-load-fails',
  'route-handler-throws',
  'navigate-to-failing-route',
  'throws-null',
  'throws-string',
];

test.describe('the Sentry-guide app, judged and in shards', () => {
  // In order, in one worker: the shards' selection reuses the first audit's build.
  test.describe.configure({ mode: 'default' });

  test('the Sentry-guide app: server failures reported twice, a client-side sentence without digest on screen, and what the reports carry', async ({
    browser,
  }) => {
    const guide = await appOf('sentry-guide-edge-app');
    const { code, report, out } = await audit(guide, ['--trace', ...GUIDE_ENTRIES.flatMap((id) => ['--scenario', id])]);
    expect(code).toBe(1);
    expect(report.appFindings).toEqual([]);
    expect(findingsOf(report, 'server-page-throws')).toEqual(GUIDE_SERVER_FAILURE_FINDINGS);
    expect(entry(report, 'server-page-throws').lines).toEqual([
      'Application error: a client-side exception has occurred (see the browser console for more information).',
    ]);
    expect(findingsOf(report, 'client-effect-throws'), 'a client failure: reported once by the browser').toEqual([]);
    // The Edge runtime's report read like the others: the same double report.
    expect(findingsOf(report, 'edge-page-throws')).toEqual(findingsOf(report, 'server-page-throws'));
    expect(entry(report, 'edge-page-throws').reports.map((sent) => sent.runtime)).toEqual(['edge', 'browser']);
    // Traced to source as the guide builds with no auth token: the server's frames by their debug IDs to the placed throw; the Edge
    // runtime's chunks carry none (said at warn, failing nothing); the browser's maps deleted by an upload that had nothing to upload: not seen.
    expect(tracedOf(report, 'server-page-throws').traced).toContain('node Sentry: ok');
    expect(tracedOf(report, 'edge-page-throws').traced).toContain('edge Sentry: no debug ID');
    expect(tracedOf(report, 'edge-page-throws').findings).toContainEqual(
      expect.stringMatching(/^warn no debug ID \(the Edge runtime's reports, Sentry\): the Edge runtime's chunks carry no debug ID .* \(at none\)$/),
    );
    expect(tracedOf(report, 'client-effect-throws')).toMatchObject({
      traced: ['browser Sentry: upload not seen'],
      findings: [],
      state: expect.stringMatching(/^not seen: /),
    });
    expect(report.unseen).toContainEqual(expect.stringMatching(/^whether the browser's maps are uploaded before Sentry's plugin deletes them/));
    // Next never passes a proxy's error to onRequestError (vercel/next.js#83404): the guide's setup never hears of it.
    expect(entry(report, 'proxy-throws').findings).toEqual([
      expect.objectContaining({ check: 'reported once', what: 'a server failure is never reported', fix: expect.stringContaining('vercel/next.js#83404') }),
    ]);
    expect(findingsOf(report, 'chunk-load-fails'), 'reported once, by the browser').toEqual(['privacy: the reports carry query strings']);
    expect(findingsOf(report, 'route-handler-throws')).toEqual([
      "privacy: the reports carry the client's address",
      'privacy: the reports carry request headers outside the allow-list',
    ]);

    // Evidence a team can open: a trace of every entry with a finding (none of one without), Playwright's report of the checks.
    expect(entry(report, 'server-page-throws').trace).toBe(join('traces', 'server-page-throws.zip'));
    expect(existsSync(join(out, 'traces', 'server-page-throws.zip'))).toBe(true);
    expect([entry(report, 'client-effect-throws').trace, existsSync(join(out, 'traces', 'client-effect-throws.zip'))]).toEqual([undefined, false]);
    expect(existsSync(join(out, 'html', 'index.html')), "Playwright's HTML report").toBe(true);
    // Playwright's report of the checks says each entry's findings, with their fixes, beside its trace and screen.
    const checks = await (await browser.newContext()).newPage();
    const openCheck = async (id: string) => {
      await checks.goto(pathToFileURL(join(out, 'html', 'index.html')).href);
      // A test's title is its entry's id, inside a group's when it runs in order with others.
      await checks.getByRole('link', { name: new RegExp(`(^| › )${id}$`) }).click();
      await expect(checks.locator('body')).toContainText(`faultline-entry: ${id}`);
    };
    await openCheck('server-page-throws');
    for (const finding of entry(report, 'server-page-throws').findings)
      await expect(checks.locator('body')).toContainText(`finding: ${finding.check}: ${finding.what}${finding.fix ? ` (fix: ${finding.fix})` : ''}`);
    await openCheck('client-effect-throws');
    await expect(checks.locator('body'), 'an entry with no finding').not.toContainText('finding: ');

    // The page a team lead reads: it renders, its screenshots load, and axe finds nothing.
    const page = await (await browser.newContext()).newPage();
    await page.goto(pathToFileURL(join(out, 'audit.html')).href);
    await expect(page.getByRole('heading', { name: 'faultline audit of sentry-guide-app' })).toBeVisible();
    const images = await page.locator('img').evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth));
    expect(images.length, 'the screens of the failures with findings').toBeGreaterThan(0);
    expect(
      images.every((width) => width > 0),
      'every screenshot loads',
    ).toBe(true);
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('an audit in shards, merged, is the audit one run writes: every entry once, the same findings, the same exit code', async ({ browser }) => {
    const guide = await appOf('sentry-guide-edge-app');
    // Thrown values run in order in one worker, a navigation with the entry it leads to: shards keep those groups whole.
    const ids = ['server-page-throws', 'navigate-to-failing-route', 'throws-null', 'throws-string', 'client-effect-throws'];
    const args = ids.flatMap((id) => ['--scenario', id]);
    const whole = await audit(guide, args);
    const shards = [await audit(guide, [...args, '--shard', '1/2', '--trace']), await audit(guide, [...args, '--shard', '2/2', '--trace'])];
    expect(shards.map((shard) => shard.report.shard)).toEqual([
      { current: 1, total: 2 },
      { current: 2, total: 2 },
    ]);
    expect(shards.flatMap((shard) => shard.report.entries.map((audited) => audited.id)).sort(), 'each entry in one shard').toEqual([...ids].sort());
    const out = mkdtempSync(join(tmpdir(), 'faultline-audit-merged-'));
    const merged = await faultline(['merge', shards[0].out, shards[1].out, '--out', out]);
    expect(merged.code, merged.stderr).toBe(whole.code);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as AuditResult;
    const brief = (audit: AuditResult) => audit.entries.map((audited) => [audited.id, audited.screen, audited.findings.map((finding) => finding.what)]);
    expect(brief(report)).toEqual(brief(whole.report));
    expect([report.shard, report.appFindings]).toEqual([null, whole.report.appFindings]);
    expect(merged.stdout).toContain(`in ${ids.length} failures judged (`);
    expect(existsSync(join(out, 'screens', 'throws-null.png')), "every shard's screens").toBe(true);
    // Playwright's report of the checks, one for the whole audit from the shards' blob reports, as a run's merge writes it.
    const blobs = (dir: string) => (existsSync(join(dir, 'blob')) ? readdirSync(join(dir, 'blob')).filter((name) => name.endsWith('.zip')) : []);
    expect(
      shards.map((shard) => blobs(shard.out).length),
      "each shard's blob report",
    ).toEqual([1, 1]);
    expect(merged.stdout, "Playwright's progress is for the log: every line is the audit's").not.toContain('merging reports');
    const checks = await (await browser.newContext()).newPage();
    await checks.goto(pathToFileURL(join(out, 'html', 'index.html')).href);
    for (const id of ids) await expect(checks.getByRole('link', { name: new RegExp(`(^| › )${id}$`) }), `${id} in the merged HTML report`).toBeVisible();
    await checks.getByRole('link', { name: /(^| › )server-page-throws$/ }).click();
    await expect(checks.getByRole('link', { name: 'View Trace' }).first(), "an entry's trace, from its shard's blob").toBeVisible();
    // Shards that cannot make one HTML report are refused before anything is written: one audited without --trace, a blob cut off in its upload.
    const untraced = mkdtempSync(join(tmpdir(), 'faultline-audit-untraced-'));
    cpSync(shards[1].out, untraced, { recursive: true });
    rmSync(join(untraced, 'blob'), { recursive: true });
    const cut = mkdtempSync(join(tmpdir(), 'faultline-audit-cut-'));
    cpSync(shards[1].out, cut, { recursive: true });
    const cutBlob = join(cut, 'blob', blobs(cut)[0]);
    writeFileSync(cutBlob, readFileSync(cutBlob).subarray(0, 1000));
    for (const [second, said] of [
      [untraced, /^faultline: Cannot merge: \S+ was audited with --trace and \S+ without it/],
      [cut, /^faultline: \S+ is not a blob report \(a zip file cut off: it has no end record\)/],
    ] as const) {
      const refused = await faultline(['merge', shards[0].out, second, '--out', join(out, 'refused')]);
      expect([refused.code, refused.stderr], 'refused').toEqual([2, expect.stringMatching(said)]);
      expect(existsSync(join(out, 'refused')), 'nothing written').toBe(false);
    }
    for (const dir of [untraced, cut]) rmSync(dir, { recursive: true, force: true });
    // A shard that holds no entry checked nothing: one line, exit 2, never a green audit.
    const empty = await auditApp(guide, ['--scenario', 'server-page-throws', '--shard', '2/2']);
    expect([empty.code, empty.report, empty.stderr.trim()]).toEqual([
      2,
      null,
      'faultline: nothing to audit in shard 2/2: its 1 entries run in 1 group, so use at most 1 shard',
    ]);
  });
});

for (const [part, find, line] of [
  [
    'Chromium',
    (command: string) => /chrom/i.test(command.split(' ')[0]) && !command.includes('--type='),
    /^faultline: the browser: Chromium ended during the audit \([\w-]+: .*\)$/,
  ],
  [
    'next start',
    (command: string) => command.startsWith('next-server'),
    /^faultline: the app server: next start ended during the audit \([\w-]+\); its log: \S+$/,
  ],
] as const) {
  test(`${part} dying mid-audit stops it with exit 2 and one line naming it: no report blaming the app, nothing left running, the app untouched`, async () => {
    const plain = await appOf('create-next-app-default');
    const before = tree(plain);
    const marker = randomUUID();
    const { output, exited, out } = startAudit(plain, [], { [ENV.testTag]: marker });
    await expect.poll(() => output.stdout, { timeout: 300_000, message: 'the audit judges its first entry' }).toMatch(/^ {2}\[1\/\d+\] /m);
    const [victim] = processesWith(marker).filter(({ command }) => find(command));
    expect(victim, `the audit has its ${part}`).toBeDefined();
    process.kill(victim.pid, 'SIGKILL');
    expect(await exited).toBe(2);
    const lines = stderrLines(output.stderr);
    expect(lines).toEqual([expect.stringMatching(line)]);
    expect(existsSync(join(out, 'report.json')), 'no report of an audit that stopped').toBe(false);
    await expect
      .poll(() => processesWith(marker).map(({ command }) => command.slice(0, 80)), { timeout: 20_000, message: 'no process of the audit is left' })
      .toEqual([]);
    expect(tree(plain), "the app's files, byte for byte").toEqual(before);
  });
}

test('an app behind a consent wall: what cannot be clicked is not judged, and the audit says it is incomplete (exit 2)', async () => {
  const walled = await appOf('consent-wall-app');
  const { code, stderr, report } = await audit(walled, ['--scenario', 'server-page-throws', '--scenario', 'client-click-render-throws']);
  expect(code, 'part of what was placed went unjudged').toBe(2);
  const lines = stderrLines(stderr);
  expect(lines).toEqual([
    expect.stringMatching(
      new RegExp(
        String.raw`^faultline: the audited app: 1 of 2 failures could not be judged, so the audit is incomplete: client-click-render-throws ` +
          String.raw`\(its control "Break the page" could not be clicked within 15 s \(.*intercepts pointer events.*\)\)$`,
      ),
    ),
  ]);
  expect(
    report.entries.map((audited) => audited.id),
    'what could be driven is judged and written',
  ).toEqual(['server-page-throws']);
  expect(report.notJudged.map((entry) => entry.id)).toEqual(['client-click-render-throws']);
});

test('an app whose own build fails: exit 2, one line with Next’s words and where, and no report', async () => {
  const broken = await appOf('broken-app');
  const { code, stderr, report } = await auditApp(broken, ['--scenario', 'server-page-throws']);
  expect(report).toBeNull();
  const lines = stderrLines(stderr);
  expect(lines).toEqual([
    expect.stringMatching(
      /^faultline: the build: next build failed \(exit 1\): Error: Turbopack build failed with 1 error: \.\/app\/page\.tsx:1:\d+ Error: .+; its log: \S+build\.log$/,
    ),
  ]);
  expect(code).toBe(2);
});
