import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { inspectApp } from '../harness/audit/app';
import { auditWorkspace } from '../harness/audit/workspace';
import { withoutTarget } from '../harness/target';
import type { AuditResult } from '../cli/audit-render';
import { expect, test } from '../fixtures/worker/test';
import { generateApp } from './generate';

/**
 * `faultline audit` of apps faultline did not write, generated here from registry packages: what
 * it finds in each is pinned from what was observed and checked by hand (docs/audit.md says how).
 */

const root = join(import.meta.dirname, '..');
// One after another: each builds its app (a minute on 2 cores) and drives its whole placement.
test.describe.configure({ mode: 'default', timeout: 600_000 });

const apps = join(tmpdir(), `faultline-foreign-apps-${process.pid}`);
const plain = join(apps, 'create-next-app-default');
const guide = join(apps, 'sentry-guide-app');

test.beforeAll(() => {
  generateApp(plain, { sentry: false });
  generateApp(guide, { sentry: true });
});

test.afterAll(() => {
  for (const app of [plain, guide]) rmSync(auditWorkspace(inspectApp(app)), { recursive: true, force: true });
  rmSync(apps, { recursive: true, force: true });
});

/** Every file of the app with a hash of its bytes (its install aside): computed here, not by the code under test. */
function tree(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tree(path, base) : [`${relative(base, path)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`];
  });
}

async function audit(app: string) {
  const out = mkdtempSync(join(tmpdir(), 'faultline-audit-'));
  const before = tree(app);
  const result = await promisify(execFile)(process.execPath, [join(root, 'bin/faultline.mjs'), 'audit', app, '--out', out], { cwd: root, env: withoutTarget(), maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(tree(app), "the app's files, byte for byte").toEqual(before);
  const report: AuditResult = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  return { ...result, out, report };
}

const entry = (report: AuditResult, id: string) => report.entries.find((candidate) => candidate.id === id)!;
const findingsOf = (report: AuditResult, id: string) => entry(report, id).findings.map((finding) => `${finding.check}: ${finding.what}`);

test('the default create-next-app app: no error reporting at all, and Next’s own screen with a digest for every server failure', async () => {
  const { code, stdout, report } = await audit(plain);
  expect(stdout).toContain('Substituted: Google fonts (Geist, Geist Mono)');
  expect(code, 'a finding: nothing reports errors').toBe(1);
  expect(report.appFindings.map((finding) => finding.what)).toEqual(['nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone']);
  expect(report.entries.flatMap((audited) => audited.findings), 'no finding in any entry').toEqual([]);
  const server = entry(report, 'server-page-throws');
  expect([server.status, server.screen, server.lines.slice(0, 3)]).toEqual([500, "Next's built-in screen", ['This page couldn’t load', 'A server error occurred. Reload to try again.', 'Reload']]);
  expect(server.lines[3], 'the digest, as Next 16.4 shows it').toMatch(/^ERROR \d+$/);
  expect(entry(report, 'client-effect-throws').lines).toEqual(['This page couldn’t load', 'Reload to try again, or go back.', 'Reload', 'Back']);
  expect(report.notApplicable.map((na) => na.id)).toEqual(expect.arrayContaining(['root-layout-throws', 'proxy-throws', 'forbidden-signal', 'sitemap-throws']));
});

test('the Sentry-guide app: server failures reported twice, a client-side sentence without digest on screen, and what the reports carry', async ({ browser }) => {
  const { code, report, out } = await audit(guide);
  expect(code).toBe(1);
  expect(report.appFindings).toEqual([]);
  expect(findingsOf(report, 'server-page-throws')).toEqual([
    'screen: the screen says a client-side exception occurred, for a server-side failure',
    'screen: no reference the user could quote: the digest the server log prints is not on the screen',
    "reported once: reported twice: by the server, and again as the browser's redacted copy",
    "privacy: the reports carry the client's address",
    'privacy: the reports carry request headers outside the allow-list',
  ]);
  expect(entry(report, 'server-page-throws').lines).toEqual(['Application error: a client-side exception has occurred (see the browser console for more information).']);
  expect(findingsOf(report, 'client-effect-throws'), 'a client failure: reported once by the browser').toEqual([]);
  expect(entry(report, 'edge-page-throws').checks['reported once']).toMatch(/^not judged: the Edge runtime sent \d+ time\(s\) where faultline cannot read it$/);
  expect(findingsOf(report, 'route-handler-throws')).toEqual(["privacy: the reports carry the client's address", 'privacy: the reports carry request headers outside the allow-list']);

  // The page a team lead reads: it renders, its screenshots load, and axe finds nothing.
  const page = await (await browser.newContext()).newPage();
  await page.goto(pathToFileURL(join(out, 'audit.html')).href);
  await expect(page.getByRole('heading', { name: 'faultline audit of sentry-guide-app' })).toBeVisible();
  const images = await page.locator('img').evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth));
  expect(images.length).toBeGreaterThan(1);
  expect(images.every((width) => width > 0), 'every screenshot loads').toBe(true);
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
