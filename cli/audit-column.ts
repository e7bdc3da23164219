import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import type { AuditedApp } from '../harness/audit/app';
import { googleFonts, offlineFonts } from '../harness/audit/fonts';
import { inLanes } from '../harness/audit/lanes';
import { AUDIT_SEGMENT, placeCatalogue, type PlacedEntry, type Placement } from '../harness/audit/placement';
import { startAuditedServer } from '../harness/audit/server';
import { ensureBuild } from '../harness/build';
import { launchChromium } from '../harness/chromium';
import { CannotRun } from '../harness/failures';
import { closedNetwork } from '../fixtures/worker/audit/closed-network';
import { NotDriven } from '../fixtures/worker/audit/drive';
import { observeAuditEntry, settleServer, type AuditSession } from '../fixtures/worker/audit/observe';
import { catalogue } from '../scenarios/catalogue';
import { comparedVersion, forNext } from '../scenarios/versions';
import { auditEntry, type AuditReport } from '../verdict/audit';
import type { AuditResult } from './audit-render';
import { UsageError } from './usage-error';

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

export interface ColumnOptions {
  scenarios: readonly string[];
  /** Where screenshots go, and how the report names that folder (relative to its outputs). */
  screens: { dir: string; named: string };
  say: (line: string) => void;
}

/** The app built with the catalogue placed: what observing it needs. */
export interface BuiltForAudit {
  version: string;
  placement: Placement;
  substituted: string[];
  env: NodeJS.ProcessEnv;
  build: { built: boolean; ms: number };
}

/**
 * The app on `next` `version` in its prepared workspace `dir`, with the catalogue placed (every
 * entry, whatever the selection, so that another selection reuses the build) and built offline,
 * or its build reused.
 */
export async function buildForAudit(app: AuditedApp, version: string, dir: string, faultline: string, { scenarios, say }: Pick<ColumnOptions, 'scenarios' | 'say'>): Promise<BuiltForAudit> {
  const compared = comparedVersion(version);
  if (compared.outside) say(`faultline: ${compared.outside}`);
  const entries = catalogue.map((scenario) => forNext(scenario, compared.version));
  const placement = selected(placeCatalogue(faultline, dir, { ...app, next: version }, entries), scenarios);
  if (placement.placed.length === 0) {
    throw new UsageError(`nothing to audit: ${placement.notApplicable.map((entry) => `${entry.id} is not applicable to this app (${entry.why})`).join('; ')}`);
  }
  say(`Placed ${placement.placed.length} failures under /${AUDIT_SEGMENT}/ in a copy of the app (${dir}); ${placement.notApplicable.length} not applicable`);

  // Anywhere in the app's sources (a `lib/fonts.ts` as much as its layout): the install and dot folders aside.
  const fonts = googleFonts(dir, [dir]);
  const substituted = fonts.length ? [`Google fonts (${[...new Set(fonts.map((font) => font.family))].join(', ')}): next/font/google's stylesheets and files answered on this machine, so the build needs no network`] : [];
  for (const line of substituted) say(`Substituted: ${line}`);
  const offline = fonts.length ? await offlineFonts(fonts, join(dir, '.faultline', 'google-fonts.cjs')) : null;
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...offline?.env };
  try {
    const build = await ensureBuild(dir, env, { log: say });
    say(build.built ? `Built in ${(build.ms / 1000).toFixed(1)} s` : 'Build reused: nothing changed since the last audit');
    return { version, placement, substituted, env, build };
  } finally {
    await offline?.stop();
  }
}

/**
 * Every selected entry of the built app observed in lanes and judged, and every server report of
 * the run accounted for at its end.
 */
export async function observeBuilt(app: AuditedApp, dir: string, { version, placement, substituted, env, build }: BuiltForAudit, { screens, say }: Pick<ColumnOptions, 'screens' | 'say'>): Promise<AuditResult> {
  const started = performance.now();
  const server = await startAuditedServer(dir, env);
  const browser = await launchChromium().catch(async (error) => {
    await server.stop();
    throw error;
  });
  const network = await closedNetwork();
  const session: AuditSession = { server, browser, network, sentry: app.sentry, basePath: app.basePath };
  const result: AuditResult = {
    app: { root: app.root, name: app.name, next: version, sentry: app.sentry, appDir: app.appDir, basePath: app.basePath, packageManager: app.packageManager },
    substituted,
    appFindings: [],
    entries: [],
    notApplicable: placement.notApplicable,
    notJudged: [],
    treeUnchanged: true,
    build: { built: build.built, seconds: Math.round(build.ms / 100) / 10 },
    testSeconds: 0,
  };
  mkdirSync(screens.dir, { recursive: true });
  const audited: AuditResult['entries'] = [];
  const claimed = new Set<string>();
  let unclaimed: AuditReport[] = [];
  try {
    const start = { ...server.mark(), ingest: 0 };
    let done = 0;
    const others = (placed: PlacedEntry) => placement.placed.map((entry) => entry.scenario.id).filter((id) => id !== placed.scenario.id && !placed.reaches.includes(id));
    const run = async (placed: PlacedEntry, index: number) => {
      const observed = await observeAuditEntry(session, placed, server.mark(), others(placed)).catch((error: unknown) => {
        // A part of faultline's that died is no entry of the app's left unjudged: the run stops naming it.
        if (!browser.isConnected()) throw new CannotRun('browser', `Chromium ended during the audit (${placed.scenario.id}: ${(error as Error).message.split('\n')[0]})`);
        if (server.ended()) throw new CannotRun('app server', `next start ended during the audit (${placed.scenario.id}); its log: ${server.logFile}`);
        if (!(error instanceof NotDriven)) throw error;
        result.notJudged.push({ id: placed.scenario.id, why: error.message });
        say(`  [${++done}/${placement.placed.length}] ${placed.scenario.id}: not judged: ${error.message}`);
        return null;
      });
      if (!observed) return;
      for (const event of observed.claimed) claimed.add(eventKey(event));
      const entry = auditEntry(placed.scenario, observed.observation, { sentry: app.sentry });
      const screenshot = observed.screenshot ? join(screens.named, `${placed.scenario.id}.png`) : null;
      if (observed.screenshot) writeFileSync(join(screens.dir, `${placed.scenario.id}.png`), observed.screenshot);
      audited[index] = { ...entry, title: placed.scenario.title, failureClass: placed.scenario.failureClass, url: placed.url, status: observed.observation.status, lines: observed.observation.lines, screenshot, reports: observed.observation.reports.map(reportInBrief), ms: observed.ms };
      say(`  [${++done}/${placement.placed.length}] ${placed.scenario.id}: ${entry.screen}, ${entry.findings.length ? `${entry.findings.length} finding${entry.findings.length > 1 ? 's' : ''}` : 'no finding'}`);
    };
    await inLanes(placement.placed, LANES, run);
    // Every server report of the run, once the last entry's flush is done: what no entry claimed (sent while none ran, or after its own flush) is nobody's.
    await settleServer(server, app.sentry, app.basePath).catch((error: unknown) => {
      // No entry to leave unjudged here: a send that never lands after the last one is the app server's failure.
      throw error instanceof NotDriven ? new CannotRun('app server', error.message) : error;
    });
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
  return result;
}

/** Why part of what was placed went unjudged, in one line; null when every placed entry was judged. */
export function incompleteness(result: AuditResult): string | null {
  if (result.notJudged.length === 0) return null;
  const placed = result.entries.length + result.notJudged.length;
  return `${result.notJudged.length} of ${placed} failures could not be judged, so the audit is incomplete: ${result.notJudged.slice(0, 2).map((entry) => `${entry.id} (${entry.why})`).join('; ')}${result.notJudged.length > 2 ? '; …' : ''}`;
}

/** Audits the app on `next` `version` in its prepared workspace `dir`: built, then observed. */
export async function auditIn(app: AuditedApp, version: string, dir: string, faultline: string, options: ColumnOptions): Promise<AuditResult> {
  return observeBuilt(app, dir, await buildForAudit(app, version, dir, faultline, options), options);
}
