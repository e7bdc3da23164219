import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectApp } from '../audit/app/inspect';
import { auditWorkspace } from '../audit/workspace';
import { faultlineRoot } from '../harness/root';
import { expect, test } from '../worker/test';
import { catalogue } from '../scenarios/catalogue';
import type { ConformanceReport } from '../verdict/report';
import { disagreements } from './agreement';
import { auditApp, faultline, tree } from './faultline-cli';

/** The line of the reference app's config that tells Sentry's plugin `sourcemaps: { disable: true }`, as the file has it. */
const disableLine = () =>
  readFileSync(join(faultlineRoot, 'next.config.ts'), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes('disable: true')) + 1;

/**
 * `faultline audit .` agrees with `faultline run` on every entry: the same failures observed two
 * ways (placed in a copy under the audit's segment, with the app's own Sentry setup given a DSN
 * the way a team's environment gives it; and driven in harness mode) show the same status, screen
 * and reports.
 */

test.describe.configure({ timeout: 900_000 });

/** A DSN as a team's environment gives one: the reference app reads these two (its server's and its build's). */
const DSN = 'https://public@o1.ingest.example.com/1';

test.afterAll(() => {
  rmSync(auditWorkspace(inspectApp(faultlineRoot)), { recursive: true, force: true });
});

test("faultline audit . agrees with faultline run on every entry, and finds nothing in the reference app but what its Pages Router's classic screen cannot give", async () => {
  const runOut = mkdtempSync(join(tmpdir(), 'faultline-run-'));
  // The catalogue's entries alone (what the audit places), not the rest of the conformance project.
  const run = await faultline(['run', ...catalogue.flatMap((scenario) => ['--scenario', scenario.id]), '--out', runOut]);
  expect(run.code, `faultline run: ${run.stderr.trim().split('\n').at(-1)}`).toBe(0);

  // The test run's own outputs aside: the other worker writes its failures' context into test-results/ meanwhile.
  const checkout = () => tree(faultlineRoot, faultlineRoot, ['test-results', 'playwright-report']);
  const before = checkout();
  // The placed failures alone: what the run checks. The reference app's routes are its scenarios' pages, which call no backend.
  const audited = await auditApp('.', ['--no-routes'], { SENTRY_DSN: DSN, NEXT_PUBLIC_SENTRY_DSN: DSN });
  expect(checkout(), "the checkout's files, byte for byte").toEqual(before);
  // The classic screen on the Pages Router: no digest exists there, and it shows no event id either.
  const findings = audited.report!.entries.flatMap((entry) =>
    entry.findings.filter((finding) => finding.check !== 'source').map((finding) => `${entry.id}: ${finding.check}: ${finding.what}`),
  );
  // Its config tells Sentry's plugin sourcemaps: { disable: true } (an offline build): what the source check finds of it is fixed at that line, and said at warn.
  const source = audited.report!.entries.flatMap((entry) => entry.findings.filter((finding) => finding.check === 'source'));
  expect(source.length).toBeGreaterThan(0);
  expect(new Set(source.map((finding) => `${finding.level} ${finding.at}`))).toEqual(new Set([`warn next.config.ts:${disableLine()}`]));
  expect(findings).toEqual(
    ['pages-gssp-throws', 'pages-render-throws', 'pages-gip-throws'].map(
      (id) => `${id}: screen: no reference the user could quote: the screen shows no event id, and the Pages Router has no digest`,
    ),
  );
  expect([audited.code, audited.report!.appFindings, audited.report!.notJudged], `faultline audit .: ${audited.stderr.trim().split('\n').at(-1)}`).toEqual([
    1,
    [],
    [],
  ]);

  const runReport = JSON.parse(readFileSync(join(runOut, 'report.json'), 'utf8')) as ConformanceReport;
  expect(disagreements(audited.report!, runReport, catalogue)).toEqual([]);
  expect(audited.report!.entries.length, 'placed and compared').toBeGreaterThan(40);
});
