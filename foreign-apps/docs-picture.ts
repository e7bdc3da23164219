/**
 * `npm run docs:picture`: the README's picture of `audit.html` (`docs/audit-html.png`), made from a
 * fresh audit of an app faultline did not write (`create-next-app`'s template set up as Sentry's
 * guide shows it), so that what it shows is a real finding, and stays true: Chromium's screenshot of
 * the top of the `audit.html` that audit wrote. A few minutes: the app is generated, built and
 * audited on three entries.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspectApp } from '../audit/app/inspect';
import { auditWorkspacesOf } from '../audit/workspace';
import { launchChromium } from '../harness/chromium';
import { faultlineRoot } from '../harness/root';
import { faultline } from './faultline-cli';
import { generateApp } from './generate';

/** Where the picture goes, as the README names it. */
const PICTURE = join(faultlineRoot, 'docs', 'audit-html.png');
/** A server failure, a client one and the proxy's: the findings a team meets first. */
const ENTRIES = ['server-page-throws', 'client-effect-throws', 'proxy-throws'];

const dir = mkdtempSync(join(tmpdir(), 'faultline-docs-picture-'));
const app = join(dir, 'sentry-guide-app');
try {
  await generateApp(app, { sentry: true });
  const out = join(dir, 'faultline-audit');
  const audited = await faultline(['audit', app, '--out', out, ...ENTRIES.flatMap((id) => ['--scenario', id])]);
  // A picture of findings needs findings: anything but exit 1 is no picture of what an audit finds.
  if (audited.code !== 1)
    throw new Error(`the audit exited ${audited.code}, not 1 (findings): ${audited.stderr.trim() || audited.stdout.trim().split('\n').at(-1)}`);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
    await page.goto(pathToFileURL(join(out, 'audit.html')).href);
    await page.screenshot({ path: PICTURE });
  } finally {
    await browser.close();
  }
  console.log(`${PICTURE}: the top of ${join(out, 'audit.html')} (${ENTRIES.join(', ')})`);
} finally {
  // An app that was never generated has no workspace, and its error is the one to see.
  if (existsSync(join(app, 'package.json'))) for (const workspace of auditWorkspacesOf(inspectApp(app))) rmSync(workspace, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}
