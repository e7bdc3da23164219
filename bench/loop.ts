/**
 * `npm run bench:loop [-- --repeat N]`: what a developer waits for between saving a file and a
 * verdict (issue #33's test-first loop), in a throwaway copy of the project with its build, each
 * figure the median of N (3) and the wall time of the command as a developer runs it:
 * - an expectation edited (the control entry's status), then `faultline run --scenario healthy`;
 * - a new route and entry added, then `faultline run --scenario` of it: the build, with Next's own
 *   cache (`.next/cache`) kept and without it;
 * - `faultline repro healthy` of a built app;
 * - two runs started at once on a stale build: one build, the other waits (`harness/lock.ts`).
 * Writes bench/loop-results.json; exit 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { withoutTarget } from '../harness/target';
import { copyProject } from '../harness/project-copy';
import { median } from '../harness/stats';
import { bareServerStart } from './bare-floor';

const root = join(import.meta.dirname, '..');
const copy = join(root, '.faultline', 'bench', 'loop');
const { values } = parseArgs({ options: { repeat: { type: 'string', default: '3' } } });
const REPEAT = Number(values.repeat);
/**
 * Issue #33's targets, an edited expectation and a repro of a built app each to its verdict, as
 * ratios to a bare `next start` to its first answer measured in the same bench (part 4: this VM
 * swings 2x by the hour). The issue's 5 s was set when that start took 1.0 s here.
 */
const TARGET_RATIO = { expectation: 5, repro: 5 };

interface Timed {
  code: number | null;
  /** The command's wall time. */
  ms: number;
  /** Until its verdict was on the terminal (a run's check line, repro's report): what the developer waits for. */
  verdictMs: number;
  stdout: string;
}

/** A run's line for a check (`✓ healthy …`), or repro's JSON: the verdict on the terminal. */
const VERDICT = /^[✓✗] |^\{/m;

function faultline(args: string[]): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(copy, 'bin/faultline.mjs'), ...args], {
      cwd: copy,
      env: withoutTarget(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    let verdictMs = Number.NaN;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (Number.isNaN(verdictMs) && VERDICT.test(stdout)) verdictMs = performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ms: performance.now() - started, verdictMs, stdout }));
  });
}

const edit = (file: string, from: string, to: string) => {
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`bench:loop: ${file} no longer holds ${JSON.stringify(from)}`);
  writeFileSync(path, text.replace(from, to));
};
const out = (name: string) => join(copy, '.faultline', `loop-${name}`);
const built = (run: Timed) => run.stdout.includes('Building the app (next build)');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.error('bench:loop: a copy of the project with its build');
copyProject(root, copy, { withBuild: true });
// The copy's first run adopts or makes its build: not a loop figure.
await faultline(['run', '--scenario', 'healthy', '--out', out('warm')]);

console.error(`bench:loop: 1/4 an expectation edited, then faultline run --scenario healthy (${REPEAT} times)`);
const expectation: Timed[] = [];
for (let i = 0; i < REPEAT; i++) {
  edit('scenarios/entries/control.ts', `status: ${200 + i},`, `status: ${201 + i},`);
  expectation.push(await faultline(['run', '--scenario', 'healthy', '--out', out('expectation')]));
}
edit('scenarios/entries/control.ts', `status: ${200 + REPEAT},`, 'status: 200,');

console.error(`bench:loop: 2/4 a new route and entry added, then faultline run --scenario of it (${REPEAT} times with Next's cache, ${REPEAT} without)`);
const addRoute = (i: number, cache: boolean) => {
  const id = `loop-new-${cache ? 'cached' : 'cold'}-${i}`;
  const folder = join(copy, 'app', '(site)', 'scenarios', id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'page.tsx'), `export default function Page() {\n  return <p>A new page ${i}</p>;\n}\n`);
  edit('scenarios/routes.ts', "['healthy', 'A healthy page (control)']", `['healthy', 'A healthy page (control)'], ['${id}', 'A new page ${i}']`);
  edit(
    'scenarios/entries/control.ts',
    'export const entries: ScenarioInput[] = [\n',
    `export const entries: ScenarioInput[] = [\n  { ...route('${id}'), trigger: load, expect: { ...noFallback, status: 200, sees: 'A new page ${i}' }, reports: [] },\n`,
  );
  if (!cache) rmSync(join(copy, '.next', 'cache'), { recursive: true, force: true });
  return id;
};
const newRoute: { cache: boolean; run: Timed }[] = [];
for (const cache of [true, false]) {
  for (let i = 0; i < REPEAT; i++) newRoute.push({ cache, run: await faultline(['run', '--scenario', addRoute(i, cache), '--out', out('new-route')]) });
}

console.error(`bench:loop: 3/4 faultline repro healthy of the built app (${REPEAT} times)`);
const repro: Timed[] = [];
for (let i = 0; i < REPEAT; i++) repro.push(await faultline(['repro', 'healthy', '--json']));

console.error('bench:loop: 4/4 two runs started at once on a stale build');
edit('app/(site)/page.tsx', '<h1>faultline scenarios</h1>', '<h1>faultline scenarios</h1>{/* stale */}');
const together = await Promise.all([
  faultline(['run', '--scenario', 'healthy', '--out', out('a')]),
  faultline(['run', '--scenario', 'healthy', '--out', out('b')]),
]);

console.error(`bench:loop: the floor, a bare next start to its first answer (${REPEAT} times)`);
const serverStartMs = Math.round(median(await bareServerStart(root, REPEAT)));
const ratio = (ms: number) => Number((ms / serverStartMs).toFixed(2));

const results = {
  measuredAt: new Date().toISOString(),
  floors: { serverStartMs },
  repeat: REPEAT,
  expectationEdited: {
    medianMs: Math.round(median(expectation.map((r) => r.ms))),
    toVerdictMedianMs: Math.round(median(expectation.map((r) => r.verdictMs))),
    builds: expectation.filter(built).length,
    exitCodes: expectation.map((r) => r.code),
  },
  newRoute: {
    withNextCacheMedianMs: Math.round(median(newRoute.filter((r) => r.cache).map((r) => r.run.ms))),
    withoutNextCacheMedianMs: Math.round(median(newRoute.filter((r) => !r.cache).map((r) => r.run.ms))),
    exitCodes: newRoute.map((r) => r.run.code),
  },
  repro: {
    medianMs: Math.round(median(repro.map((r) => r.ms))),
    toVerdictMedianMs: Math.round(median(repro.map((r) => r.verdictMs))),
    exitCodes: repro.map((r) => r.code),
  },
  twoRunsAtOnce: {
    exitCodes: together.map((r) => r.code),
    builds: together.filter(built).length,
    waited: together.filter((r) => /^faultline: waiting for the build another faultline/m.test(r.stdout)).length,
    wallMs: Math.round(Math.max(...together.map((r) => r.ms))),
  },
  targetsRatio: TARGET_RATIO,
};
writeFileSync(join(import.meta.dirname, 'loop-results.json'), `${JSON.stringify(results, null, 2)}\n`);
rmSync(copy, { recursive: true, force: true });

const met = {
  expectation: ratio(results.expectationEdited.toVerdictMedianMs) <= TARGET_RATIO.expectation && results.expectationEdited.builds === 0,
  repro: ratio(results.repro.toVerdictMedianMs) <= TARGET_RATIO.repro,
  together: results.twoRunsAtOnce.exitCodes.every((code) => code === 0) && results.twoRunsAtOnce.builds === 1 && results.twoRunsAtOnce.waited === 1,
};
console.log(`the floor: a bare next start answers in ${seconds(serverStartMs)}`);
console.log(
  `an expectation edited, to the verdict: ${ratio(results.expectationEdited.toVerdictMedianMs).toFixed(2)}x the ` +
    `floor, ${seconds(results.expectationEdited.toVerdictMedianMs)} (the command ${seconds(results.expectationEdited.medianMs)}), ${results.expectationEdited.builds} ` +
    `builds (target ≤ ${TARGET_RATIO.expectation}x, no build) ${met.expectation ? '✓' : '✗'}`,
);
console.log(
  `a new route and entry, to the verdict: ${seconds(results.newRoute.withNextCacheMedianMs)} with Next's cache, ${seconds(results.newRoute.withoutNextCacheMedianMs)} without`,
);
console.log(
  `faultline repro healthy of a built app, to the verdict: ${ratio(results.repro.toVerdictMedianMs).toFixed(2)}x ` +
    `the floor, ${seconds(results.repro.toVerdictMedianMs)} (the command ${seconds(results.repro.medianMs)}; target ` +
    `≤ ${TARGET_RATIO.repro}x) ${met.repro ? '✓' : '✗'}`,
);
console.log(
  `two runs at once on a stale build: ${results.twoRunsAtOnce.builds} build, ${results.twoRunsAtOnce.waited} waited, ` +
    `exit ${results.twoRunsAtOnce.exitCodes.join(', ')}, ${seconds(results.twoRunsAtOnce.wallMs)} ${met.together ? '✓' : '✗'}`,
);
process.exitCode = Object.values(met).every(Boolean) ? 0 : 1;
