/**
 * The bench's figures as the docs show them: the tables of docs/performance.md are generated from
 * bench/results.json (written between markers by `npm run bench`), and the mutants table of
 * docs/verdicts.md from bench/mutants-results.json (written by `npm run mutants`); both are
 * checked by unit/docs.test.ts, so a figure in them is always the last recorded one.
 */
import { block, DOCS, replaceBlock } from '../outputs/docs-blocks';
import { CPU_PARTS } from './process-cpu';
import { EXCESS_PARTS, RATIO_LIMIT, type Excess } from './excess';
import { median } from '../harness/stats';

/** What bench/results.json holds, as far as the docs show it. */
export interface BenchResults {
  floorMs: number;
  medianRatio: number;
  pageMedianRatio: number;
  fixedParts: Record<'withReports' | 'withoutReports', { medianRatio: number; above15: number }>;
  perRound: { medianRatio: number }[];
  nothingSentProofMs: { median: number; max: number };
  stalledIngest: { documentMsAnswering: number; documentMsStalled: number };
  entries: {
    id: string;
    trigger: string;
    verdictMs: number;
    bareMs: number;
    ratio: number;
    barePageMs: number;
    pageRatio: number;
    bareReportsMissing: number;
    floorRatio: number;
    excessMs: Excess;
    reportWaitsMs: { browser: number; server: number | null };
  }[];
  scaling: {
    workers: number;
    repeat: number;
    checks: number;
    testPhaseMs: number;
    workerStartMs: number | null;
    perCheckMs: number;
    cpuSecondsPerCheck: Record<string, number>;
  }[];
  catalogueRun: {
    entries: number;
    startupMs: number;
    testPhaseMs: number;
    lastWorker: { workerStartMs: number | null; checksMs: number; betweenMs: number };
    runs: { testPhaseMs: number }[];
  };
  bareCatalogue: {
    rounds: { round: number; wallMs: number; cpuSecondsPerEntry: Record<string, number> }[];
    floorTestPhaseMs: number;
    phases: { lanes: number; testPhaseMs: number; perEntryMs: number }[];
    serverStartsMs: number[];
  };
  floors: { cataloguePhaseMs: number; perEntryMs: number; serverStartMs: number };
  ratios: { cataloguePhase: number; startup: number; perCheck: { repeat: number; ratio: number }[] };
  targets: { target: string; ok: boolean; figure: string }[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cpuCells = (perPart: Record<string, number>) => `${CPU_PARTS.map((part) => perPart[part].toFixed(2)).join(', ')} (${perPart.total.toFixed(2)})`;

function ratioSummary(results: BenchResults): string {
  const { entries, medianRatio, pageMedianRatio, perRound, fixedParts, nothingSentProofMs: nothing, catalogueRun, stalledIngest, floors, ratios } = results;
  const browser = entries.filter((e) => e.trigger !== 'request');
  const requests = entries.filter((e) => e.trigger === 'request');
  const worst = browser.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const over = browser.filter((e) => e.ratio > RATIO_LIMIT);
  const requestRatios = requests.map((e) => e.ratio);
  return [
    `- median ratio over the ${entries.length} entries **${medianRatio.toFixed(2)}** (each round alone ${perRound.map((r) => r.medianRatio.toFixed(2)).join(', ')});`,
    `  the ${browser.length} browser entries ${median(browser.map((e) => e.ratio)).toFixed(2)}, the worst of them ${worst.ratio.toFixed(2)} (\`${worst.id}\`);`,
    `- ${over.length} browser entries are above ${RATIO_LIMIT}, and the ${requests.length} \`request\` entries are ` +
      `at ${Math.min(...requestRatios).toFixed(2)} to ${Math.max(...requestRatios).toFixed(2)};`,
    `- to the bare page's outcome alone (issue #16's limit: no reports on either side), the median ratio is ${pageMedianRatio.toFixed(2)}; ${entries.filter((e) => e.bareMs > e.barePageMs).length} ` +
      `entries' limits were set by a report arriving after the outcome's frame;`,
    `- with the page and click parts at nothing (\`fixedPartsRatio\` in \`bench/excess.ts\`: the bare limit plus arming ` +
      `the probe and the navigation command, the notice's trip and the proof of both SDKs' reports beyond the bare side's ` +
      `own wait for them), the median would be **${fixedParts.withReports.medianRatio.toFixed(2)}** and ${fixedParts.withReports.above15} ` +
      `entries above ${RATIO_LIMIT}; to the bare page alone and without the reports' proof, ${fixedParts.withoutReports.medianRatio.toFixed(2)} ` +
      `and ${fixedParts.withoutReports.above15} above ${RATIO_LIMIT};`,
    `- the floors of this run: the catalogue with no harness ${seconds(floors.cataloguePhaseMs)} of test phase (${(floors.perEntryMs / 1000).toFixed(2)} ` +
      `s an entry), a bare \`next start\` ${seconds(floors.serverStartMs)} to its first answer; over them, the catalogue's ` +
      `test phase ${ratios.cataloguePhase.toFixed(2)}, the start of testing ${ratios.startup.toFixed(2)}, a check's cost ` +
      `${ratios.perCheck.map((r) => `${r.ratio.toFixed(2)} at ${r.repeat}x`).join(', ') || '(no scaling runs)'};`,
    `- "nothing sent" proof median ${nothing.median} ms, max ${nothing.max} ms; with unchanged sources a run starts ` +
      `testing after ${seconds(catalogueRun.startupMs)} (median of ${catalogueRun.runs.length} runs); a document with ` +
      `the ingest stalled ${stalledIngest.documentMsStalled} ms vs ${stalledIngest.documentMsAnswering} ms answering.`,
  ].join('\n');
}

/** The entries over the limit, each under the part of its time beyond the bare limit that is largest. */
function overByPart({ entries }: BenchResults): string {
  const withControl = entries.filter((e) => e.trigger !== 'load' && e.trigger !== 'request');
  const partMedian = (part: keyof Excess, of = entries) => Math.round(median(of.map((e) => e.excessMs[part])));
  const beyond = Math.round(median(entries.map((e) => e.verdictMs - e.bareMs)));
  const over = entries.filter((e) => e.ratio > RATIO_LIMIT);
  const largest = (e: BenchResults['entries'][number]) => EXCESS_PARTS.reduce((a, b) => (e.excessMs[b] > e.excessMs[a] ? b : a));
  const names: Record<keyof Excess, string> = { beforeDocument: 'before the document', click: 'click', page: 'page', notice: 'notice', reports: 'reports' };
  const lines = [
    `Over all ${entries.length} entries, the medians of the parts: before the document ${partMedian('beforeDocument')} ` +
      `ms, click ${partMedian('click')} (${partMedian('click', withControl)} ms over the ${withControl.length} entries ` +
      `with a control), page ${partMedian('page')} ms, notice ${partMedian('notice')} ms, reports ${partMedian('reports')} ` +
      `ms, and ${beyond} ms of verdict beyond the bare limit. The ${over.length} entries above ${RATIO_LIMIT}, by their ` +
      `largest part (ms):`,
  ];
  for (const part of EXCESS_PARTS) {
    const here = over.filter((e) => largest(e) === part).sort((a, b) => b.excessMs[part] - a.excessMs[part]);
    if (here.length > 0) lines.push(`- *${names[part]}*: ${here.map((e) => `\`${e.id}\` (${e.excessMs[part]})`).join(', ')}`);
  }
  return lines.join('\n');
}

function targetsTable({ targets }: BenchResults): string {
  return ['| target | this bench | met |', '|---|---|---|', ...targets.map((t) => `| ${t.target} | ${t.figure} | ${t.ok ? '✓' : '✗'} |`)].join('\n');
}

function entriesTable({ entries, floorMs }: BenchResults): string {
  return [
    `| entry | trigger | verdict ms | bare limit ms | ratio | bare page ms | ratio to it | to the floor (${floorMs} ` +
      `ms) | beyond the bare limit, ms: before the document, click, page, notice, reports (browser/server) |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...entries.map((e) => {
      const beyond = EXCESS_PARTS.map((part) => e.excessMs[part]).join(', ');
      return (
        `| \`${e.id}\` | ${e.trigger} | ${e.verdictMs} | ${e.bareMs}${e.bareReportsMissing > 0 ? ` (${e.bareReportsMissing} missing)` : ''} ` +
        `| ${e.ratio.toFixed(2)} | ${e.barePageMs} | ${e.pageRatio.toFixed(2)} | ${e.floorRatio.toFixed(2)} | ${beyond} ` +
        `(${e.reportWaitsMs.browser}/${e.reportWaitsMs.server ?? '-'}) |`
      );
    }),
  ].join('\n');
}

function scalingTable({ scaling }: BenchResults): string {
  return [
    '| workers | catalogue | checks | test phase | worker start | per check | CPU s per check: Node, Next server, Chromium (sum) |',
    '|---|---|---|---|---|---|---|',
    ...scaling.map(
      (s) =>
        `| ${s.workers} | ${s.repeat}x | ${s.checks} | ${seconds(s.testPhaseMs)} | ${s.workerStartMs === null ? '-' : seconds(s.workerStartMs)} ` +
        `| ${(s.perCheckMs / 1000).toFixed(2)} s | ${cpuCells(s.cpuSecondsPerCheck)} |`,
    ),
  ].join('\n');
}

function phaseTable({ catalogueRun, bareCatalogue, floors }: BenchResults): string {
  const cpuFloor = bareCatalogue.floorTestPhaseMs;
  const floor = floors.cataloguePhaseMs;
  const worker = catalogueRun.lastWorker;
  return [
    '| | test phase | over the catalogue with no harness | over its CPU floor |',
    '|---|---|---|---|',
    ...catalogueRun.runs.map(
      (run, i) =>
        `| conformance run ${i + 1} (${catalogueRun.entries} entries) | ${seconds(run.testPhaseMs)} | ${(run.testPhaseMs / floor).toFixed(2)}x | ${(run.testPhaseMs / cpuFloor).toFixed(2)}x |`,
    ),
    ...bareCatalogue.phases.map(
      (phase, i) =>
        `| no harness, run ${i + 1} (${phase.lanes} lanes, a cold server) | ${seconds(phase.testPhaseMs)} | ${(phase.testPhaseMs / floor).toFixed(2)}x ` +
        `| ${(phase.testPhaseMs / cpuFloor).toFixed(2)}x |`,
    ),
    `| no harness's CPU over two cores (from round 1 below) | ${seconds(cpuFloor)} | ${(cpuFloor / floor).toFixed(2)}x | 1.00x |`,
    '',
    `The median run (${seconds(catalogueRun.testPhaseMs)}), on the worker that ended last: its start-up ${worker.workerStartMs === null ? '-' : seconds(worker.workerStartMs)}, ` +
      `its checks ${seconds(worker.checksMs)}, between them ${seconds(worker.betweenMs)}.`,
  ].join('\n');
}

function bareTable({ bareCatalogue }: BenchResults): string {
  return [
    '| no harness | wall | CPU s per entry: Node, Next server, Chromium (sum) |',
    '|---|---|---|',
    ...bareCatalogue.rounds.map(
      (r) => `| round ${r.round}${r.round === 1 ? ' (routes cold)' : ''} | ${seconds(r.wallMs)} | ${cpuCells(r.cpuSecondsPerEntry)} |`,
    ),
  ].join('\n');
}

/** Each generated block of docs/performance.md, by its marker name. */
export const BENCH_BLOCKS = {
  'bench-targets': targetsTable,
  'bench-ratios': ratioSummary,
  'bench-entries': entriesTable,
  'bench-over': overByPart,
  'bench-phase': phaseTable,
  'bench-scaling': scalingTable,
  'bench-bare': bareTable,
} as const satisfies Record<string, (results: BenchResults) => string>;

/** docs/performance.md (`file`, for the error when markers are missing) with every bench block replaced by the one `results` give. */
export function replaceDocsBenchFigures(doc: string, results: BenchResults, file: string = DOCS.performance): string {
  let out = doc;
  for (const [name, render] of Object.entries(BENCH_BLOCKS)) {
    out = replaceBlock(out, file, block(name, '`npm run bench` from bench/results.json'), render(results));
  }
  return out;
}
