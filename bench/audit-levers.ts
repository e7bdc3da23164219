/**
 * `npm run bench:audit-levers`: the two levers issue #70 names for the audit's cold time, measured
 * on the Sentry-guide app's audit workspace (placed as `faultline audit` places it), each way
 * alternately, three rounds, medians in `bench/audit-levers-results.json`:
 * 1. Playwright's runner, workers and browsers starting while the build runs, instead of after it:
 *    how long they take to be ready by themselves, how long the server takes to boot after the build
 *    (what would be left of the wait), and how much the build slows when they start beside it.
 * 2. What the placed routes cost Turbopack, against other ways of placing them that keep each
 *    entry's route pattern: the build with none of them (the floor), with each page a one-line
 *    re-export of one shared module (the code each route compiles, shared), and as placed.
 * No target: what each lever gave, in seconds, is the figure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectApp } from '../audit/app/inspect';
import { googleFonts, offlineFonts } from '../audit/fonts';
import { auditWorkspace, auditWorkspacesOf } from '../audit/workspace';
import { appServerUrl, freePort, waitUntilServing } from '../harness/app-server';
import { nextBin } from '../harness/build';
import { findChromium, launchOptions } from '../harness/chromium';
import { AUDIT_SEGMENT, FLUSH_ROUTE } from '../contract';
import { playwrightCli } from '../harness/root';
import { median } from '../harness/stats';
import { withoutTarget } from '../harness/target';
import { until } from '../harness/until';
import { generateApp } from '../foreign-apps/generate';

const root = join(import.meta.dirname, '..');
const ROUNDS = 3;
const WORKERS = 3;

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

function waitFor(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('close', resolve));
}

const dir = mkdtempSync(join(tmpdir(), 'faultline-bench-levers-'));
const app = await generateApp(join(dir, 'sentry-guide-app'), { sentry: true });
for (const workspace of auditWorkspacesOf(inspectApp(app))) rmSync(workspace, { recursive: true, force: true });

console.error('bench:audit-levers: a cold audit, for its placed and built workspace');
const audited = spawn(process.execPath, [join(root, 'bin/faultline.mjs'), 'audit', app, '--out', join(dir, 'out')], {
  cwd: root,
  env: withoutTarget(),
  stdio: 'ignore',
});
await waitFor(audited);
const workspace = auditWorkspace(inspectApp(app));
const placedDir = join(workspace, 'app', AUDIT_SEGMENT);
if (!existsSync(placedDir)) throw new Error(`bench:audit-levers: no placed routes in ${workspace}`);
const fonts = await offlineFonts(googleFonts(workspace, [join(workspace, 'app')]), join(dir, 'fonts.cjs'));
const buildEnv = { ...withoutTarget(), NEXT_TELEMETRY_DISABLED: '1', ...fonts.env };

/** `next build` of the workspace from nothing (its Turbopack cache too), in seconds. */
async function build(): Promise<number> {
  rmSync(join(workspace, '.next'), { recursive: true, force: true });
  const started = performance.now();
  const code = await waitFor(spawn(process.execPath, [nextBin(workspace), 'build'], { cwd: workspace, env: buildEnv, stdio: 'ignore' }));
  if (code !== 0) throw new Error(`bench:audit-levers: next build failed in ${workspace} (exit ${code})`);
  return seconds(started);
}

/** `next start` of the workspace's build until it answers, in seconds. */
async function boot(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [nextBin(workspace), 'start', '--port', String(port)], { cwd: workspace, env: buildEnv, stdio: 'ignore' });
  await waitUntilServing(`${appServerUrl(port)}/`, { timeoutMs: 60_000, logFile: '(none)', readiness: 'answers' });
  const took = seconds(started);
  server.kill('SIGTERM');
  await waitFor(server);
  return took;
}

/** A Playwright runner whose workers each launch a browser and wait: started, and ready once every worker's browser is up. */
function idleRunner(): { ready: Promise<number>; release: () => Promise<void> } {
  // In faultline's tree, where the spec resolves @playwright/test.
  mkdirSync(join(root, '.faultline'), { recursive: true });
  const spec = mkdtempSync(join(root, '.faultline', 'levers-runner-'));
  const readyFile = join(spec, 'ready');
  const goFile = join(spec, 'go');
  const chromium = findChromium(process.env);
  writeFileSync(
    join(spec, 'idle.spec.mjs'),
    [
      "import { appendFileSync, existsSync } from 'node:fs';",
      "import { test } from '@playwright/test';",
      "test.describe.configure({ mode: 'parallel' });",
      `for (let i = 0; i < ${WORKERS}; i++) test('worker ' + i, async ({ browser }) => {`,
      '  await (await browser.newPage()).close();',
      `  appendFileSync(${JSON.stringify(readyFile)}, 'x');`,
      `  while (!existsSync(${JSON.stringify(goFile)})) await new Promise((resolve) => setTimeout(resolve, 50));`,
      '});',
    ].join('\n'),
  );
  writeFileSync(
    join(spec, 'playwright.config.mjs'),
    `export default { testDir: '.', workers: ${WORKERS}, timeout: 300000, reporter: 'dot', use: { launchOptions: ${JSON.stringify(launchOptions(chromium))} } };\n`,
  );
  const started = performance.now();
  const runner = spawn(process.execPath, [playwrightCli(root), 'test', '--config', join(spec, 'playwright.config.mjs')], {
    cwd: root,
    env: withoutTarget(),
    stdio: 'ignore',
  });
  const exited = waitFor(runner);
  const ready = until(() => existsSync(readyFile) && readFileSync(readyFile, 'utf8').length >= WORKERS, 120_000).then(() => seconds(started));
  return {
    ready,
    release: async () => {
      appendFileSync(goFile, 'go');
      await exited;
      rmSync(spec, { recursive: true, force: true });
    },
  };
}

/**
 * Each placed server page that exports only its component turned into a one-line re-export of one
 * module holding them all (client pages and pages with more exports stay): the same routes, their
 * code in one module.
 */
function reExported(): () => void {
  const pages = readdirSync(placedDir, { recursive: true, encoding: 'utf8' }).filter((file) => /(^|\/)page\.jsx$/.test(file) && !file.startsWith('_'));
  const saved = new Map(pages.map((file) => [file, readFileSync(join(placedDir, file), 'utf8')]));
  // Only what can share one module as it is: a server page whose one top-level statement is its component, importing packages and throwers only.
  const shared = pages.filter((file) => {
    const lines = saved.get(file)!.split('\n');
    const imports = lines.filter((line) => line.startsWith('import '));
    const code = lines.filter((line) => line && !line.startsWith('import ') && !line.startsWith('//') && !line.startsWith('/*'));
    return (
      !/['"]use client['"]/.test(saved.get(file)!) &&
      imports.every((line) => /from "((\.\.\/)+_throwers\/|[^.])/.test(line)) &&
      code[0]?.startsWith('export default function Page(') &&
      code.slice(1).every((line) => /^\s/.test(line) || line === '}')
    );
  });
  const imports = new Set<string>();
  const bodies = shared.map((file, i) => {
    const lines = saved.get(file)!.split('\n');
    for (const line of lines.filter((line) => line.startsWith('import '))) imports.add(line.replace(/from "(\.\.\/)+_throwers\//, 'from "./'));
    return lines
      .filter((line) => !line.startsWith('import ') && !line.startsWith('//') && !line.startsWith('/*'))
      .join('\n')
      .replace('export default function Page(', `export function Page${i}(`);
  });
  const module = join(placedDir, '_throwers', 'all-pages.jsx');
  writeFileSync(module, [...imports, ...bodies].join('\n'));
  shared.forEach((file, i) => {
    const depth = file.split('/').length - 1;
    writeFileSync(join(placedDir, file), `export { Page${i} as default } from "${'../'.repeat(depth)}_throwers/all-pages";\n`);
  });
  return () => {
    for (const [file, text] of saved) writeFileSync(join(placedDir, file), text);
    rmSync(module, { force: true });
  };
}

/**
 * The placed entries' routes moved out of the app for the time of `measure`: the floor. faultline's
 * plumbing stays (its throwers, which its proxy and robots route import, and its flush route).
 */
async function withoutPlaced<T>(measure: () => Promise<T>): Promise<T> {
  const aside = join(dir, 'placed-aside');
  mkdirSync(aside, { recursive: true });
  const entries = readdirSync(placedDir).filter((name) => !name.startsWith('_') && name !== FLUSH_ROUTE);
  for (const name of entries) renameSync(join(placedDir, name), join(aside, name));
  try {
    return await measure();
  } finally {
    for (const name of entries) renameSync(join(aside, name), join(placedDir, name));
  }
}

const rounds: Record<string, number[]> = { placed: [], none: [], reExported: [], placedBesideRunner: [], runnerReady: [], serverBoot: [] };
for (let round = 1; round <= ROUNDS; round++) {
  console.error(`bench:audit-levers: round ${round} of ${ROUNDS}`);
  rounds.placed.push(await build());
  rounds.serverBoot.push(await boot());
  const alone = idleRunner();
  rounds.runnerReady.push(await alone.ready);
  await alone.release();
  const beside = idleRunner();
  rounds.placedBesideRunner.push(await build());
  await beside.ready;
  await beside.release();
  rounds.none.push(await withoutPlaced(build));
  const restore = reExported();
  try {
    rounds.reExported.push(await build());
  } finally {
    restore();
  }
}
// The workspace is left built as the audit left it (its fonts still answered).
await build();
await fonts.stop();

const m = Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)])) as Record<keyof typeof rounds, number>;
const round1 = (value: number) => Math.round(value * 10) / 10;
const results = {
  at: new Date().toISOString(),
  app: 'sentry-guide-app (create-next-app template + Sentry guide), its audit workspace',
  placedRoutes: readdirSync(placedDir).filter((name) => !name.startsWith('_') && name !== FLUSH_ROUTE).length,
  rounds,
  medians: m,
  levers: {
    runnerDuringBuild: {
      /**
       * After the build the audit waits for the later of the server's boot and the runner's readiness;
       * with the runner started during the build, for the boot alone, and the build pays what the runner costs it.
       */
      waitAfterBuildNow: round1(Math.max(m.serverBoot, m.runnerReady)),
      waitAfterBuildWithLever: m.serverBoot,
      buildSlowedBy: round1(m.placedBesideRunner - m.placed),
      gainSeconds: round1(Math.max(m.serverBoot, m.runnerReady) - m.serverBoot - (m.placedBesideRunner - m.placed)),
    },
    placedRoutes: {
      costSeconds: round1(m.placed - m.none),
      reExportedCostSeconds: round1(m.reExported - m.none),
      gainSeconds: round1(m.placed - m.reExported),
    },
  },
};
mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench', 'audit-levers-results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
for (const generated of auditWorkspacesOf(inspectApp(app))) rmSync(generated, { recursive: true, force: true });
rmSync(dir, { recursive: true, force: true });
