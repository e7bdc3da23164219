import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogue, findScenario } from '../scenarios/catalogue';
import { freePort } from '../harness/app-server';
import { copyProject } from '../harness/project-copy';
import { startHarnessApp } from '../harness/harness-app';
import type { ConformanceReport, EntryReport } from '../verdict/report';
import type { ReproResult } from '../cli/repro';
import { expect, test } from '../worker/test';
import { ENV } from '../contract';
import { faultline, OWN_SERVER, outDir, PINNED_NEXT, runFaultline, startFaultline } from './run-cli';

const root = join(import.meta.dirname, '..');

// Some of these spawn whole conformance runs (a Playwright run each, some with an app of their own).
test.describe.configure({ timeout: 120_000 });

const readReport = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));

test('list --json prints every catalogue entry', async () => {
  const { code, stdout } = await faultline(['list', '--json']);
  expect(code).toBe(0);
  const entries = JSON.parse(stdout);
  expect(entries.map((e: { id: string }) => e.id)).toEqual(catalogue.map((s) => s.id));
  expect(entries[0]).toMatchObject({
    id: expect.any(String),
    title: expect.any(String),
    path: expect.any(String),
    expect: { fallback: expect.any(String), status: expect.any(Number) },
  });
});

const malformedCatalogue = () => {
  const file = join(outDir(), 'catalogue.json');
  writeFileSync(file, JSON.stringify([{ ...findScenario('healthy'), id: 'broken', expect: { ...findScenario('healthy')!.expect, status: 'ok' } }]));
  return file;
};

const emptyCatalogue = () => {
  const file = join(outDir(), 'catalogue.json');
  writeFileSync(file, '[]');
  return file;
};

/** A shard folder whose blob was cut off on upload. */
const corruptShard = () => {
  const dir = outDir();
  mkdirSync(join(dir, 'blob'));
  writeFileSync(join(dir, 'blob', 'report-1.zip'), 'PK\x03');
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ run: { planned: 1, shard: null, selection: 's', errors: [], status: 'passed' } }));
  return dir;
};

for (const [why, args, env, message] of [
  [
    'an unknown scenario id',
    () => ['run', '--scenario', 'server-page-throw'],
    {},
    /^faultline: Unknown scenario "server-page-throw"\. Did you mean: server-page-throws,/,
  ],
  ['an unknown id to repro', () => ['repro', 'server-page-throw'], {}, /^faultline: Unknown scenario "server-page-throw"\. Did you mean: server-page-throws,/],
  ['an unreachable base URL', () => ['run', '--base-url', 'http://127.0.0.1:9'], {}, /^faultline: Cannot reach http:\/\/127\.0\.0\.1:9 /],
  ['a malformed URL', () => ['run', '--base-url', 'not a url'], {}, /^faultline: Not a valid URL: not a url$/m],
  ['a bad shard spec', () => ['run', '--shard', '0/2'], {}, /^faultline: Bad shard "0\/2"/],
  ['a negative worker count', () => ['run', '--workers', '-1'], {}, /^faultline: Bad --workers "-1": a whole number from 1 to 16$/m],
  ['an empty catalogue', () => ['run', '--catalogue', emptyCatalogue()], {}, /^faultline: \S+ holds no entry: a run of it would check nothing$/m],
  [
    'an unknown id in an empty catalogue',
    () => ['repro', 'healthy'],
    { [ENV.catalogue]: emptyCatalogue() },
    /^faultline: Unknown scenario "healthy": the catalogue has no entries$/m,
  ],
  [
    'a port browsers refuse',
    () => ['run', '--port', '6000'],
    {},
    /^faultline: Bad --port 6000: Chromium refuses to load pages from it \(ERR_UNSAFE_PORT\); pick another$/m,
  ],
  ['a merge of a corrupt blob', () => ['merge', corruptShard()], {}, /^faultline: \S+\.zip is not a blob report \(not a zip file\)/m],
  [
    'a malformed catalogue entry',
    () => ['run', '--catalogue', malformedCatalogue()],
    {},
    /^faultline: The scenario catalogue is malformed \(1 problem\):\n {2}- entry "broken": expect\.status: /,
  ],
  // The server answers, but every request fails: its instrumentation rejects the fault name.
  [
    'an app that cannot start',
    () => ['run', '--scenario', 'healthy'],
    { ...OWN_SERVER, [ENV.ingestFault]: 'bogus' },
    /^faultline: The app server answers http:\/\/localhost:\d+\/ with HTTP 500; see \S+\.log$/m,
  ],
  [
    'a missing browser',
    () => ['run'],
    { [ENV.chromium]: '/nowhere/chromium' },
    new RegExp(`^faultline: the browser: No Chromium found .*Set ${ENV.chromium} `),
  ],
  ['a merge of a folder without reports', () => ['merge', tmpdir()], {}, /^faultline: .* holds no blob report/],
  ['an unknown command', () => ['frobnicate'], {}, /^faultline: Unknown command "frobnicate"/],
] as const) {
  test(`${why} gives one clear error and exit 2`, async () => {
    const { code, stderr } = await faultline([...args()], env);
    expect(stderr).toMatch(message);
    expect(code).toBe(2);
  });
}

test('--out never deletes what faultline did not write', async () => {
  const mine = outDir();
  mkdirSync(join(mine, 'html'));
  writeFileSync(join(mine, 'html', 'notes.txt'), 'my notes');
  const { code, stderr } = await faultline(['run', '--scenario', 'healthy', '--out', mine]);
  expect(stderr).toMatch(/^faultline: --out \S+ holds files faultline did not write; give a new or empty folder \(nothing was deleted\)$/m);
  expect(code).toBe(2);
  expect(existsSync(join(mine, 'html', 'notes.txt')), 'the user’s file is still there').toBe(true);
});

test('a port in use gives one clear line and exit 2', async () => {
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, resolve));
  const port = (busy.address() as { port: number }).port;
  try {
    const { code, stderr } = await faultline(['run', '--port', String(port), '--scenario', 'healthy'], OWN_SERVER);
    expect(stderr).toMatch(new RegExp(`^faultline: Port ${port} is already in use`));
    expect(code).toBe(2);
  } finally {
    busy.close();
  }
});

test('a passing run starts its own app, prints a line per entry and a summary, and writes the reports', async () => {
  const out = outDir();
  const { code, stdout } = await faultline(['run', '--scenario', 'healthy', '--scenario', 'server-page-throws', '--out', out], OWN_SERVER);
  expect(stdout).toMatch(/^✓ healthy\s+no fallback, shows "Healthy page", HTTP 200 \(\d+\.\ds\)$/m);
  expect(stdout).toMatch(/^✓ server-page-throws\s+server fallback, Digest: \d+, HTTP 500 \(\d+\.\ds\)$/m);
  expect(stdout).toMatch(/^2 passed, 0 failed, 0 skipped$/m);
  expect(stdout).toContain(`reports: ${out}/report.json, ${out}/junit.xml, ${out}/html/index.html`);
  expect(code).toBe(0);
  expect(readReport(out).entries).toMatchObject([
    { id: 'healthy', outcome: 'passed', skippedChecks: [], verdict: { observed: { screen: { kind: 'a page' } } } },
    {
      id: 'server-page-throws',
      entry: true,
      outcome: 'passed',
      verdict: { entry: 'server-page-throws', observed: { screen: { fallback: 'server', status: 500, kind: 'classic fallback' } }, differences: [] },
      skippedChecks: [],
    },
  ]);
  // Which worker ran each check: `npm run bench` splits the test phase by it.
  expect(readReport(out).entries.map((entry) => entry.worker)).toEqual([expect.any(Number), expect.any(Number)]);
  expect(readReport(out).entries.every((entry) => entry.worker >= 0)).toBe(true);
  expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('name="server-page-throws"');
  expect(readFileSync(join(out, 'html', 'index.html'), 'utf8')).toContain('<html');
});

test('a run stopped with SIGTERM winds down Playwright and the app it started, exits 143, and keeps the earlier report', async () => {
  const port = await freePort();
  // An earlier run's folder: what a stopped run leaves is the report it had, never half of a new one.
  const out = outDir();
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, '.faultline-report'), '');
  writeFileSync(join(out, 'report.json'), '{"earlier":true}\n');
  writeFileSync(join(out, 'junit.xml'), '<testsuites name="earlier"/>\n');
  const { child: run, output, exited } = startFaultline(['run', '--port', String(port), '--out', out], { env: { ...process.env, ...OWN_SERVER } });
  // A check's line means the app is serving and Playwright is mid-run.
  await expect.poll(() => output.stdout, { timeout: 60_000 }).toMatch(/^[✓✗] /m);
  run.kill('SIGTERM');
  expect(await exited).toBe(143);
  expect(output.stderr).toMatch(/^faultline: stopped by SIGTERM during the checks; what it started was wound down$/m);
  await expect(fetch(`http://localhost:${port}/`), 'the app faultline started is gone').rejects.toThrow();
  expect([readFileSync(join(out, 'report.json'), 'utf8'), readFileSync(join(out, 'junit.xml'), 'utf8')], 'the earlier report, whole').toEqual([
    '{"earlier":true}\n',
    '<testsuites name="earlier"/>\n',
  ]);
  expect(readdirSync(out).sort(), 'nothing of the stopped run left beside it').toEqual(['.faultline-report', 'junit.xml', 'report.json']);
});

/** A catalogue whose `healthy` expects status 503: a run of it deviates (exit 1). */
function healthyExpecting503(): string {
  const healthy = findScenario('healthy')!;
  const file = join(outDir(), 'catalogue.json');
  writeFileSync(file, JSON.stringify([{ ...healthy, expect: { ...healthy.expect, status: 503 } }]));
  return file;
}

test('a run against a broken expectation exits 1 and says what deviated', async () => {
  const file = healthyExpecting503();
  const out = outDir();
  const { code, stdout } = await faultline(['run', '--catalogue', file, '--scenario', 'healthy', '--out', out]);
  expect(stdout).toMatch(/^✗ healthy\s+Error: healthy: 1 difference\(s\) \(expected vs observed\) \(\d+\.\ds\)$/m);
  expect(stdout).toMatch(/^\s+screen: status: expected 503, observed 200$/m);
  // The reference app is faultline's own: the fix names where the entry is pinned, never a change to a team's app.
  const lines = stdout.split('\n').map((line) => line.trim());
  expect(lines).toContain(
    `fix: if next ${PINNED_NEXT} changed this on purpose, pin the change as an override of healthy in ${file} (docs/catalogue.md); if not, the reference app or faultline broke it`,
  );
  expect(lines).toContain(`replay: ${ENV.catalogue}=${file} npx faultline repro healthy`);
  expect(stdout).toMatch(/^0 passed, 1 failed, 0 skipped$/m);
  expect(code).toBe(1);
  const [entry] = readReport(out).entries;
  expect(entry).toMatchObject({
    id: 'healthy',
    outcome: 'failed',
    verdict: {
      expected: { screen: { status: 503 } },
      observed: { screen: { status: 200 } },
      differences: [{ check: 'screen', what: 'status', expected: 503, observed: 200 }],
      fix: expect.stringContaining(`pin the change as an override of healthy in ${file}`),
      replay: `${ENV.catalogue}=${file} npx faultline repro healthy`,
    },
  });
  expect(entry.reasons.join('\n')).toContain('screen: status: expected 503, observed 200');
});

test('a run whose reader goes away (`faultline run | head -1`) runs to its end, writes its reports and exits with what it found', async () => {
  const file = healthyExpecting503();
  const out = outDir();
  const { output, exited } = startFaultline(['run', '--catalogue', file, '--scenario', 'healthy', '--out', out], { env: process.env, readerGone: true });
  expect({ code: await exited, stderr: output.stderr }, 'a deviation: exit 1, nothing said of the pipe').toEqual({ code: 1, stderr: '' });
  expect(readReport(out).entries).toMatchObject([{ id: 'healthy', outcome: 'failed', verdict: { differences: [{ what: 'status' }] } }]);
});

test('against a base URL, server-side checks are listed as skipped, never as passed', async () => {
  // A "deployed" app of its own: what the run makes it report is no check's here, and goes with it.
  const deployed = await startHarnessApp({ root, logFile: join(outDir(), 'deployed.log') });
  try {
    const out = outDir();
    const { code, stdout } = await faultline(['run', '--scenario', 'server-page-throws', '--base-url', deployed.url, '--out', out]);
    expect(stdout).toMatch(
      /^✓ server-page-throws\s+server fallback, Digest: \d+, HTTP 500 \(skipped: server reports, Next's deliveries to onRequestError, server log carries the digest\)/m,
    );
    expect(stdout).toMatch(/^1 passed, 0 failed, 0 skipped, 3 server-side checks skipped$/m);
    expect(code).toBe(0);
    const [entry] = readReport(out).entries;
    expect(entry.skippedChecks).toEqual([
      expect.stringMatching(/^server reports: needs the server/),
      expect.stringMatching(/^Next's deliveries to onRequestError: needs the server/),
      expect.stringMatching(/^server log carries the digest: needs the server/),
    ]);
  } finally {
    await deployed.stop();
  }
});

/** A report without what legitimately differs between two runs: timings, workers, digests, the shard. */
function comparable(report: ConformanceReport) {
  const scrub = ({ verdict, ...entry }: EntryReport) => ({
    ...entry,
    startedAt: '',
    durationMs: 0,
    worker: 0,
    screen: verdict && {
      ...verdict.observed.screen,
      digestLine: verdict.observed.screen.digestLine?.replace(/\d+$/, 'N'),
      lines: verdict.observed.screen.lines.map((line) => line.replace(/\d+$/, 'N')),
    },
    differences: verdict?.differences,
    reports: verdict?.observed.reports.map((r) => ({ ...r, digest: r.digest && 'N' })),
  });
  return { counts: report.counts, selection: report.run.selection, entries: report.entries.map(scrub) };
}

test('two shards merged equal one unsharded run', async () => {
  const selection = ['healthy', 'server-page-throws', 'client-effect-throws', 'not-found-signal'].flatMap((id) => ['--scenario', id]);
  const [whole, first, second, merged] = [outDir(), outDir(), outDir(), outDir()];
  const runs = [];
  for (const [shard, out] of [
    [[], whole],
    [['--shard', '1/2'], first],
    [['--shard', '2/2'], second],
  ] as const) {
    runs.push((await faultline(['run', ...selection, ...shard, '--out', out])).code);
  }
  expect(runs).toEqual([0, 0, 0]);
  expect(readReport(first).entries.length).toBeLessThan(4);
  const { code, stdout } = await faultline(['merge', first, second, '--out', merged]);
  expect(stdout).toMatch(/^4 passed, 0 failed, 0 skipped$/m);
  expect(code).toBe(0);
  expect(comparable(readReport(merged))).toEqual(comparable(readReport(whole)));
  expect(readFileSync(join(merged, 'junit.xml'), 'utf8')).toContain('name="not-found-signal"');

  // A merge that would look complete without being so.
  for (const [dirs, message] of [
    [[first], /^faultline: Cannot merge: shard 2\/2 missing/],
    [[first, first], /^faultline: Cannot merge: shard 1\/2 is given twice/],
    [[whole, second], /^faultline: Cannot merge: \S+ is a whole run, not a shard/],
  ] as const) {
    const refused = await faultline(['merge', ...dirs, '--out', outDir()]);
    expect(refused.stderr).toMatch(message);
    expect(refused.code).toBe(2);
  }
});

test('--scenario and --grep together check the entries both select', async () => {
  const out = outDir();
  const { code, stdout } = await faultline(['run', '--scenario', 'healthy', '--scenario', 'server-page-throws', '--grep', 'server', '--out', out]);
  expect(stdout).toMatch(/^1 passed, 0 failed, 0 skipped$/m);
  expect(code).toBe(0);
  expect(readReport(out).entries.map((entry) => entry.id)).toEqual(['server-page-throws']);
});

test('a run that checks nothing exits 2 and says so', async () => {
  const { code, stderr } = await faultline(['run', '--scenario', 'healthy', '--grep', 'matches-no-check', '--out', outDir()]);
  expect(stderr).toMatch(/^faultline: incomplete run: .*No tests found/m);
  expect(code).toBe(2);
});

test('a stray test.only stops the run with exit 2 instead of checking one test', async () => {
  test.setTimeout(240_000);
  // A copy of the project, so that the focused test exists for this run alone (the app is the same: no build).
  const copy = join(root, '.faultline', `only-${process.pid}`);
  copyProject(root, copy, { withBuild: true });
  try {
    const spec = join(copy, 'e2e/catalogue.spec.ts');
    const focused = readFileSync(spec, 'utf8').replace('  test(scenario.id, ', '  test.only(scenario.id, ');
    expect(focused, 'the spec holds the focused test').toContain('test.only(');
    writeFileSync(spec, focused);
    const { code, stderr } = await runFaultline(['run', '--scenario', 'healthy', '--out', join(copy, 'out')], {
      cwd: copy,
      bin: join(copy, 'bin/faultline.mjs'),
      env: { ...process.env, ...OWN_SERVER },
    });

    expect(stderr).toMatch(/^faultline: incomplete run: .*'\.only'/m);
    expect(code).toBe(2);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('repro of a server error shows one digest on screen, in the server log and in the report', async () => {
  const { code, stdout } = await faultline(['repro', 'server-page-throws', '--json'], OWN_SERVER);
  expect(code).toBe(0);
  const result: ReproResult = JSON.parse(stdout);
  const { digest } = result.screen;
  expect(digest).toMatch(/^\d+$/);
  expect(result.screen).toEqual({
    text: expect.stringMatching(/^Application error: a server-side exception has occurred while loading localhost /),
    variant: 'server',
    digest,
    status: 500,
  });
  expect(result.serverLog).toContain(`  digest: '${digest}'`);
  expect(result.reports).toEqual([expect.objectContaining({ runtime: 'server', digest, handled: false })]);
  // Its frame as sent (a chunk of the build) beside where the build's maps resolve it: the thrower's line.
  expect(result.reports[0].source).toMatchObject({
    resolved: { file: 'bundled/server.tsx', line: 7, function: null },
    raw: { file: expect.stringMatching(/^app:\/\/\/_next\/server\/chunks\//) },
  });
  expect(result.verdict).toEqual({ reproduced: true, failedChecks: [], reasons: [] });
});

test('repro in words shows what the user saw and what was reported', async () => {
  const { code, stdout } = await faultline(['repro', 'client-effect-throws'], OWN_SERVER);
  expect(stdout).toMatch(/^ {2}user saw {3}client fallback$/m);
  expect(stdout).toMatch(/^ {2}reports {4}browser Error: client-effect-throws: db password hunter2 \(unhandled\)$/m);
  expect(stdout).toMatch(/^ {2}verdict {4}reproduced as expected$/m);
  expect(code).toBe(0);
});

test('an edited expectation is checked at once: no build, the app never depends on what the checks expect', async () => {
  const copy = join(root, '.faultline', `expectation-${process.pid}`);
  copyProject(root, copy, { withBuild: true });
  try {
    const entries = join(copy, 'scenarios', 'entries', 'control.ts');
    const edited = readFileSync(entries, 'utf8').replace('status: 200,', 'status: 203,');
    expect(edited, 'the control entry pins status 200').toContain('status: 203,');
    writeFileSync(entries, edited);
    const { code, stdout } = await faultline(['run', '--scenario', 'healthy', '--out', join(copy, 'out')], OWN_SERVER, { cwd: copy });
    expect(stdout, 'no build').not.toContain('Building the app');
    expect(stdout).toMatch(/^✗ healthy .*\n\s+screen: status: expected 203, observed 200$/m);
    expect(code).toBe(1);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
