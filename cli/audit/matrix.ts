import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compare, valid } from 'semver';
import type { InspectedApp } from '../../audit/app/inspect';
import { auditWorkspace, envFilesLine, holdAuditWorkspace, prepareAuditWorkspace } from '../../audit/workspace';
import { CannotRun } from '../../harness/failures';
import { observationKey, overVersions, WorkspaceError } from '../../harness/next-workspace';
import { catalogue } from '../../scenarios/catalogue';
import { findingCount } from '../../verdict/audit-result';
import { upgradeBetween, type AuditColumn, type AuditMatrix } from '../../verdict/audit-matrix';
import type { AuditOptions } from './args';
import type { AuditRun } from './run';
import { AUDIT_FOLDER } from '../../audit/folder';
import { replaceEarlier } from '../../outputs/out-dir';
import { buildForAudit } from '../../audit/build';
import { incompleteness, observeBuilt } from '../../audit/check';
import { auditMatrixAsHtml } from '../../outputs/audit-matrix-html';
import { auditMatrixAsMarkdown, auditMatrixAsTable } from '../../outputs/audit-matrix-render';
import { oneLine, versionProblem } from '../../harness/next-versions';
import { Progress } from '../progress';
import { EXIT } from '../usage-error';
import { failingFindings, withLevels } from '../../verdict/levels';

/** The versions' order in the matrix: the app's own and the others, each once, oldest first; what is not a version at the end, as given. */
export function matrixVersions(own: string, others: readonly string[]): string[] {
  const all = [...new Set([own, ...others])];
  return [...all.filter((version) => valid(version)).sort(compare), ...all.filter((version) => !valid(version))];
}

/** What an audit column keeps in its workspace beside its install and build: its last observation and screenshots. */
function columnFiles(dir: string) {
  const base = join(dir, '.faultline', 'audit-column');
  return { column: join(base, 'column.json'), screens: join(base, 'screens') };
}

interface Prepared {
  dir: string;
  adaptations: string[];
  seconds: number;
  error?: string;
}

/** What every column of one audit matrix shares: the app, the options, the run, its progress lines and the workspaces it holds. */
interface MatrixContext {
  app: InspectedApp;
  options: AuditOptions;
  run: AuditRun;
  progress: Progress;
  /** How a line names a column: `next 16.1.7 (the app's own) [1/2]`. */
  label: (version: string, i: number) => string;
  /** faultline's own lines, said beside the progress. */
  quiet: (line: string) => void;
  /** The workspaces' locks, released once every column is done. */
  held: { release(): void }[];
}

/** A version's workspace, held and installed; a version that cannot be installed is its column's line. */
async function prepareColumn({ app, options, run, progress, label, quiet, held }: MatrixContext, version: string, i: number): Promise<Prepared> {
  const dir = auditWorkspace(app, process.env, version);
  const problem = version === app.next ? null : versionProblem(version);
  if (problem) return { dir, adaptations: [], seconds: 0, error: problem };
  const at = performance.now();
  try {
    held.push(await holdAuditWorkspace(dir, { signal: run.stopping.signal, say: quiet }));
    const adaptations = await prepareAuditWorkspace(app, dir, version, { limits: options.limits, signal: run.stopping.signal });
    const seconds = (performance.now() - at) / 1000;
    progress.note(`${label(version, i)} workspace ready (${seconds.toFixed(1)} s)`);
    return { dir, adaptations, seconds };
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    progress.note(`${label(version, i)} install failed`);
    return { dir, adaptations: [], seconds: (performance.now() - at) / 1000, error: oneLine(error.message) };
  }
}

/** One version's column: built, then observed (or its last observation, while nothing changed); an app that does not build there is its column's line. */
async function auditColumn(context: MatrixContext, version: string, prepared: Prepared, i: number): Promise<AuditColumn> {
  const { app, options, run, progress, label, quiet } = context;
  const result: AuditColumn = {
    next: version,
    own: version === app.next,
    adaptations: prepared.adaptations,
    seconds: { install: prepared.seconds, build: 0, test: 0 },
    reused: { install: false, build: false, observation: false },
    observedAt: null,
    result: null,
  };
  if (prepared.error) return { ...result, error: prepared.error };
  const files = columnFiles(prepared.dir);
  await run.browser;
  try {
    progress.start(`${label(version, i)} build`);
    const built = await buildForAudit(app, version, prepared.dir, run.faultline, {
      scenarios: options.scenarios,
      say: quiet,
      limits: options.limits,
      stopping: run.stopping,
      skip: options.skip,
    });
    result.reused.build = !built.build.built;
    result.seconds.build = progress.end(built.build.built ? 'done' : 'reused');
    progress.start(`${label(version, i)} test`);
    // What the team's config changes of what is observed (its skipped entries, its privacy allow-list) is part of the key.
    const key = observationKey(run.faultline, prepared.dir, [...options.scenarios, JSON.stringify([options.skip, options.privacyAllow])]);
    const saved = existsSync(files.column) ? (JSON.parse(readFileSync(files.column, 'utf8')) as { key: string; column: AuditColumn }) : null;
    if (!options.fresh && saved?.key === key) {
      result.seconds.test = progress.end(`reused the observation of ${saved.column.observedAt} (nothing changed; --fresh observes again)`);
      return { ...saved.column, adaptations: result.adaptations, seconds: result.seconds, reused: { ...result.reused, observation: true } };
    }
    rmSync(files.screens, { recursive: true, force: true });
    const observedAt = new Date().toISOString();
    const audited = await observeBuilt(prepared.dir, built, {
      screens: { dir: files.screens, named: join('screens', version) },
      say: quiet,
      onEntry: (done, total) => (progress.detail = `${done}/${total} entries`),
      workers: options.workers,
      limits: options.limits,
      stopping: run.stopping,
      cookies: options.cookies,
      privacyAllow: options.privacyAllow,
    });
    const findings = findingCount(audited);
    result.seconds.test = progress.end(`${audited.entries.length} failures judged, ${findings} finding${findings === 1 ? '' : 's'}`);
    const observed: AuditColumn = { ...result, observedAt, result: audited };
    writeFileSync(files.column, JSON.stringify({ key, column: observed }));
    return observed;
  } catch (error) {
    // The app that does not build on this version, a placement that fits nothing: this column's, in one line; the others go on.
    if (!(error instanceof CannotRun && (error.part === 'build' || error.part === 'placed failures')) && !(error instanceof WorkspaceError)) throw error;
    progress.end('failed');
    return { ...result, error: oneLine(error.message) };
  }
}

/** The matrix of the columns: the selected entries, and the upgrade between the app's own column and `--upgrade-to`'s. */
function matrixOf(app: InspectedApp, options: AuditOptions, columns: AuditColumn[]): AuditMatrix {
  const own = columns.find((done) => done.own)!;
  const target = options.upgradeTo ? columns.find((done) => done.next === options.upgradeTo) : undefined;
  const entries = catalogue
    .filter((scenario) => options.scenarios.length === 0 || options.scenarios.includes(scenario.id))
    .map(({ id, title }) => ({ id, title }));
  return {
    generatedAt: new Date().toISOString(),
    app: { root: app.root, name: app.name, next: app.next, sentry: app.sentry },
    entries,
    columns,
    upgrade: target ? upgradeBetween(entries, own, target) : null,
  };
}

/** audit-matrix.json, .md and .html with each column's screenshots in `out`, and the table on the terminal. */
function writeMatrix(app: InspectedApp, matrix: AuditMatrix, out: string, started: number): void {
  for (const done of matrix.columns) {
    if (!done.result) continue;
    const screens = columnFiles(auditWorkspace(app, process.env, done.next)).screens;
    if (existsSync(screens)) cpSync(screens, join(out, 'screens', done.next), { recursive: true });
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'audit-matrix.json'), `${JSON.stringify(matrix, null, 2)}\n`);
  writeFileSync(join(out, 'audit-matrix.md'), `${auditMatrixAsMarkdown(matrix)}\n`);
  writeFileSync(join(out, 'audit-matrix.html'), auditMatrixAsHtml(matrix, out));
  console.log(`\n${auditMatrixAsTable(matrix)}\n`);
  console.log(
    `audit matrix in ${((performance.now() - started) / 1000).toFixed(1)} s; the app's files are unchanged; wrote ${join(out, 'audit-matrix.html')} (and audit-matrix.json, audit-matrix.md)`,
  );
}

/** 2 when a column could not be audited (or not wholly), each said in a line; else 1 when any column has findings that fail. */
function matrixExit(columns: readonly AuditColumn[]): number {
  const failed = columns.filter((done) => done.error !== undefined);
  for (const done of failed) console.error(`faultline: next ${done.next}: ${done.error}`);
  const incomplete = columns.flatMap((done) => (done.result && incompleteness(done.result) ? [`next ${done.next}: ${incompleteness(done.result)}`] : []));
  for (const line of incomplete) console.error(`faultline: ${line}`);
  if (failed.length > 0 || incomplete.length > 0) return EXIT.cannotJudge;
  return columns.some((done) => done.result && failingFindings(done.result).length > 0) ? EXIT.deviates : EXIT.ok;
}

/**
 * `faultline audit APP --next V,V,... [--upgrade-to V]`: the app audited on its own `next` and on
 * each version named, one workspace per version, with the matrix's engine: the next version
 * installs while this one builds and runs, a build is reused while nothing changed, and an
 * observation too (unless `--fresh`). A version that cannot be installed, or that the app cannot
 * be built on, is said in one line for its column; the others go on. Writes audit-matrix.json,
 * audit-matrix.md and audit-matrix.html; exit 2 when a column could not be audited (or not
 * wholly), else 1 when any column has findings.
 */
export async function auditMatrix(app: InspectedApp, options: AuditOptions, run: AuditRun): Promise<number> {
  const started = performance.now();
  const versions = matrixVersions(app.next, options.versions);
  const progress = new Progress();
  const context: MatrixContext = {
    app,
    options,
    run,
    progress,
    label: (version, i) => `next ${version}${version === app.next ? " (the app's own)" : ''} [${i + 1}/${versions.length}]`,
    quiet: (line) => line.startsWith('faultline: ') && progress.note(line),
    held: [],
  };
  const env = envFilesLine(app);
  if (env) progress.note(env);
  let observed: AuditColumn[];
  try {
    observed = await overVersions(
      versions,
      (version, i) => prepareColumn(context, version, i),
      async (version, prepared, i) => {
        const done = await auditColumn(context, version, prepared, i);
        if (done.error) progress.note(`${context.label(version, i)} not audited: ${done.error}`);
        return done;
      },
    );
  } finally {
    for (const lock of context.held) lock.release();
  }
  // The team's levels judge what was observed (never part of it): a check at warn said, one off not judged, in every column.
  const { config } = options;
  const columns = config ? observed.map((done) => (done.result ? { ...done, result: withLevels(done.result, options.levels, config) } : done)) : observed;
  run.proveUnchanged(columns.find((done) => done.own)?.result?.app.distDir ?? '.next');
  run.stopping.signal.throwIfAborted();
  replaceEarlier(run.out, AUDIT_FOLDER);
  writeMatrix(app, matrixOf(app, options, columns), run.out, started);
  return matrixExit(columns);
}
