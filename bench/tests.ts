/**
 * `npm run bench:tests`: what `npm test` costs, part by part (on a fresh clone: `npm run setup`
 * first, timed apart, since this script needs the install it would replace). Runs every step of
 * package.json's `test` script as it stands, each timed; Playwright's with its JSON report, so that each project's and each spec
 * file's wall time are read from when its tests ran; and every `next build` and install any process
 * of a step made (`ENV.timings`, written by harness/timings.ts). Prints the table, writes
 * bench/tests-results.json; exits as `npm test` would.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV } from '../contract';
import type { Timing } from '../harness/timings';

const root = join(import.meta.dirname, '..');
// Outside the checkout: the tests prove the checkout unchanged while the steps' processes append their times.
const scratch = join(tmpdir(), `faultline-bench-tests-${process.pid}`);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

/** The scripts `npm test` runs, in order, read from package.json: `npm run A && npm run B && …`. */
function testSteps(): string[] {
  const test = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.test;
  return test.split('&&').map((part) => {
    const script = /^npm run ([\w:-]+)$/.exec(part.trim());
    if (!script) throw new Error(`bench:tests reads npm test as "npm run X && …"; it cannot read "${part.trim()}"`);
    return script[1];
  });
}

interface Step {
  script: string;
  ms: number;
  code: number | null;
  builds: { count: number; ms: number; failed: number };
  installs: { count: number; ms: number };
}

async function runStep(script: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; code: number | null }> {
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', ['run', script], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', resolve);
  });
  return { ms: performance.now() - started, code };
}

const timingsOf = (file: string): Timing[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Timing)
    : [];

/** Playwright's JSON report, as much of it as is read here. */
interface JsonSuite {
  file: string;
  suites?: JsonSuite[];
  specs?: { tests: { projectName: string; results: { startTime: string; duration: number; status: string }[] }[] }[];
}

interface Span {
  start: number;
  end: number;
  tests: number;
  failed: number;
}

/** Each project's and each file's span, from the first test's start to the last one's end. */
function spans(report: { suites: JsonSuite[] }): { projects: Map<string, Span>; files: Map<string, Span & { project: string }> } {
  const projects = new Map<string, Span>();
  const files = new Map<string, Span & { project: string }>();
  const widen = <S extends Span>(map: Map<string, S>, key: string, start: number, end: number, failed: boolean, extra: Omit<S, keyof Span>) => {
    const span = map.get(key) ?? ({ start, end, tests: 0, failed: 0, ...extra } as S);
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
    span.tests += 1;
    if (failed) span.failed += 1;
    map.set(key, span);
  };
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) {
          const start = Date.parse(result.startTime);
          const failed = !['passed', 'skipped'].includes(result.status);
          widen(projects, test.projectName, start, start + result.duration, failed, {});
          widen(files, suite.file, start, start + result.duration, failed, { project: test.projectName });
        }
    for (const child of suite.suites ?? []) walk({ ...child, file: suite.file });
  };
  for (const suite of report.suites) walk(suite);
  return { projects, files };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

const started = performance.now();
const steps: Step[] = [];
const jsonReport = join(scratch, 'playwright.json');
const scripts = testSteps();
let failedStep: string | null = null;
for (const script of scripts) {
  const timings = join(scratch, `timings-${script.replace(/\W/g, '-')}.jsonl`);
  const env: NodeJS.ProcessEnv = { ...process.env, [ENV.timings]: timings };
  // Playwright's list as npm test prints it, and its JSON report for the spans.
  if (script === 'test:e2e') env[ENV.reporter] = JSON.stringify([['list'], ['json', { outputFile: jsonReport }]]);
  console.log(`\nbench:tests: npm run ${script}`);
  const { ms, code } = await runStep(script, env);
  const recorded = timingsOf(timings);
  const builds = recorded.filter((timing) => timing.step === 'next build');
  const installs = recorded.filter((timing) => timing.step === 'install');
  const sum = (list: Timing[]) => list.reduce((total, timing) => total + timing.ms, 0);
  steps.push({
    script,
    ms,
    code,
    builds: { count: builds.length, ms: sum(builds), failed: builds.filter((build) => !build.ok).length },
    installs: { count: installs.length, ms: sum(installs) },
  });
  if (code !== 0) {
    failedStep = script;
    break;
  }
}
const totalMs = performance.now() - started;

const playwright = existsSync(jsonReport) ? spans(JSON.parse(readFileSync(jsonReport, 'utf8'))) : null;
const e2eStart = playwright ? Math.min(...[...playwright.projects.values()].map((span) => span.start)) : 0;
const results = {
  measuredAt: new Date().toISOString(),
  totalMs: Math.round(totalMs),
  failedStep,
  steps: steps.map((step) => ({ ...step, ms: Math.round(step.ms), builds: { ...step.builds, ms: Math.round(step.builds.ms) } })),
  projects: playwright
    ? [...playwright.projects].map(([name, span]) => ({
        name,
        wallMs: span.end - span.start,
        fromE2eStartMs: span.start - e2eStart,
        tests: span.tests,
        failed: span.failed,
      }))
    : [],
  files: playwright
    ? [...playwright.files]
        .map(([file, span]) => ({ file, project: span.project, wallMs: span.end - span.start, tests: span.tests, failed: span.failed }))
        .sort((a, b) => b.wallMs - a.wallMs)
    : [],
};
writeFileSync(join(import.meta.dirname, 'tests-results.json'), `${JSON.stringify(results, null, 2)}\n`);

console.log(`\nbench:tests: npm test took ${minutes(totalMs)}${failedStep ? ` and failed at ${failedStep}` : ''}`);
for (const step of results.steps)
  console.log(
    `  ${step.script.padEnd(14)} ${minutes(step.ms).padStart(9)}  ${step.builds.count} next builds (${seconds(step.builds.ms)}` +
      `${step.builds.failed ? `, ${step.builds.failed} failed as meant or not` : ''}), ${step.installs.count} ` +
      `installs (${seconds(step.installs.ms)})${step.code === 0 ? '' : `  exit ${step.code}`}`,
  );
for (const project of results.projects)
  console.log(
    `  project ${project.name.padEnd(13)} ${minutes(project.wallMs).padStart(9)}  from ${seconds(project.fromE2eStartMs)}, ${project.tests} tests, ${project.failed} failed`,
  );
for (const file of results.files)
  console.log(`    ${file.file.padEnd(40)} ${minutes(file.wallMs).padStart(9)}  ${file.tests} tests${file.failed ? `, ${file.failed} failed` : ''}`);
process.exitCode = failedStep ? 1 : 0;
