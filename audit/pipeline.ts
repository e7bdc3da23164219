import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { proveChromium, resolveChromium } from '../harness/chromium';
import { faultlineRoot } from '../harness/root';
import { treeProof } from './app/tree';
import { buildForAudit } from './build';
import { checkBuilt, sayEntry, type CheckOptions } from './test-phase';
import { cleanWorkspaces, UNUSED_DAYS } from './clean';
import { stageOptions, type AuditIO, type AuditJob, type AuditOutcome, type Running, type Started } from './job';
import { judged, resultOf } from './judge';
import { auditVersions } from './versions';
import { auditWorkspaces, envFilesLine, prepareWorkspace } from './workspace';
import { claimOutputs, writeAuditFiles } from './write';

/**
 * `faultline audit`'s one pipeline, its job resolved once (`job.ts`): the outputs' folder claimed
 * and the browser found, then for each version audited, prepare (its workspace: `workspace.ts`),
 * build (what every kind places, built offline: `build.ts`), check (the audited target and
 * Playwright's runner over every kind's spec: `test-phase.ts`), judge (the records composed, the team's
 * levels and baseline: `judge.ts`), and write (`write.ts`); over versions, the same stages for each
 * (`versions.ts`). The app's tree is only read, and proven unchanged before anything is written.
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
