import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../worker/test';
import type { AuditMatrix } from '../verdict/audit-matrix';
import { upgradeHeadlines } from '../verdict/audit-matrix';
import { auditApp, tree } from './faultline-cli';
import { appOf } from './apps';

/**
 * `faultline audit --upgrade-to`: apps generated on next 16.1.7 (from `create-next-app@16.1`'s
 * template), audited on their own next and on 16.5.0; what changes for their users and their
 * reports is pinned from what was observed and checked by hand (docs/audit.md says how).
 */

// Side by side, each test with the app of its shape (apps.ts).
test.describe.configure({ timeout: 600_000 });

/** An audit matrix, with the app's tree hashed before and after by the test itself. */
async function upgrade(app: string, args: string[]) {
  const before = tree(app);
  const result = await auditApp(app, args);
  expect(tree(app), "the app's files, byte for byte").toEqual(before);
  const file = join(result.out, 'audit-matrix.json');
  expect(existsSync(file), `audit-matrix.json (${result.stderr.trim()})`).toBe(true);
  return { ...result, matrix: JSON.parse(readFileSync(file, 'utf8')) as AuditMatrix };
}

const SERVER_SCREENS = ['server-page-throws', 'nested-layout-throws', 'async-component-rejects', 'suspense-streamed-throws'];
/**
 * What each upgrade is judged on: failures of the server and of the browser, and a route handler's
 * response; the whole catalogue's changes were observed once by hand (29 screens, 25 report values:
 * docs/audit.md), each entry's the same as here.
 */
const UPGRADED = [...SERVER_SCREENS, 'client-effect-throws', 'route-handler-throws'];
const scenarios = (ids: readonly string[]) => ids.flatMap((id) => ['--scenario', id]);

test('the default create-next-app app on 16.1.7: upgrading to 16.5.0 changes the screen of every server and client failure, said on top with both screenshots', async ({
  browser,
}) => {
  const plain = await appOf('create-next-app-16.1.7');
  const { code, stdout, out, matrix } = await upgrade(plain, ['--upgrade-to', '16.5.0', ...scenarios(UPGRADED)]);
  expect(code, 'the one finding on both versions: nothing reports errors').toBe(1);
  expect(matrix.columns.map((column) => [column.next, column.own, column.error ?? null])).toEqual([
    ['16.1.7', true, null],
    ['16.5.0', false, null],
  ]);
  expect(upgradeHeadlines(matrix.upgrade!)).toEqual([
    `the screen changes (classic fallback → Next's built-in screen): 5 entries (${SERVER_SCREENS.join(', ')}, …)`,
  ]);
  const serverPage = matrix.upgrade!.entries.find((entry) => entry.id === 'server-page-throws')!;
  expect(serverPage.screen!.from.lines).toEqual([
    expect.stringMatching(/^Application error: a server-side exception has occurred while loading localhost \(see the server logs for more information\)\.$/),
    expect.stringMatching(/^Digest: \d+$/),
  ]);
  expect(serverPage.screen!.to.lines.slice(0, 3)).toEqual(['This page couldn’t load', 'A server error occurred. Reload to try again.', 'Reload']);
  expect(Object.keys(serverPage), 'only the screen differs: the same status, no report, no finding').toEqual(['id', 'title', 'screen']);
  for (const side of [serverPage.screen!.from, serverPage.screen!.to]) expect(existsSync(join(out, side.screenshot!)), side.screenshot!).toBe(true);
  expect(stdout).toMatch(/^server-page-throws\s+classic 500 ✓\s+Δ built-in 500 ✓$/m);
  expect(stdout).toMatch(/^route-handler-throws\s+response 500 ✓\s+response 500 ✓$/m);

  // The page a team reads before upgrading: the summary on top, both screens side by side, axe finds nothing.
  const page = await (await browser.newContext()).newPage();
  await page.goto(pathToFileURL(join(out, 'audit-matrix.html')).href);
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('Upgrading from next 16.1.7 to 16.5.0');
  await expect(page.getByRole('img', { name: 'The screen of server-page-throws on next 16.1.7' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The screen of server-page-throws on next 16.5.0' })).toBeVisible();
  const images = await page.locator('img').evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth));
  expect(
    images.every((width) => width > 0),
    'every screenshot loads',
  ).toBe(true);
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  for (const file of ['audit-matrix.md', 'audit-matrix.html']) expect(existsSync(join(out, file)), file).toBe(true);

  // Nothing changed: both columns reused, build and observation.
  const again = await upgrade(plain, ['--upgrade-to', '16.5.0', ...scenarios(UPGRADED)]);
  expect(again.matrix.columns.map((column) => [column.reused.build, column.reused.observation])).toEqual([
    [true, true],
    [true, true],
  ]);
});

/** The Pages Router's half of a hybrid app: a data function's failure and a client crash. */
const PAGES_HALF = ['pages-gssp-throws', 'pages-client-effect-throws'];

test('the Sentry-guide app on 16.1.7, a hybrid one: upgrading to 16.5.0 changes the value of the browser’s redacted copy (a new issue in Sentry), and a thrown string’s server report', async () => {
  const guide = await appOf('sentry-guide-app-16.1.7');
  const { code, matrix } = await upgrade(guide, ['--upgrade-to', '16.5.0', ...scenarios([...UPGRADED, 'throws-string', ...PAGES_HALF])]);
  // Both halves in one audit, on both versions.
  for (const column of matrix.columns) expect(column.result!.entries.map((entry) => entry.id)).toEqual(expect.arrayContaining([...UPGRADED, ...PAGES_HALF]));
  expect(code).toBe(1);
  expect(upgradeHeadlines(matrix.upgrade!)).toEqual([`reports change value: 5 entries (${SERVER_SCREENS.join(', ')}, …)`]);
  const change = (id: string) => matrix.upgrade!.entries.find((entry) => entry.id === id);
  const redacted = {
    from:
      'browser Error: An error occurred in the Server Components render. The specific message is omitted in ' +
      'production builds to avoid leaking sensitive details. A digest property is included on this error instance ' +
      'which may provide additional details about the nature of the error.',
    to: 'browser Error: Minified React error #N; visit https://react.dev/errors/N for the full message or use the non-minified dev environment for full errors and additional helpful warnings.',
  };
  expect(change('server-page-throws')).toEqual({
    id: 'server-page-throws',
    title: 'A dynamic Server Component page throws',
    reports: { appear: [], vanish: [], change: [redacted] },
  });
  // Next before 16.3 hands onRequestError React's redacted error for a thrown string (the catalogue pins the same for the reference app).
  expect(change('throws-string')?.reports?.change).toEqual(
    expect.arrayContaining([redacted, { from: redacted.from.replace('browser', 'node'), to: 'node Error: throws-string: db password hunterN' }]),
  );
  for (const id of PAGES_HALF) expect(change(id), `${id}: the Pages Router's half behaves alike on both`).toBeUndefined();
  expect(
    matrix.upgrade!.entries.filter((entry) => entry.screen || entry.status || entry.findings),
    'the app’s own global-error.tsx keeps the screen: no screen, status or finding changes',
  ).toEqual([]);
});

test('a version that cannot be installed, and one the app cannot be built on, are said in one line each; the other column is written; exit 2', async () => {
  const newer = await appOf('offline-app');
  const { code, stderr, matrix } = await upgrade(newer, ['--next', '16.1.7,16.4.99', '--scenario', 'healthy']);
  expect(
    stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('npm warn')),
  ).toEqual([
    expect.stringMatching(
      /^faultline: next 16\.1\.7: next build failed \(exit 1\): .*Module not found: Can't resolve 'next\/offline'.*; its log: \S+build\.log$/,
    ),
    expect.stringMatching(/^faultline: next 16\.4\.99: ETARGET: No matching version found for next@16\.4\.99/),
  ]);
  expect(code).toBe(2);
  expect(matrix.columns.map((column) => [column.next, column.error === undefined, column.result?.entries.length ?? 0])).toEqual([
    ['16.1.7', false, 0],
    ['16.4.99', false, 0],
    ['16.5.0', true, 1],
  ]);
});
