/**
 * `npm run bench [-- --repeat N] [-- --skip-cold] [-- --skip-scaling]`: each entry's verdict time
 * against its own bare limit (what a browser without the harness needs to show that outcome), the
 * static floor beside it, the cost of a check as the catalogue grows, and the run's other figures;
 * printed as tables and written to bench/results.json, and the tables of docs/performance.md from
 * it (bench/docs-figures.ts). Exit 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BARE_MS, BARE_PAGE_MS, FLOOR_MS, SETTLE_MS, VERDICT_MS } from './worker/annotations';
import { launchChromium } from '../harness/chromium';
import { ensureBuild } from '../harness/build';
import { harnessEnv, startHarnessApp } from '../harness/harness-app';
import { HarnessedSession } from '../worker/session';
import { targetOf } from '../harness/target';
import type { ConformanceReport } from '../verdict/report';
import { catalogue } from '../scenarios/catalogue';
import { median } from '../harness/stats';
import { phaseParts } from './phase';
import { CPU_PARTS, TreeCpu } from './process-cpu';
import { bareCatalogueCpu, bareCataloguePhase, bareServerStart } from './bare-floor';
import { EXCESS_PARTS, RATIO_LIMIT, excessOf, fixedPartsRatio, medianExcess, reportWaits, type Excess } from './excess';
import type { CheckTrace } from '../worker/check-trace';
import { TRACE_ANNOTATION, type BareTrace } from './worker/annotations';
import { replaceDocsBenchFigures } from './docs-figures';
import { DOCS } from '../outputs/docs-blocks';
import { ENV } from '../contract';
import { workersFrom } from '../harness/settings';

const root = join(import.meta.dirname, '..');
const work = join(root, '.faultline', 'bench');
const { values: options } = parseArgs({
  options: { repeat: { type: 'string', default: '5' }, 'skip-cold': { type: 'boolean', default: false }, 'skip-scaling': { type: 'boolean', default: false } },
});
const REPEAT = Number(options.repeat);
const BARE_ROUNDS = 3;
/** A run's workers when none are asked for: the lanes of the bare catalogue. */
const WORKERS_OF_A_RUN = workersFrom({});
/** Issue #33: a time target is a ratio to a floor of the same run (this machine swings 2x by the hour). */
const PHASE_LIMIT = 1.5;
const STARTUP_LIMIT = 2.5;
const CATALOGUE_RUNS = 3;

function sh(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  onSpawn?: (pid: number) => void,
): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (child.pid) onSpawn?.(child.pid);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ms: performance.now() - started }));
  });
}

const faultline = (args: string[], onSpawn?: (pid: number) => void) => sh(process.execPath, [join(root, 'bin/faultline.mjs'), ...args], process.env, onSpawn);
const readReport = (out: string): ConformanceReport => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
const allIds = catalogue.flatMap((s) => ['--scenario', s.id]);
const STAMP = join(root, '.next/faultline-build.json');

/** From launch to the first check, and the test phase part by part (the worker that ended last: its start-up, its checks, between them). */
function testPhase(report: ConformanceReport, launchedAt: number) {
  const startupMs = Math.min(...report.entries.map((e) => Date.parse(e.startedAt))) - launchedAt;
  return { startupMs, ...phaseParts(report.entries) };
}

console.error('bench: 1/8 a forced production build');
rmSync(STAMP, { force: true });
const build = await ensureBuild(root, harnessEnv());

console.error(`bench: 2/8 the catalogue as a conformance run ${CATALOGUE_RUNS} times, sources unchanged (no build expected)`);
const stampBefore = statSync(STAMP).mtimeMs;
const catalogueRuns: { code: number | null; ms: number; entries: number; phase: ReturnType<typeof testPhase> }[] = [];
for (let i = 1; i <= CATALOGUE_RUNS; i++) {
  const out = join(work, `catalogue-${i}`);
  const launched = Date.now();
  const run = await faultline(['run', ...allIds, '--out', out]);
  const report = readReport(out);
  catalogueRuns.push({ ...run, entries: report.entries.length, phase: testPhase(report, launched) });
}
// One run's figures are this machine's moment (up to 2x apart): the targets take the median run.
const catalogueRun = [...catalogueRuns].sort((a, b) => a.phase.testPhaseMs - b.phase.testPhaseMs)[Math.floor(CATALOGUE_RUNS / 2)];
const cataloguePhase = catalogueRun.phase;
const catalogueStartupMs = median(catalogueRuns.map((run) => run.phase.startupMs));
const buildsWhenUnchanged = statSync(STAMP).mtimeMs === stampBefore ? 0 : 1;

console.error('bench: 3/8 a whole conformance run');
const fullOut = join(work, 'full');
const fullLaunched = Date.now();
const fullRun = await faultline(['run', '--out', fullOut]);
const fullPhase = testPhase(readReport(fullOut), fullLaunched);

console.error(`bench: 4/8 verdict times and bare limits, each entry ${REPEAT} times, and the floor`);
const timingsFile = join(work, 'timings.json');
await sh(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--project=bench', '--repeat-each', String(REPEAT)], {
  ...process.env,
  [ENV.bench]: '1',
  [ENV.reporter]: JSON.stringify([['json', { outputFile: timingsFile }]]),
  [ENV.outputDir]: join(work, 'test-results'),
});
type JsonResult = { annotations: { type: string; description?: string }[] };
type JsonSuite = { specs?: { title: string; tests: { results: JsonResult[] }[] }[]; suites?: JsonSuite[] };
/** Per check title, one record per round (`--repeat-each` index) of the annotated figures, and of its trace. */
const rounds = new Map<string, Record<string, number>[]>();
const traces = new Map<string, { check: CheckTrace; bare: BareTrace }[]>();
const walk = (suite: JsonSuite) => {
  for (const spec of suite.specs ?? []) {
    const results = spec.tests.map((t) => t.results.at(-1)).filter((r): r is JsonResult => r !== undefined);
    rounds.set(
      spec.title,
      results.map((r) => Object.fromEntries(r.annotations.map((a) => [a.type, Number(a.description)]))),
    );
    const traced = results.map((r) => r.annotations.find((a) => a.type === TRACE_ANNOTATION)?.description).filter((json): json is string => json !== undefined);
    traces.set(
      spec.title,
      traced.map((json) => JSON.parse(json) as { check?: CheckTrace; bare: BareTrace }).flatMap(({ check, bare }) => (check ? [{ check, bare }] : [])),
    );
  }
  for (const child of suite.suites ?? []) walk(child);
};
walk(JSON.parse(readFileSync(timingsFile, 'utf8')));
const figures = (id: string, type: string) => (rounds.get(id) ?? []).map((round) => round[type]).filter((ms) => Number.isFinite(ms));
const medianWaits = (waits: ReturnType<typeof reportWaits>[]) => {
  const server = waits.map((w) => w.server).filter((ms): ms is number => ms !== null);
  return { browser: Math.round(median(waits.map((w) => w.browser))), server: server.length > 0 ? Math.round(median(server)) : null };
};
const roundedParts = (excess: Excess) => Object.fromEntries(EXCESS_PARTS.map((part) => [part, Math.round(excess[part])])) as Excess;
// Each check loads the floor page right before it runs (worker/floor.ts) and takes its bare
// sample right after (bench/catalogue.bench.ts), so all three are spread over the run alike.
const floorMs = median(catalogue.flatMap((s) => figures(s.id, FLOOR_MS)));
const entries = catalogue.map((s) => {
  const verdictMs = median(figures(s.id, VERDICT_MS));
  const bareMs = median(figures(s.id, BARE_MS));
  const barePageMs = median(figures(s.id, BARE_PAGE_MS));
  const bareTraces = (traces.get(s.id) ?? []).map(({ bare }) => bare);
  return {
    id: s.id,
    trigger: s.trigger.kind,
    verdictMs: Math.round(verdictMs),
    /** The bare limit: the outcome and the arrival of the reports the entry expects at a loopback DSN (issue #33). */
    bareMs: Math.round(bareMs),
    ratio: Number((verdictMs / bareMs).toFixed(2)),
    /** The bare page's outcome alone (the limit of issue #16), and the ratio to it: information. */
    barePageMs: Math.round(barePageMs),
    pageRatio: Number((verdictMs / barePageMs).toFixed(2)),
    /** Expected reports that never reached the loopback DSN, over the rounds (a sample without them is limited by its outcome). */
    bareReportsMissing: bareTraces.reduce((sum, bare) => sum + bare.reportsMissing, 0),
    floorRatio: Number((verdictMs / floorMs).toFixed(2)),
    // An entry whose trace went missing is not sampled: its parts would print as NaN beside a passing target.
    samples: Math.min(figures(s.id, VERDICT_MS).length, figures(s.id, BARE_MS).length, traces.get(s.id)?.length ?? 0),
    settleMs: median(figures(s.id, SETTLE_MS)),
    reports: s.reports.length,
    /** Where the verdict's time beyond the bare limit went (medians of each part over rounds). */
    excessMs: roundedParts(medianExcess((traces.get(s.id) ?? []).map(({ check, bare }) => excessOf(check, bare)))),
    /** Of `excessMs.reports`: how long after the notice each SDK's reports were in (medians). */
    reportWaitsMs: medianWaits((traces.get(s.id) ?? []).map(({ check }) => reportWaits(check))),
  };
});
// The same ratios for each round alone: how far one run of the catalogue may stray from the medians.
const perRound = Array.from({ length: REPEAT }, (_, k) => {
  const at = (id: string, type: string) => rounds.get(id)?.[k]?.[type] ?? Number.NaN;
  const ratios = catalogue.map((s) => at(s.id, VERDICT_MS) / at(s.id, BARE_MS)).filter(Number.isFinite);
  return { medianRatio: Number(median(ratios).toFixed(2)), maxRatio: Number(Math.max(...ratios).toFixed(2)) };
});
const nothingSent = entries.filter((e) => e.reports === 0).map((e) => e.settleMs);
// The ratios a harness that added nothing to any page or click would still have (bench/excess.ts):
// with the reports' proof the verdict asks for, and without it.
const fixedPartsRatios = (withReports: boolean) => {
  const ratios = entries.map((e) => fixedPartsRatio({ outcomeMs: e.barePageMs, limitMs: e.bareMs }, e.excessMs, { withReports }));
  return { medianRatio: Number(median(ratios).toFixed(2)), above15: ratios.filter((ratio) => ratio > RATIO_LIMIT).length };
};
const fixedParts = { withReports: fixedPartsRatios(true), withoutReports: fixedPartsRatios(false) };

const SCALES = [1, 2, 4];
const WORKERS = [1, 2];
type Scaling = {
  workers: number;
  repeat: number;
  checks: number;
  testPhaseMs: number;
  workerStartMs: number | null;
  perCheckMs: number;
  cpuSecondsPerCheck: Record<string, number>;
  exit: number | null;
};
const scaling: Scaling[] = [];
if (!options['skip-scaling']) {
  for (const workers of WORKERS) {
    for (const repeat of SCALES) {
      console.error(`bench: 5/8 the catalogue ${repeat}x with ${workers} worker(s)`);
      const out = join(work, `scale-${workers}w-${repeat}x`);
      const launched = Date.now();
      let cpu: TreeCpu | undefined;
      const run = await faultline(
        ['run', ...allIds, '--repeat', String(repeat), '--workers', String(workers), '--out', out],
        (pid) => (cpu = new TreeCpu(pid)),
      );
      const { seconds } = cpu!.stop();
      const report = readReport(out);
      const checks = report.entries.length;
      const phase = testPhase(report, launched);
      scaling.push({
        workers,
        repeat,
        checks,
        testPhaseMs: phase.testPhaseMs,
        workerStartMs: phase.workerStartMs,
        perCheckMs: Math.round(phase.testPhaseMs / checks),
        cpuSecondsPerCheck: Object.fromEntries(Object.entries(seconds).map(([part, s]) => [part, Number((s / checks).toFixed(3))])),
        exit: run.code,
      });
    }
  }
}

console.error('bench: 6/8 a document with the ingest stalled vs answering');
async function documentMs(fault: 'stall' | '') {
  const app = await startHarnessApp({ root, env: { ...process.env, [ENV.ingestFault]: fault }, logFile: join(work, `stall-${fault || 'ok'}.log`) });
  const browser = await launchChromium();
  try {
    const session = await HarnessedSession.open(browser, targetOf(app), { fault: fault || undefined, warm: false });
    const check = await session.begin('bench');
    const times: number[] = [];
    for (let i = 0; i < 3 * REPEAT; i++) {
      const started = performance.now();
      await session.page.goto('/scenarios/server-page-throws');
      times.push(performance.now() - started);
    }
    const pending = (await check.serverIngest())!.stalledTotal;
    await session.close();
    return { ms: median(times), pending };
  } finally {
    await browser.close();
    await app.stop();
  }
}
const answering = await documentMs('');
const stalled = await documentMs('stall');

console.error(
  `bench: 7/8 the catalogue with no harness: its CPU (bare limits, one after another, ${BARE_ROUNDS} rounds), its test phase in ${WORKERS_OF_A_RUN} lanes, a bare next start`,
);
const bareRounds = await bareCatalogueCpu(root, catalogue, BARE_ROUNDS);
const barePhases: Awaited<ReturnType<typeof bareCataloguePhase>>[] = [];
for (let i = 0; i < CATALOGUE_RUNS; i++) barePhases.push(await bareCataloguePhase(root, catalogue, WORKERS_OF_A_RUN));
const barePhase = [...barePhases].sort((a, b) => a.testPhaseMs - b.testPhaseMs)[Math.floor(CATALOGUE_RUNS / 2)];
const bareStarts = await bareServerStart(root, CATALOGUE_RUNS);
const bareStartMs = median(bareStarts);
const bareCold = bareRounds[0];
/** The shortest test phase two cores allow for the catalogue, from its CPU with no harness (cold routes, as in a conformance run). */
const bareFloorPhaseMs = Math.round(((bareCold.cpuSecondsPerEntry.total * catalogue.length) / cpus().length) * 1000);

let coldNpmTestMs: number | null = null;
if (!options['skip-cold']) {
  console.error('bench: 8/8 a cold `npm test` (no build, all tests)');
  rmSync(join(root, '.next'), { recursive: true, force: true });
  const cold = await sh('npm', ['test'], { ...process.env, CI: 'true' });
  if (cold.code !== 0) console.error(`bench: the cold npm test failed (exit ${cold.code})`);
  coldNpmTestMs = cold.code === 0 ? cold.ms : null;
}

const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);
const medianRatio = median(entries.map((e) => e.ratio));
const maxRatio = Math.max(...entries.map((e) => e.ratio));
const worst = entries.reduce((a, b) => (b.ratio > a.ratio ? b : a));
const flatAtRunWorkers = scaling.filter((s) => s.workers === WORKERS_OF_A_RUN);
const perCheckMax = flatAtRunWorkers.length > 0 ? Math.max(...flatAtRunWorkers.map((s) => s.perCheckMs)) : Number.NaN;
const ratioTo = (ms: number, floorMs: number) => Number((ms / floorMs).toFixed(2));
const floors = {
  /** The catalogue's test phase with no harness, same entries and lanes (median of the runs), and one entry's share of it. */
  cataloguePhaseMs: barePhase.testPhaseMs,
  perEntryMs: barePhase.perEntryMs,
  /** A bare `next start` to its first answer (median). */
  serverStartMs: Math.round(bareStartMs),
};
const ratios = {
  cataloguePhase: ratioTo(cataloguePhase.testPhaseMs, floors.cataloguePhaseMs),
  startup: ratioTo(catalogueStartupMs, floors.serverStartMs),
  perCheck: flatAtRunWorkers.map((s) => ({ repeat: s.repeat, ratio: ratioTo(s.perCheckMs, floors.perEntryMs) })),
};
const perCheckRatioMax = ratios.perCheck.length > 0 ? Math.max(...ratios.perCheck.map((r) => r.ratio)) : Number.NaN;
const targets = [
  { target: 'median verdict / bare limit <= 1.15', ok: medianRatio <= 1.15, figure: medianRatio.toFixed(2) },
  { target: `every verdict / bare limit <= ${RATIO_LIMIT}`, ok: maxRatio <= RATIO_LIMIT, figure: `${maxRatio.toFixed(2)} (${worst.id})` },
  {
    target: 'every entry sampled 5 times or more',
    ok: entries.every((e) => e.samples >= Math.min(5, REPEAT)),
    figure: `min ${Math.min(...entries.map((e) => e.samples))}`,
  },
  {
    target: 'every expected report reached the bare DSN',
    ok: entries.every((e) => e.bareReportsMissing === 0) && barePhases.every((p) => p.reportsMissing === 0),
    figure: `${entries.reduce((sum, e) => sum + e.bareReportsMissing, 0) + barePhases.reduce((sum, p) => sum + p.reportsMissing, 0)} missing`,
  },
  ...(options['skip-scaling']
    ? []
    : [
        {
          target: `per check / bare per entry, ${WORKERS_OF_A_RUN} workers, 1x-4x <= ${PHASE_LIMIT}`,
          ok: perCheckRatioMax <= PHASE_LIMIT,
          figure:
            `max ${perCheckRatioMax.toFixed(2)} (${ratios.perCheck.map((r) => r.ratio.toFixed(2)).join(', ')}; ${(perCheckMax / 1000).toFixed(2)} ` +
            `s vs ${(floors.perEntryMs / 1000).toFixed(2)} s)`,
        },
      ]),
  {
    target: `catalogue test phase / bare catalogue (${catalogueRun.entries} entries, ${WORKERS_OF_A_RUN} lanes, medians of ${CATALOGUE_RUNS}) <= ${PHASE_LIMIT}`,
    ok: ratios.cataloguePhase <= PHASE_LIMIT && catalogueRuns.every((run) => run.entries >= 25),
    figure: `${ratios.cataloguePhase.toFixed(2)} (${seconds(cataloguePhase.testPhaseMs)} / ${seconds(floors.cataloguePhaseMs)})`,
  },
  {
    target: `unchanged sources: testing starts / a bare next start (medians of ${CATALOGUE_RUNS}) <= ${STARTUP_LIMIT}`,
    ok: ratios.startup <= STARTUP_LIMIT,
    figure: `${ratios.startup.toFixed(2)} (${seconds(catalogueStartupMs)} / ${seconds(floors.serverStartMs)})`,
  },
  { target: 'unchanged sources: no build', ok: buildsWhenUnchanged === 0, figure: `${buildsWhenUnchanged} builds` },
  { target: '"nothing sent" proof < 1 s', ok: Math.max(...nothingSent) < 1_000, figure: `max ${Math.round(Math.max(...nothingSent))} ms` },
  {
    target: 'the runs conformed',
    ok: catalogueRuns.every((run) => run.code === 0) && fullRun.code === 0 && scaling.every((s) => s.exit === 0),
    figure: `exit ${[...catalogueRuns.map((run) => run.code), fullRun.code, ...scaling.map((s) => s.exit)].join(', ')}`,
  },
];

const results = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version },
  repeat: REPEAT,
  floorMs: Math.round(floorMs),
  medianRatio,
  /** The median ratio to the bare page's outcome alone (issue #16's limit, no reports on either side): information. */
  pageMedianRatio: median(entries.map((e) => e.pageRatio)),
  /** The ratios with the page and click parts at nothing: what fixed parts alone leave (with and without the reports' proof). */
  fixedParts,
  entries,
  perRound,
  scaling,
  // The median run's test phase and its parts; the median start-up of the runs; each run.
  catalogueRun: {
    entries: catalogueRun.entries,
    startupMs: catalogueStartupMs,
    testPhaseMs: cataloguePhase.testPhaseMs,
    lastWorker: { workerStartMs: cataloguePhase.workerStartMs, checksMs: cataloguePhase.checksMs, betweenMs: cataloguePhase.betweenMs },
    wallMs: Math.round(catalogueRun.ms),
    buildsWhenUnchanged,
    runs: catalogueRuns.map(({ phase }) => ({ startupMs: phase.startupMs, testPhaseMs: phase.testPhaseMs, workerStartMs: phase.workerStartMs })),
  },
  fullRun: { startupMs: fullPhase.startupMs, testPhaseMs: fullPhase.testPhaseMs, wallMs: Math.round(fullRun.ms) },
  buildMs: Math.round(build.ms),
  coldNpmTestMs: coldNpmTestMs && Math.round(coldNpmTestMs),
  nothingSentProofMs: { median: Math.round(median(nothingSent)), max: Math.round(Math.max(...nothingSent)) },
  bareCatalogue: { rounds: bareRounds, floorTestPhaseMs: bareFloorPhaseMs, phases: barePhases, serverStartsMs: bareStarts },
  /** Issue #33's floors of this run, and each time target's figure over its floor. */
  floors,
  ratios,
  stalledIngest: {
    documentMsAnswering: Math.round(answering.ms),
    documentMsStalled: Math.round(stalled.ms),
    differenceMs: Math.round(stalled.ms - answering.ms),
    requestsStillPending: stalled.pending,
  },
  targets,
};

const pad = (text: string | number, n: number) => String(text).padEnd(n);
console.log(
  `\n${pad('entry', 30)} ${pad('trigger', 9)} ${pad('verdict ms', 11)} ${pad('bare ms', 8)} ${pad('ratio', 6)} ${pad('page ms', 8)} ${pad('ratio', 6)} ${pad(`floor ${Math.round(floorMs)}`, 10)} ` +
    `beyond the bare limit, ms (${EXCESS_PARTS.join(', ')}; of the reports, browser/server)`,
);
for (const e of entries) {
  const parts = EXCESS_PARTS.map((part) => e.excessMs[part]).join(', ');
  console.log(
    [
      pad(e.id, 30),
      pad(e.trigger, 9),
      pad(e.verdictMs, 11),
      pad(e.bareMs, 8),
      pad(e.ratio.toFixed(2), 6),
      pad(e.barePageMs, 8),
      pad(e.pageRatio.toFixed(2), 6),
      pad(e.floorRatio.toFixed(2), 10),
      `${parts}; ${e.reportWaitsMs.browser}/${e.reportWaitsMs.server ?? '-'}`,
    ].join(' '),
  );
}
const spread = (key: 'medianRatio' | 'maxRatio') => perRound.map((r) => r[key].toFixed(2)).join(', ');
console.log(`\neach round alone: median ratio ${spread('medianRatio')}; worst ratio ${spread('maxRatio')}`);
console.log(`to the bare page alone (no reports on either side; information): median ratio ${results.pageMedianRatio.toFixed(2)}`);
const fixedLine = ({ medianRatio, above15 }: { medianRatio: number; above15: number }) => `median ${medianRatio.toFixed(2)}, ${above15} above ${RATIO_LIMIT}`;
console.log(
  `with the page and click parts at nothing: ${fixedLine(fixedParts.withReports)}; without the reports' proof too: ${fixedLine(fixedParts.withoutReports)}`,
);
if (scaling.length > 0) {
  console.log(
    `\n${pad('workers', 8)} ${pad('catalogue', 10)} ${pad('checks', 7)} ${pad('test phase', 11)} ${pad('worker start', 13)} ${pad('per check', 10)} CPU s per check (${CPU_PARTS.join(', ')})`,
  );
  for (const s of scaling) {
    const cpu = CPU_PARTS.map((part) => s.cpuSecondsPerCheck[part].toFixed(2)).join(', ');
    console.log(
      [
        pad(s.workers, 8),
        pad(`${s.repeat}x`, 10),
        pad(s.checks, 7),
        pad(`${(s.testPhaseMs / 1000).toFixed(1)} s`, 11),
        pad(seconds(s.workerStartMs), 13),
        pad(`${(s.perCheckMs / 1000).toFixed(2)} s`, 10),
        `${cpu} (total ${s.cpuSecondsPerCheck.total.toFixed(2)})`,
      ].join(' '),
    );
  }
}
const row = (label: string, text: string) => `${pad(label, 32)}${text}`;
const { stalledIngest: stall, nothingSentProofMs: proof } = results;
console.log(
  [
    '',
    row('build', `${(build.ms / 1000).toFixed(1)} s`),
    row(
      'catalogue runs (unchanged)',
      catalogueRuns.map(({ phase }) => `${seconds(phase.startupMs)} to the first check, test phase ${seconds(phase.testPhaseMs)}`).join('; '),
    ),
    row(
      '  the median run',
      `on the worker that ended last: its start-up ${seconds(cataloguePhase.workerStartMs)}, its checks ${seconds(cataloguePhase.checksMs)}, ` +
        `between them ${seconds(cataloguePhase.betweenMs)}`,
    ),
    row('whole conformance run', `test phase ${(fullPhase.testPhaseMs / 1000).toFixed(1)} s, ${(fullRun.ms / 1000).toFixed(1)} s in all`),
    row('cold npm test', coldNpmTestMs === null ? 'skipped' : `${(coldNpmTestMs / 1000).toFixed(0)} s`),
    row('"nothing sent" proof', `median ${proof.median} ms, max ${proof.max} ms`),
    row(
      'document, ingest stalled',
      `${stall.documentMsStalled} ms vs ${stall.documentMsAnswering} ms answering (${stall.differenceMs >= 0 ? '+' : ''}${stall.differenceMs} ms), ` +
        `${stalled.pending} reports still pending`,
    ),
    '',
  ].join('\n'),
);
console.log(`${pad('no harness', 15)} ${pad('wall', 9)} CPU s per entry (${CPU_PARTS.join(', ')})`);
for (const r of bareRounds) {
  const cpu = CPU_PARTS.map((part) => r.cpuSecondsPerEntry[part].toFixed(2)).join(', ');
  console.log(
    `${pad(`round ${r.round}${r.round === 1 ? ' (cold)' : ''}`, 15)} ${pad(`${(r.wallMs / 1000).toFixed(1)} s`, 9)} ${cpu} (total ${r.cpuSecondsPerEntry.total.toFixed(2)})`,
  );
}
console.log(`the catalogue's floor on ${cpus().length} cores, from round 1: ${(bareFloorPhaseMs / 1000).toFixed(1)} s of test phase\n`);
for (const t of targets) console.log(`${t.ok ? '✓' : '✗'} ${pad(t.target, 48)} ${t.figure}`);
// The loop and the matrix from nothing have benches of their own (minutes each, a workspace apiece):
// their last recorded figures, beside this run's.
const recorded = <T>(file: string): T | null => {
  try {
    return JSON.parse(readFileSync(join(import.meta.dirname, file), 'utf8')) as T;
  } catch {
    return null;
  }
};
type LoopResults = {
  measuredAt: string;
  floors: { serverStartMs: number };
  expectationEdited: { toVerdictMedianMs: number };
  repro: { toVerdictMedianMs: number };
  newRoute: { withNextCacheMedianMs: number; withoutNextCacheMedianMs: number };
  targetsRatio: { expectation: number; repro: number };
};
type MatrixResults = { measuredAt: string; seconds: { cold: number; unchanged: number }; targets: { cold: number; unchanged: number } };
const loop = recorded<LoopResults>('loop-results.json');
const matrix = recorded<MatrixResults>('matrix-results.json');
const mark = (ok: boolean) => (ok ? '✓' : '✗');
console.log('\nrecorded by their own benches:');
if (loop?.floors) {
  const over = (ms: number) => ms / loop.floors.serverStartMs;
  const edited = over(loop.expectationEdited.toVerdictMedianMs);
  const repro = over(loop.repro.toVerdictMedianMs);
  console.log(
    `  the loop (npm run bench:loop, ${loop.measuredAt}; over a bare next start of ${seconds(loop.floors.serverStartMs)}): ` +
      `an edited expectation ${edited.toFixed(2)}x (${seconds(loop.expectationEdited.toVerdictMedianMs)}) ${mark(edited <= loop.targetsRatio.expectation)}, ` +
      `repro ${repro.toFixed(2)}x (${seconds(loop.repro.toVerdictMedianMs)}) ${mark(repro <= loop.targetsRatio.repro)}, ` +
      `a new route ${seconds(loop.newRoute.withNextCacheMedianMs)} with Next's cache (${seconds(loop.newRoute.withoutNextCacheMedianMs)} ` +
      `without)`,
  );
}
if (matrix)
  console.log(
    `  the matrix from nothing (npm run bench:matrix, ${matrix.measuredAt}): ${matrix.seconds.cold} s ${mark(matrix.seconds.cold <= matrix.targets.cold)} ` +
      `(target ${matrix.targets.cold} s), unchanged ${matrix.seconds.unchanged} s ${mark(matrix.seconds.unchanged <= matrix.targets.unchanged)}`,
  );
writeFileSync(join(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
const performanceDoc = join(root, DOCS.performance);
writeFileSync(performanceDoc, replaceDocsBenchFigures(readFileSync(performanceDoc, 'utf8'), results));
console.log(`\nwritten: bench/results.json, and the tables of ${DOCS.performance} from it`);
if (targets.some((t) => !t.ok)) process.exitCode = 1;
