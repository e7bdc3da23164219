import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inspectApp, type InspectedApp } from '../../audit/app/inspect';
import { treeChanges, treeFingerprint } from '../../audit/app/tree';
import { cleanWorkspaces, UNUSED_DAYS } from '../../audit/clean';
import { auditWorkspace, auditWorkspaces, envFilesLine, holdAuditWorkspace, prepareAuditWorkspace } from '../../audit/workspace';
import { proveChromium, resolveChromium } from '../../harness/chromium';
import { CannotRun } from '../../harness/failures';
import { faultlineRoot } from '../../harness/root';
import { findingCount, reachedOutInWords } from '../../verdict/audit-result';
import { auditIn, incompleteness } from '../../audit/check';
import { githubAnnotations } from '../../outputs/audit-annotations';
import { auditAsHtml } from '../../outputs/audit-html';
import { auditAsSarif } from '../../outputs/audit-sarif';
import { auditAsSummary } from '../../outputs/audit-summary';
import { BASELINE_FILE, withBaseline } from '../../audit/baseline';
import { readAuditConfig } from '../../audit/config';
import { failingFindings, withLevels } from '../../verdict/levels';
import { type AuditOptions, withConfig } from './args';
import { auditMatrix } from './matrix';
import { auditAsJunit, auditAsTable, baselineLine, type AuditResult } from '../../outputs/audit-render';
import { AUDIT_FOLDER, stagingIn } from '../../audit/folder';
import { claimOutDir, holdsEarlier, realPath, refuseInputs, replaceEarlier } from '../../outputs/out-dir';
import type { AuditRun } from './run';
import { declaredOptions } from '../options';
import { Stopping } from '../stopping';
import { EXIT } from '../usage-error';

/** The audit's default output folder (`--out`'s default), inside the app when it runs from the app's own folder. */
const AUDIT_FOLDER_IN_APP = String(declaredOptions('audit').out.default);

/** Whether the app's `.gitignore` already leaves faultline's reports folder out. */
const ignoredByGit = (root: string) =>
  existsSync(join(root, '.gitignore')) &&
  readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .some((line) => /^\/?faultline-audit\/?\s*$/.test(line.trim()));

/** faultline's own version, as its package says: the tool's in SARIF. */
const faultlineVersion = (JSON.parse(readFileSync(join(faultlineRoot, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * `faultline audit`: the app on its own `next` (report.json, junit.xml, audit.html), or with
 * `--next`/`--upgrade-to` on several (the audit matrix). Either way the app's tree is only read,
 * and proven unchanged at the end; the earlier outputs in `--out` stay until the new ones are
 * complete; stopped by a signal, it says what was stopped and exits 130 or 143.
 */
export async function audit(given: AuditOptions, faultline: string): Promise<number> {
  if (given.clean) return cleanAll();
  const app = inspectApp(given.app);
  const options = withConfig(given, await readAuditConfig(app.root, given.configFile), app.root);
  // No copy, no build, no install before the browser every entry needs is found: a machine without one is said first (the machine's, not the app's).
  await resolveChromium();
  // Found is not started: one that cannot start is proven while the app is copied, before anything is built.
  const browser = proveChromium();
  browser.catch(() => {});
  const out = resolve(options.out);
  // Its default folder at the app's own top (`faultline audit .` from inside the app) is the one place in the app faultline writes: never copied, never part of the proof.
  const inApp = realPath(out) === join(realPath(app.root), AUDIT_FOLDER_IN_APP);
  if (!inApp)
    refuseInputs(out, [app.root], 'the app to audit', {
      // The config's `out` is the folder only where it set one and the command line did not.
      setBy: options.out !== given.out ? `out in ${options.config}` : '--out',
      otherwise: `, or ${AUDIT_FOLDER_IN_APP}/ at its top`,
    });
  const first = inApp && !existsSync(out);
  claimOutDir(out, AUDIT_FOLDER, { keepEarlier: true });
  if (first && !ignoredByGit(app.root))
    console.log(
      `Reports go to ${AUDIT_FOLDER_IN_APP}/ in the app, left out of its copy and of the proof that it is unchanged: add "${AUDIT_FOLDER_IN_APP}/" to its .gitignore`,
    );
  const staging = stagingIn(out);
  rmSync(staging, { recursive: true, force: true });
  const stopping = new Stopping();
  try {
    const before = treeFingerprint(app.root);
    const say = (line: string) => console.log(line);
    const monorepo = app.monorepo ? `; a package of the monorepo at ${app.monorepo.root}, built in a copy of it` : '';
    // Its routers' folders: app/, pages/, or both.
    const routers = [app.appRouter ? `${app.appDir}/` : null, app.pagesDir ? `${app.pagesDir}/` : null].filter(Boolean).join(' and ');
    say(`faultline audit: ${app.root} (next ${app.next}, ${app.sentry ? '@sentry/nextjs' : 'no Sentry'}, ${routers}${monorepo})`);
    if (options.config) say(`Config: ${options.config}`);
    for (const { path, kind } of before.skipped) say(`Skipped: ${path} (${kind}: neither a file nor a folder, so neither copied nor read)`);
    const proveUnchanged = (distDir: string) => {
      const changes = treeChanges(before, treeFingerprint(app.root), [distDir]);
      // Whoever changed them (an editor, a git checkout, or faultline against its every rule), what was judged is not what is there now.
      if (changes.length)
        throw new CannotRun(
          'audited app',
          `its files changed while the audit ran (${changes.slice(0, 3).join(', ')}${changes.length > 3 ? ', …' : ''}), ` +
            `so the audit is of a tree no longer there; faultline only reads it: if nothing else wrote there, report this`,
        );
    };
    const run: AuditRun = { faultline, out, staging, stopping, browser, proveUnchanged };
    const unused = cleanWorkspaces(process.env, UNUSED_DAYS * 24 * 60 * 60 * 1000).removed;
    if (unused.length > 0)
      say(`Removed ${unused.length} audit workspace${unused.length > 1 ? 's' : ''} no audit used for ${UNUSED_DAYS} days (${auditWorkspaces()})`);
    const code = options.versions.length > 0 ? await auditMatrix(app, options, run) : await auditOnce(app, options, run);
    return code;
  } catch (error) {
    // Whatever part the signal ended first (the build, the runner, next start), the signal is the cause.
    if (stopping.by) return stopping.exit(holdsEarlier(out, AUDIT_FOLDER) ? `no report written (${out} keeps the one before)` : 'no report written');
    throw error;
  } finally {
    stopping.dispose();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** `faultline audit --clean`: every audit workspace removed (none an audit holds now), said in a line. */
function cleanAll(): number {
  const { removed, held } = cleanWorkspaces();
  const kept = held.length > 0 ? `; ${held.length} kept: an audit is using ${held.length > 1 ? 'them' : 'it'} (${held.join(', ')})` : '';
  console.log(`Removed ${removed.length} audit workspace${removed.length === 1 ? '' : 's'} from ${auditWorkspaces()}${kept}`);
  return EXIT.ok;
}

/** The app on its own `next`: its workspace held, built, observed afresh, judged, written. */
async function auditOnce(app: InspectedApp, options: AuditOptions, run: AuditRun): Promise<number> {
  const say = (line: string) => console.log(line);
  const dir = auditWorkspace(app);
  const held = await holdAuditWorkspace(dir, { signal: run.stopping.signal, say });
  try {
    run.stopping.stage = 'the copy of the app';
    await prepareAuditWorkspace(app, dir, app.next, { limits: options.limits, signal: run.stopping.signal });
    await run.browser;
    const env = envFilesLine(app);
    if (env) say(env);
    const result = await auditIn(app, app.next, dir, run.faultline, {
      scenarios: options.scenarios,
      screens: { dir: join(run.staging, 'screens'), named: 'screens' },
      reportDir: options.trace ? run.staging : undefined,
      workers: options.workers,
      shard: options.shard,
      limits: options.limits,
      stopping: run.stopping,
      cookies: options.cookies,
      skip: options.skip,
      privacyAllow: options.privacyAllow,
      say,
    });
    run.proveUnchanged(result.app.distDir);
    run.stopping.signal.throwIfAborted();
    const baseline = {
      file: options.baseline ? resolve(options.baseline) : join(app.root, BASELINE_FILE),
      named: options.baseline ?? BASELINE_FILE,
      update: options.updateBaseline,
      prune: options.pruneBaseline,
      wholeApp: options.scenarios.length === 0 && !options.shard,
    };
    const leveled = options.config ? withLevels(result, options.levels, options.config) : result;
    return writeAudit(withBaseline(leveled, baseline, say), run.out, say, run.staging);
  } finally {
    held.release();
  }
}

/**
 * An audit's outputs written (report.json, junit.xml, audit.html, and what it staged moved in),
 * its table and findings said; its exit code: 1 on findings, 2 when incomplete.
 */
export function writeAudit(result: AuditResult, out: string, say: (line: string) => void, staged?: string): number {
  replaceEarlier(out, AUDIT_FOLDER, staged);
  writeFileSync(join(out, 'report.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(out, 'junit.xml'), auditAsJunit(result));
  writeFileSync(join(out, 'audit.html'), auditAsHtml(result, out));
  const summary = auditAsSummary(result);
  writeFileSync(join(out, 'summary.md'), summary);
  // In GitHub Actions, the job's summary page shows it too.
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, summary);
  writeFileSync(join(out, 'report.sarif'), `${JSON.stringify(auditAsSarif(result, faultlineVersion), null, 2)}\n`);
  say('');
  say(auditAsTable(result));
  say('');
  const count = findingCount(result);
  const shard = result.shard ? ` (shard ${result.shard.current}/${result.shard.total}: faultline merge joins the shards)` : '';
  say(
    `${count} finding${count === 1 ? '' : 's'} in ${result.entries.length} failures judged${shard} (${result.notApplicable.length} ` +
      `not applicable); the app's files are unchanged. Test phase ${result.testSeconds} s. Report: ${join(out, 'audit.html')}`,
  );
  if (result.baseline) say(baselineLine(result.baseline));
  for (const line of result.unseen ?? []) say(`Not seen: ${line}`);
  // In GitHub Actions, each finding an annotation as well, as a run's failures are.
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of githubAnnotations(result)) say(line);
  if (result.reachedOut?.length)
    say(`The app tried to reach beyond this machine, every request refused (nothing left it): ${reachedOutInWords(result.reachedOut)}`);
  // Part of what was placed went unjudged: the audit says less than it claims, whatever it found.
  const incomplete = incompleteness(result);
  if (incomplete) throw new CannotRun('audited app', incomplete);
  // Against a baseline, only what it does not accept makes the audit fail, and a check the team set to warn fails nothing: said, never red.
  return failingFindings(result).length > 0 ? EXIT.deviates : EXIT.ok;
}
