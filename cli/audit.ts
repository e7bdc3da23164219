import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import { inspectApp } from '../harness/audit/app';
import { googleFonts, offlineFonts } from '../harness/audit/fonts';
import { AUDIT_SEGMENT, placeCatalogue, type PlacedEntry, type Placement } from '../harness/audit/placement';
import { startAuditedServer } from '../harness/audit/server';
import { treeChanges, treeFingerprint } from '../harness/audit/tree';
import { auditWorkspace, syncAppWorkspace } from '../harness/audit/workspace';
import { ensureBuild } from '../harness/build';
import { launchChromium } from '../harness/chromium';
import { CannotRun } from '../harness/failures';
import { NotDriven } from '../fixtures/worker/audit/drive';
import { closedNetwork } from '../fixtures/worker/audit/closed-network';
import { observeAuditEntry, settleServer, type AuditSession } from '../fixtures/worker/audit/observe';
import { catalogue } from '../scenarios/catalogue';
import { comparedVersion, forNext } from '../scenarios/versions';
import { inLanes } from '../harness/audit/lanes';
import { auditEntry, type AuditReport } from '../verdict/audit';
import { parseCommandArgs } from './args';
import { auditAsHtml } from './audit-html';
import { auditAsJunit, auditAsTable, findingCount, type AuditResult } from './audit-render';
import { claimOutDir, refuseInputs, type OutFolder } from './out-dir';
import { resolveScenario } from './select';
import { EXIT, UsageError } from './usage-error';

export const AUDIT_FOLDER: OutFolder = { mark: '.faultline-audit', written: ['report.json', 'junit.xml', 'audit.html', 'screens'] };

export interface AuditOptions {
  app: string;
  scenarios: string[];
  out: string;
}

export function parseAuditArgs(argv: string[]): AuditOptions {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: { scenario: { type: 'string', multiple: true, default: [] }, out: { type: 'string', default: 'faultline-audit' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'audit needs the folder of the app to audit: faultline audit ../my-app' : `audit takes one app folder (got ${positionals.join(' ')})`);
  for (const id of values.scenario) resolveScenario(catalogue, id);
  return { app: positionals[0], scenarios: values.scenario, out: values.out };
}

/**
 * How many entries run side by side: one more than this machine's two cores, since a page spends
 * part of its time waiting on the server (measured on the Sentry-guide app: test phase 19.2-19.6 s
 * with two, 17.9-18.4 s with three, the same findings; four gained nothing more).
 */
const LANES = 3;

/** One report as the run's accounting knows it, whichever time it was read. */
const eventKey = (event: ErrorEvent) => event.event_id ?? JSON.stringify(event);

/** The part of a placement a `--scenario` selection asks for (all of it without one). */
function selected(placement: Placement, ids: readonly string[]): Placement {
  if (ids.length === 0) return placement;
  return { placed: placement.placed.filter((entry) => ids.includes(entry.scenario.id)), notApplicable: placement.notApplicable.filter((entry) => ids.includes(entry.id)) };
}

/** A report as the audit's outputs show it: who sent it, and what it says. */
const reportInBrief = ({ runtime, event }: AuditReport) => ({ runtime, type: event.exception?.values?.at(-1)?.type ?? null, value: event.exception?.values?.at(-1)?.value ?? event.message ?? null, digestTag: event.tags?.digest ?? null });

export async function audit(options: AuditOptions, faultline: string): Promise<number> {
  const app = inspectApp(options.app);
  const out = resolve(options.out);
  refuseInputs(out, [app.root], 'the app to audit');
  claimOutDir(out, AUDIT_FOLDER);
  const before = treeFingerprint(app.root);
  const say = (line: string) => console.log(line);
  say(`faultline audit: ${app.root} (next ${app.next}, ${app.sentry ? '@sentry/nextjs' : 'no Sentry'}, ${app.appDir}/)`);

  const version = comparedVersion(app.next);
  if (version.outside) say(`faultline: ${version.outside}`);
  const entries = catalogue.map((scenario) => forNext(scenario, version.version));
  const workspace = auditWorkspace(app);
  syncAppWorkspace(app, workspace);
  // Every entry is placed whatever the selection, so that another selection reuses the same build.
  const placement = selected(placeCatalogue(faultline, workspace, app, entries), options.scenarios);
  if (placement.placed.length === 0) {
    throw new UsageError(`nothing to audit: ${placement.notApplicable.map((entry) => `${entry.id} is not applicable to this app (${entry.why})`).join('; ')}`);
  }
  say(`Placed ${placement.placed.length} failures under /${AUDIT_SEGMENT}/ in a copy of the app (${workspace}); ${placement.notApplicable.length} not applicable`);

  // Anywhere in the app's sources (a `lib/fonts.ts` as much as its layout): the install and dot folders aside.
  const fonts = googleFonts(workspace, [workspace]);
  const substituted = fonts.length ? [`Google fonts (${[...new Set(fonts.map((font) => font.family))].join(', ')}): next/font/google's stylesheets and files answered on this machine, so the build needs no network`] : [];
  for (const line of substituted) say(`Substituted: ${line}`);
  const offline = fonts.length ? await offlineFonts(fonts, join(workspace, '.faultline', 'google-fonts.cjs')) : null;
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...offline?.env };
  let build;
  try {
    build = await ensureBuild(workspace, env, { log: say });
  } finally {
    await offline?.stop();
  }
  say(build.built ? `Built in ${(build.ms / 1000).toFixed(1)} s` : 'Build reused: nothing changed since the last audit');

  const started = performance.now();
  const server = await startAuditedServer(workspace, env);
  const browser = await launchChromium().catch(async (error) => {
    await server.stop();
    throw error;
  });
  const network = await closedNetwork();
  const session: AuditSession = { server, browser, network, sentry: app.sentry, basePath: app.basePath };
  const result: AuditResult = {
    app: { root: app.root, name: app.name, next: app.next, sentry: app.sentry, appDir: app.appDir, basePath: app.basePath, packageManager: app.packageManager },
    substituted,
    appFindings: [],
    entries: [],
    notApplicable: placement.notApplicable,
    notJudged: [],
    treeUnchanged: true,
    build: { built: build.built, seconds: Math.round(build.ms / 100) / 10 },
    testSeconds: 0,
  };
  mkdirSync(join(out, 'screens'), { recursive: true });
  const audited: AuditResult['entries'] = [];
  const claimed = new Set<string>();
  let unclaimed: AuditReport[] = [];
  try {
    const start = { ...server.mark(), ingest: 0 };
    let done = 0;
    const others = (placed: PlacedEntry) => placement.placed.map((entry) => entry.scenario.id).filter((id) => id !== placed.scenario.id && !placed.reaches.includes(id));
    const run = async (placed: PlacedEntry, index: number) => {
      const observed = await observeAuditEntry(session, placed, server.mark(), others(placed)).catch((error: unknown) => {
        if (!(error instanceof NotDriven)) throw error;
        result.notJudged.push({ id: placed.scenario.id, why: error.message });
        say(`  [${++done}/${placement.placed.length}] ${placed.scenario.id}: not judged: ${error.message}`);
        return null;
      });
      if (!observed) return;
      for (const event of observed.claimed) claimed.add(eventKey(event));
      const entry = auditEntry(placed.scenario, observed.observation, { sentry: app.sentry });
      const screenshot = observed.screenshot ? join('screens', `${placed.scenario.id}.png`) : null;
      if (observed.screenshot) writeFileSync(join(out, screenshot!), observed.screenshot);
      audited[index] = { ...entry, title: placed.scenario.title, failureClass: placed.scenario.failureClass, url: placed.url, status: observed.observation.status, lines: observed.observation.lines, screenshot, reports: observed.observation.reports.map(reportInBrief), ms: observed.ms };
      say(`  [${++done}/${placement.placed.length}] ${placed.scenario.id}: ${entry.screen}, ${entry.findings.length ? `${entry.findings.length} finding${entry.findings.length > 1 ? 's' : ''}` : 'no finding'}`);
    };
    await inLanes(placement.placed, LANES, run);
    // Every server report of the run, once the last entry's flush is done: what no entry claimed (sent while none ran, or after its own flush) is nobody's.
    await settleServer(server, app.sentry, app.basePath);
    unclaimed = server.since(start).reports.filter(({ event }) => !claimed.has(eventKey(event)));
  } finally {
    await browser.close();
    await network.close();
    await server.stop();
  }
  result.entries = audited.filter(Boolean);
  result.testSeconds = Math.round((performance.now() - started) / 100) / 10;
  if (!app.sentry) result.appFindings.push({ check: 'reported once', what: 'nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone', fix: 'set up @sentry/nextjs (npx @sentry/wizard -i nextjs)' });
  if (unclaimed.length) result.appFindings.push({ check: 'reported once', what: `${unclaimed.length} report${unclaimed.length > 1 ? 's' : ''} no failure claims (sent while none ran, or after its own flush)`, evidence: unclaimed.map((report) => reportInBrief(report).value).join('; ') });

  const changes = treeChanges(before, treeFingerprint(app.root));
  // Whoever changed them (an editor, a git checkout, or faultline against its every rule), what was judged is not what is there now.
  if (changes.length) throw new CannotRun('audited app', `its files changed while the audit ran (${changes.slice(0, 3).join(', ')}${changes.length > 3 ? ', …' : ''}), so the audit is of a tree no longer there; faultline only reads it: if nothing else wrote there, report this`);

  writeFileSync(join(out, 'report.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(out, 'junit.xml'), auditAsJunit(result));
  writeFileSync(join(out, 'audit.html'), auditAsHtml(result, out));
  say('');
  say(auditAsTable(result));
  say('');
  const count = findingCount(result);
  say(`${count} finding${count === 1 ? '' : 's'} in ${result.entries.length} failures judged (${result.notApplicable.length} not applicable); the app's files are unchanged. Test phase ${result.testSeconds} s. Report: ${join(out, 'audit.html')}`);
  // Part of what was placed went unjudged: the audit says less than it claims, whatever it found.
  if (result.notJudged.length) throw new CannotRun('audited app', `${result.notJudged.length} of ${placement.placed.length} failures could not be judged, so the audit is incomplete: ${result.notJudged.slice(0, 2).map((entry) => `${entry.id} (${entry.why})`).join('; ')}${result.notJudged.length > 2 ? '; …' : ''}`);
  return count > 0 ? EXIT.deviation : EXIT.ok;
}
