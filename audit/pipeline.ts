import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { proveChromium, resolveChromium } from '../harness/chromium';
import { CannotRun } from '../harness/failures';
import { oneLine, versionProblem } from '../harness/next-versions';
import { observationKey, overVersions, WorkspaceError } from '../harness/next-workspace';
import { faultlineRoot } from '../harness/root';
import { catalogue } from '../scenarios/catalogue';
import { comparedColumns, upgradeBetween, type AuditMatrix, type VersionAudit } from '../verdict/audit-matrix';
import { findingCount, judgedInWords } from '../verdict/audit-result';
import { treeProof } from './app/tree';
import { buildForAudit } from './build';
import { checkBuilt, sayEntry, type CheckOptions } from './test-phase';
import { cleanWorkspaces, UNUSED_DAYS } from './clean';
import { stageOptions, type AuditIO, type AuditJob, type AuditOutcome, type Running, type Started } from './job';
import { judged, leveled, resultOf } from './judge';
import { auditWorkspace, auditWorkspaces, envFilesLine, prepareWorkspace } from './workspace';
import { claimOutputs, writeAuditFiles, writeMatrixFiles } from './write';

/**
 * `faultline audit`'s one pipeline, its job resolved once (`job.ts`): the outputs' folder claimed
 * and the browser found, then for each version audited, prepare (its workspace: `workspace.ts`),
 * build (what every kind places, built offline: `build.ts`), check (the audited target and
 * Playwright's runner over every kind's spec: `test-phase.ts`), judge (the records composed, the team's
 * levels and baseline: `judge.ts`), and write (`write.ts`); over versions, the same stages for each
 * (`auditVersions`, below). The app's tree is only read, and proven unchanged before anything is written.
 * The command line (cli/audit.ts) parses what was asked and prints what came of it.
 */

/**
 * The audit started: the browser every entry needs found before anything is copied (a machine
 * without one is said first: the machine's, not the app's) and proven while the app is copied,
 * its outputs' folder claimed; `stop` lets go of what it staged.
 */
export async function startAudit(job: AuditJob, say: (line: string) => void): Promise<Started & { stop(): void }> {
  await resolveChromium();
  const browser = proveChromium();
  browser.catch(() => {});
  const outputs = claimOutputs(job, say);
  return { ...outputs, browser, stop: () => rmSync(outputs.staging, { recursive: true, force: true }) };
}

/** The app described before it is audited: its `next`, its reporter, its routers, its monorepo; the config; what was skipped of its tree. */
function describe({ app, options }: AuditJob, skipped: readonly { path: string; kind: string }[], say: (line: string) => void): void {
  const monorepo = app.monorepo ? `; a package of the monorepo at ${app.monorepo.root}, built in a copy of it` : '';
  // Its routers' folders: app/, pages/, or both.
  const routers = [app.appRouter ? `${app.appDir}/` : null, app.pagesDir ? `${app.pagesDir}/` : null].filter(Boolean).join(' and ');
  say(`faultline audit: ${app.root} (next ${app.next}, ${app.sentry ? '@sentry/nextjs' : 'no Sentry'}, ${routers}${monorepo})`);
  if (options.config) say(`Config: ${options.config}`);
  for (const { path, kind } of skipped) say(`Skipped: ${path} (${kind}: neither a file nor a folder, so neither copied nor read)`);
  const unused = cleanWorkspaces(process.env, UNUSED_DAYS * 24 * 60 * 60 * 1000).removed;
  if (unused.length > 0)
    say(`Removed ${unused.length} audit workspace${unused.length > 1 ? 's' : ''} no audit used for ${UNUSED_DAYS} days (${auditWorkspaces()})`);
}

/** The job audited, once or over versions, from its started state: what it comes to, written. */
export async function runAudit(job: AuditJob, started: Started, io: AuditIO): Promise<AuditOutcome> {
  const tree = treeProof(job.app.root);
  describe(job, tree.skipped, io.say);
  const running: Running = { ...started, proveUnchanged: tree.proveUnchanged };
  return job.overVersions ? auditVersions(job, running, io) : auditOwn(job, running, io);
}

/** The app on its own `next`: its workspace held, built, checked afresh, judged, written. */
async function auditOwn(job: AuditJob, started: Running, io: AuditIO): Promise<AuditOutcome> {
  const { app, options } = job;
  const { say, stopping } = io;
  const prepared = await prepareWorkspace(app, app.next, { limits: options.limits, stopping, say, stage: 'the copy of the app' });
  try {
    await started.browser;
    const env = envFilesLine(app);
    if (env) say(env);
    const stages = stageOptions(job, stopping, say);
    const check: CheckOptions = {
      ...stages.check,
      screens: { dir: join(started.staging, 'screens'), named: 'screens' },
      reportDir: options.trace ? started.staging : undefined,
      shard: options.shard,
      // Each entry's line said, and how far the test phase is told to whoever runs the audit.
      onEntry: (done, total, record) => {
        io.entries?.(done, total);
        sayEntry(say)(done, total, record);
      },
    };
    const built = await buildForAudit(app, app.next, prepared.dir, faultlineRoot, stages.build);
    const result = resultOf(await checkBuilt(prepared.dir, built, check));
    started.proveUnchanged(result.app.distDir);
    stopping.signal.throwIfAborted();
    const audited = judged(job, result, say);
    writeAuditFiles(audited, job.out, started.staging);
    return { result: audited, out: job.out };
  } finally {
    prepared.held.release();
  }
}

/** What a version's audit keeps in its workspace beside its install and build: its last observation and screenshots. */
function keptIn(dir: string) {
  const base = join(dir, '.faultline', 'audit-column');
  return { audit: join(base, 'column.json'), screens: join(base, 'screens') };
}

interface Prepared {
  dir: string;
  adaptations: string[];
  seconds: number;
  error?: string;
}

/** What the audits of every version share: the job, its start, its progress lines and the workspaces it holds. */
interface OverVersions {
  job: AuditJob;
  started: Running;
  io: AuditIO;
  /** How a line names a version: `next 16.1.7 (the app's own) [1/2]`. */
  label: (version: string, i: number) => string;
  /** faultline's own lines, said beside the progress. */
  quiet: (line: string) => void;
  /** The workspaces' locks, released once every version is done. */
  held: { release(): void }[];
}

/** A version's workspace, held and installed; a version that cannot be installed is its column's line. */
async function prepareVersion({ job, io, label, quiet, held }: OverVersions, version: string, i: number): Promise<Prepared> {
  const { app, options } = job;
  const problem = version === app.next ? null : versionProblem(version);
  if (problem) return { dir: auditWorkspace(app, process.env, version), adaptations: [], seconds: 0, error: problem };
  const at = performance.now();
  try {
    const prepared = await prepareWorkspace(app, version, { limits: options.limits, stopping: io.stopping, say: quiet });
    held.push(prepared.held);
    const seconds = (performance.now() - at) / 1000;
    io.progress.note(`${label(version, i)} workspace ready (${seconds.toFixed(1)} s)`);
    return { dir: prepared.dir, adaptations: prepared.adaptations, seconds };
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    io.progress.note(`${label(version, i)} install failed`);
    return { dir: auditWorkspace(app, process.env, version), adaptations: [], seconds: (performance.now() - at) / 1000, error: oneLine(error.message) };
  }
}

/** One version's audit: built, then checked and composed (or its last observation, while nothing changed); an app that does not build there is its column's line. */
async function auditVersion(context: OverVersions, version: string, prepared: Prepared, i: number): Promise<VersionAudit> {
  const { job, started, io, label, quiet } = context;
  const { app, options } = job;
  const { progress, stopping } = io;
  const audit: VersionAudit = {
    next: version,
    own: version === app.next,
    adaptations: prepared.adaptations,
    seconds: { install: prepared.seconds, build: 0, test: 0 },
    reused: { install: false, build: false, observation: false },
    observedAt: null,
    result: null,
  };
  if (prepared.error) return { ...audit, error: prepared.error };
  const kept = keptIn(prepared.dir);
  await started.browser;
  try {
    progress.start(`${label(version, i)} build`);
    const stages = stageOptions(job, stopping, quiet);
    const built = await buildForAudit(app, version, prepared.dir, faultlineRoot, stages.build);
    audit.reused.build = !built.build.built;
    audit.seconds.build = progress.end(built.build.built ? 'done' : 'reused');
    progress.start(`${label(version, i)} test`);
    // What the team's config changes of what is observed (its skipped entries, its privacy allow-list) is part of the key.
    const key = observationKey(faultlineRoot, prepared.dir, [...options.scenarios, JSON.stringify([options.skip, options.privacyAllow])]);
    const saved = existsSync(kept.audit) ? (JSON.parse(readFileSync(kept.audit, 'utf8')) as { key: string; column: VersionAudit }) : null;
    if (!options.fresh && saved?.key === key) {
      audit.seconds.test = progress.end(`reused the observation of ${saved.column.observedAt} (nothing changed; --fresh observes again)`);
      return { ...saved.column, adaptations: audit.adaptations, seconds: audit.seconds, reused: { ...audit.reused, observation: true } };
    }
    rmSync(kept.screens, { recursive: true, force: true });
    const observedAt = new Date().toISOString();
    const result = resultOf(
      await checkBuilt(prepared.dir, built, {
        ...stages.check,
        screens: { dir: kept.screens, named: join('screens', version) },
        onEntry: (done, total) => (progress.detail = `${done}/${total} entries`),
      }),
    );
    const findings = findingCount(result);
    audit.seconds.test = progress.end(`${judgedInWords(result.entries)}, ${findings} finding${findings === 1 ? '' : 's'}`);
    const observed: VersionAudit = { ...audit, observedAt, result };
    writeFileSync(kept.audit, JSON.stringify({ key, column: observed }));
    return observed;
  } catch (error) {
    // The app that does not build on this version, a placement that fits nothing: this column's, in one line; the others go on.
    if (!(error instanceof CannotRun && (error.part === 'build' || error.part === 'placed failures')) && !(error instanceof WorkspaceError)) throw error;
    progress.end('failed');
    return { ...audit, error: oneLine(error.message) };
  }
}

/** The matrix of the versions' audits: the selected entries, and the upgrade between the app's own and `--upgrade-to`'s. */
function matrixOf({ app, options }: AuditJob, audits: VersionAudit[]): AuditMatrix {
  const own = audits.find((done) => done.own)!;
  const target = options.upgradeTo ? audits.find((done) => done.next === options.upgradeTo) : undefined;
  const entries = catalogue
    .filter((scenario) => options.scenarios.length === 0 || options.scenarios.includes(scenario.id))
    .map(({ id, title }) => ({ id, title }));
  return {
    generatedAt: new Date().toISOString(),
    app: { root: app.root, name: app.name, next: app.next, sentry: app.sentry },
    entries,
    columns: comparedColumns(audits),
    upgrade: target ? upgradeBetween(entries, own, target) : null,
  };
}

/**
 * Over versions, `faultline audit APP --next V,V,... [--upgrade-to V]`: the same stages for each
 * version, one workspace per version, with the matrix's engine: the next version installs while
 * this one builds and runs, a build is reused while nothing changed, and an observation too (unless
 * `--fresh`). A version that cannot be installed, or that the app cannot be built on, is said in
 * one line for its column; the others go on. Each is judged by the team's levels; writes
 * audit-matrix.json, audit-matrix.md and audit-matrix.html.
 */
export async function auditVersions(job: AuditJob, started: Running, io: AuditIO): Promise<AuditOutcome> {
  const begun = performance.now();
  const { app, versions } = job;
  const context: OverVersions = {
    job,
    started,
    io,
    label: (version, i) => `next ${version}${version === app.next ? " (the app's own)" : ''} [${i + 1}/${versions.length}]`,
    quiet: (line) => line.startsWith('faultline: ') && io.progress.note(line),
    held: [],
  };
  const env = envFilesLine(app);
  if (env) io.progress.note(env);
  let observed: VersionAudit[];
  try {
    observed = await overVersions(
      versions,
      (version, i) => prepareVersion(context, version, i),
      async (version, prepared, i) => {
        const done = await auditVersion(context, version, prepared, i);
        if (done.error) io.progress.note(`${context.label(version, i)} not audited: ${done.error}`);
        return done;
      },
    );
  } finally {
    for (const lock of context.held) lock.release();
  }
  // The team's levels judge what was observed (never part of it): a check at warn said, one off not judged, in every version.
  const audits = observed.map((done) => (done.result ? { ...done, result: leveled(job, done.result) } : done));
  started.proveUnchanged(audits.find((done) => done.own)?.result?.app.distDir ?? '.next');
  io.stopping.signal.throwIfAborted();
  const matrix = matrixOf(job, audits);
  writeMatrixFiles(matrix, job.out, (version) => keptIn(auditWorkspace(app, process.env, version)).screens);
  return { matrix, out: job.out, seconds: (performance.now() - begun) / 1000 };
}
