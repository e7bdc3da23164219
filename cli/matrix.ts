import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureBuild } from '../harness/build';
import { CannotRun } from '../harness/failures';
import { harnessEnv } from '../harness/harness-app';
import {
  adoptProjectBuild,
  installNext,
  observationKey,
  overVersions,
  syncSources,
  workspaceDir,
  WorkspaceError,
  workspaceOutputs,
} from '../harness/next-workspace';
import { withoutTarget } from '../harness/target';
import { catalogue } from '../scenarios/catalogue';
import type { FallbackKind } from '../scenarios/next-adaptations';
import { comparedVersion } from '../scenarios/versions';
import { availableOn, CONFIGURATIONS, withConfiguration, type ConfigurationId } from '../scenarios/configurations';
import { cellOf, columnOutcome, drift, markChanges, missingEntries, type Matrix, type MatrixColumn } from '../verdict/matrix';
import { matrixAsHtml } from '../outputs/matrix-html';
import { header, matrixAsMarkdown, matrixAsTable } from '../outputs/matrix-render';
import { claimOutDir, MATRIX_FOLDER } from '../outputs/out-dir';
import type { ConformanceReport } from '../verdict/report';
import { resolveScenario } from './select';
import { EXIT } from './usage-error';
import { readCommand } from './options';
import type { OptionsOf } from '../harness/commands';
import { Progress } from './progress';
import { oneLine, versionProblem } from '../harness/next-versions';
import { ENV } from '../contract';
import { followRun } from '../harness/events';
import { describeFailure } from './failure';
import { run } from './run';
import { parseRunArgs } from './run-args';
import { Stopping } from './stopping';

/** The newest patch of each minor from 15.5 to 16.5 that installs here. */
export const DEFAULT_VERSIONS = ['15.5.29', '16.0.11', '16.1.7', '16.2.12', '16.3.8', '16.4.5', '16.5.0'];

/** What `faultline matrix` was asked, as its declaration reads it (harness/commands.ts): its versions (the default ones where none is named), fallbacks, configurations, entries. */
export type MatrixOptions = OptionsOf<'matrix'>;

export function parseMatrixArgs(argv: string[]): MatrixOptions {
  const options = readCommand('matrix', argv);
  for (const id of options.scenarios) resolveScenario(catalogue, id);
  return { ...options, versions: options.versions.length > 0 ? options.versions : DEFAULT_VERSIONS };
}

/** One column to observe: a version, in a fallback and a configuration. */
export interface MatrixStep {
  version: string;
  fallback: FallbackKind;
  configuration: ConfigurationId;
}

/** Every column of the matrix, by configuration, fallback and version; and, in a line each, the versions a configuration does not exist on. */
export function matrixPlan({ versions, fallbacks, configurations }: Pick<MatrixOptions, 'versions' | 'fallbacks' | 'configurations'>) {
  const plan: MatrixStep[] = [];
  const without: string[] = [];
  for (const configuration of configurations)
    for (const fallback of fallbacks)
      for (const version of versions) {
        const { title, next } = CONFIGURATIONS[configuration];
        if (availableOn(CONFIGURATIONS[configuration], version)) plan.push({ version, fallback, configuration });
        else if (fallback === fallbacks[0]) without.push(`next ${version} has no ${title} (${next}): no such column`);
      }
  return { plan, without };
}

/** A column's own name in paths: its version, fallback and configuration. */
const columnName = ({ next, fallback, configuration = 'default' }: Pick<MatrixColumn, 'next' | 'fallback' | 'configuration'>) =>
  `${next}-${fallback}${configuration === 'default' ? '' : `-${configuration}`}`;

/** The entries a column observes: the chosen ones, or the whole catalogue. */
const plannedIds = ({ scenarios }: { scenarios: readonly string[] }): readonly string[] =>
  scenarios.length > 0 ? scenarios : catalogue.map((scenario) => scenario.id);

/**
 * A conformance run of the catalogue in the workspace: `faultline run`'s own orchestration, in this
 * process, its runner started by the one engine in the workspace's copy of faultline, its progress
 * followed as events (as an audit column's is). Its first error line is the column's cause.
 */
async function observe(
  dir: string,
  scenarios: readonly string[],
  configuration: ConfigurationId,
  progress: Progress,
  stopping: Stopping,
): Promise<ConformanceReport> {
  const { report: reportDir, screens, runnerLog } = workspaceOutputs(dir);
  rmSync(screens, { recursive: true, force: true });
  mkdirSync(screens, { recursive: true });
  const ids = plannedIds({ scenarios });
  let checked = 0;
  const eventsFile = join(dir, '.faultline', 'run-events.jsonl');
  const events = followRun(eventsFile, () => (progress.detail = `${++checked}/${ids.length} entries`));
  let cause: string | undefined;
  const tell = { log: () => {}, error: (line: string) => (cause ??= line.replace(/^faultline: /, '')), playwrightOutput: runnerLog };
  const options = { ...parseRunArgs(['--out', reportDir, ...ids.flatMap((id) => ['--scenario', id])]), configuration, configurations: [configuration] };
  const code = await run(options, dir, {
    env: { ...withoutTarget(), [ENV.screenshots]: screens, [ENV.events]: eventsFile },
    stopping,
    said: { tell, runnerLog },
  })
    .catch((error: unknown) => {
      if (stopping.by) throw error;
      cause = describeFailure(error).line;
      return EXIT.cannotJudge;
    })
    .finally(() => events.stop());
  stopping.signal.throwIfAborted();
  const reportFile = join(reportDir, 'report.json');
  // 1 is a run with deviations: in a matrix, those are the cells that differ from their pins.
  if ((code !== 0 && code !== 1) || !existsSync(reportFile))
    throw new WorkspaceError(cause ?? `the run could not complete (exit ${code}) and said nothing; Playwright's output: ${runnerLog}`);
  return JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport;
}

/** A workspace with its sources, its next and (once built) its build, or why it has none. */
interface Prepared {
  dir: string;
  adaptations: string[];
  seconds: { install: number; build: number };
  reused: { install: boolean; build: boolean };
  error?: string;
}

/** The workspace's sources and its `next`: the first stage, the network's and the disk's. */
async function install(
  root: string,
  { version, fallback, configuration }: MatrixStep,
  label: string,
  progress: Progress,
  signal: AbortSignal,
): Promise<Prepared> {
  const dir = workspaceDir(root, version, fallback, configuration);
  const prepared: Prepared = { dir, adaptations: [], seconds: { install: 0, build: 0 }, reused: { install: false, build: false } };
  const problem = versionProblem(version);
  if (problem) return { ...prepared, error: problem };
  const started = performance.now();
  try {
    prepared.adaptations = syncSources(root, dir, version, fallback);
    prepared.reused.install = !(await installNext(root, dir, version, process.env, { signal }));
    prepared.seconds.install = (performance.now() - started) / 1000;
    progress.note(`${label} install ${prepared.reused.install ? 'reused' : 'done'} (${prepared.seconds.install.toFixed(1)} s)`);
    return prepared;
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    progress.note(`${label} install failed`);
    return { ...prepared, seconds: { install: (performance.now() - started) / 1000, build: 0 }, error: error.message };
  }
}

/** The installed workspace built (the project's own build where it is the same app, or the last one while nothing changed): the second stage. */
async function build(
  root: string,
  configuration: ConfigurationId,
  prepared: Prepared,
  label: string,
  progress: Progress,
  signal: AbortSignal,
): Promise<Prepared> {
  if (prepared.error) return prepared;
  const started = performance.now();
  try {
    // The configuration is an input of the build (next.config reads it), as a run builds it.
    const env = withConfiguration(harnessEnv(), configuration);
    const adopted = await adoptProjectBuild(root, prepared.dir, env);
    const built = await ensureBuild(prepared.dir, env, {
      log: (line) => line.startsWith('faultline: ') && progress.note(`${label} ${line.slice('faultline: '.length)}`),
      signal,
    });
    const seconds = (performance.now() - started) / 1000;
    progress.note(`${label} build ${adopted ? "the project's own" : built.built ? 'done' : 'reused'} (${seconds.toFixed(1)} s)`);
    return { ...prepared, seconds: { ...prepared.seconds, build: seconds }, reused: { ...prepared.reused, build: adopted || !built.built } };
  } catch (error) {
    if (!(error instanceof WorkspaceError) && !(error instanceof CannotRun && error.part === 'build')) throw error;
    progress.note(`${label} build failed`);
    return { ...prepared, seconds: { ...prepared.seconds, build: (performance.now() - started) / 1000 }, error: oneLine(error.message) };
  }
}

/** One column: the catalogue observed in the prepared (built) workspace, or its last observation when nothing changed since. */
async function column(
  { version, fallback, configuration }: MatrixStep,
  prepared: Prepared,
  options: MatrixOptions,
  label: string,
  progress: Progress,
  stopping: Stopping,
): Promise<MatrixColumn> {
  const { dir } = prepared;
  const result: MatrixColumn = {
    next: version,
    fallback,
    ...(configuration === 'default' ? {} : { configuration }),
    pinsOf: null,
    adaptations: prepared.adaptations,
    seconds: { ...prepared.seconds, run: 0 },
    reused: { ...prepared.reused, run: false },
    observedAt: null,
    cells: [],
  };
  if (prepared.error) return { ...result, error: prepared.error };
  result.pinsOf = comparedVersion(version).version;
  try {
    progress.start(`${label} run`);
    const key = observationKey(dir, dir, options.scenarios, CONFIGURATIONS[configuration].distDir);
    const outputs = workspaceOutputs(dir);
    const saved = existsSync(outputs.column) ? (JSON.parse(readFileSync(outputs.column, 'utf8')) as { key: string; column: MatrixColumn }) : null;
    if (!options.fresh && saved?.key === key) {
      result.reused.run = true;
      result.seconds.run = progress.end(`reused the observation of ${saved.column.observedAt} (nothing changed; --fresh observes again)`);
      return { ...saved.column, seconds: result.seconds, reused: result.reused };
    }
    const report = await observe(dir, options.scenarios, configuration, progress, stopping);
    result.observedAt = report.startedAt;
    result.cells = report.entries
      .filter((entry) => entry.entry)
      .map((entry) => cellOf(entry, existsSync(join(outputs.screens, `${entry.id}.png`)) ? join('screens', columnName(result), `${entry.id}.png`) : undefined));
    // A report the run left unclaimed is the version's deviation, whatever its cells say (the run's exit 1 says the same).
    if (report.run.unaccounted?.length) result.unaccounted = report.run.unaccounted;
    const missing = missingEntries(result.cells, plannedIds(options));
    if (missing.length > 0)
      throw new WorkspaceError(
        `the run has no verdict row for ${missing.length} entr${missing.length > 1 ? 'ies' : 'y'} (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''})`,
      );
    result.seconds.run = progress.end(columnOutcome(result));
    writeFileSync(outputs.column, JSON.stringify({ key, column: result }));
    return result;
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    progress.end('failed');
    return { ...result, error: oneLine((error as Error).message) };
  }
}

/** Copies each column's screenshots into the matrix folder, where the cells name them. */
function gatherScreens(root: string, out: string, columns: readonly MatrixColumn[]): void {
  for (const column of columns) {
    const { next, fallback, configuration, cells } = column;
    for (const cell of cells) {
      if (!cell.screenshot) continue;
      const source = join(workspaceOutputs(workspaceDir(root, next, fallback, configuration)).screens, `${cell.entry}.png`);
      if (!existsSync(source)) continue;
      mkdirSync(join(out, 'screens', columnName(column)), { recursive: true });
      copyFileSync(source, join(out, cell.screenshot));
    }
  }
}

/** A path as short as it can be said from here. */
const shown = (path: string) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path));

/** Writes matrix.json, matrix.md and matrix.html. */
export function writeMatrix(out: string, matrix: Matrix): void {
  writeFileSync(join(out, 'matrix.json'), `${JSON.stringify(matrix, null, 2)}\n`);
  writeFileSync(join(out, 'matrix.md'), `${matrixAsMarkdown(matrix)}\n`);
  writeFileSync(join(out, 'matrix.html'), matrixAsHtml(matrix, out));
}

/** Every version's column observed, the matrix written and said: its exit is `matrixExit`'s. */
export async function matrix(options: MatrixOptions, root: string): Promise<number> {
  const out = resolve(options.out);
  claimOutDir(out, MATRIX_FOLDER);
  const started = performance.now();
  const entries = catalogue
    .filter((scenario) => options.scenarios.length === 0 || options.scenarios.includes(scenario.id))
    .map(({ id, title }) => ({ id, title }));
  const { plan, without } = matrixPlan(options);
  for (const line of without) console.log(`faultline: ${line}`);
  // A version's name, in the stage a stop names, and with its place in the plan on its progress lines.
  const named = ({ version, fallback, configuration }: MatrixStep) => `next ${header({ next: version, fallback, configuration })}`;
  const label = (step: (typeof plan)[number], i: number) => `${named(step)} [${i + 1}/${plan.length}]`;
  const progress = new Progress();
  // Stopped from outside: the install, build or run under way winds down, and the matrix exits with one line.
  const stopping = new Stopping();
  let results: MatrixColumn[];
  try {
    results = await overVersions(
      plan,
      (step, i) => {
        if (i === 0) stopping.stage = `the install of ${named(step)}`;
        return install(root, step, label(step, i), progress, stopping.signal);
      },
      // Build and run in one stage, one version at a time: a build beside a run changed no verdict but
      // saved nothing either (both take both cores: 291 s from nothing against 287 s; docs/matrix.md).
      async (step, installed: Prepared, i) => {
        stopping.signal.throwIfAborted();
        stopping.stage = `the build of ${named(step)}`;
        const prepared = await build(root, step.configuration, installed, label(step, i), progress, stopping.signal);
        stopping.stage = `the checks of ${named(step)}`;
        const result = await column(step, prepared, options, label(step, i), progress, stopping);
        if (result.error) progress.note(`${label(step, i)} not run: ${result.error}`);
        return result;
      },
    );
  } catch (error) {
    if (stopping.by) return stopping.exit('what it started was wound down');
    throw error;
  } finally {
    stopping.dispose();
  }
  gatherScreens(root, out, results);
  const columns = markChanges(results);
  const built: Matrix = { generatedAt: new Date().toISOString(), fallback: options.fallbacks.length > 1 ? 'both' : options.fallbacks[0], entries, columns };
  writeMatrix(out, built);
  console.log(`\n${matrixAsTable(built)}\n`);
  console.log(`matrix in ${((performance.now() - started) / 1000).toFixed(1)} s; wrote ${shown(join(out, 'matrix.html'))} (and matrix.json, matrix.md)`);
  for (const result of columns) {
    if (result.error !== undefined) console.error(`faultline: next ${result.next}: ${result.error}`);
    for (const line of result.unaccounted ?? []) console.error(`faultline: next ${result.next}: ${line}`);
  }
  return matrixExit(built);
}

/** 2 a version could not be run; 1 drift (a cell differs from its pin) or a report a column's run left unclaimed; 0 otherwise. */
export function matrixExit({ columns }: Pick<Matrix, 'columns'>): number {
  if (columns.some((column) => column.error !== undefined)) return EXIT.cannotJudge;
  return drift({ columns }).length > 0 || columns.some((column) => (column.unaccounted ?? []).length > 0) ? EXIT.deviates : EXIT.ok;
}
