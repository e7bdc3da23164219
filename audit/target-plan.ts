import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltForAudit } from './build';
import { readReporters } from './app/error-reporters';
import type { AuditedServerFiles, AuditPlan } from '../harness/audited-app';
import { DEFAULT_LIMITS, type Limits } from '../harness/limits';

/**
 * The audited target's plan, the file its target names (`harness/target.ts`): what its workers read
 * of the audit beside its server's files (the app's reporting, what each kind planned, where
 * outputs go), the servers each kind runs beside the intercept, and the files its test phase keeps.
 */

/** What the plan takes of the audit's options. */
export interface PlanOptions {
  /** How long each stage may take. */
  limits?: Limits;
  /** Where the traces of entries with a finding and Playwright's HTML report of the checks go (`--trace`; none without). */
  reportDir?: string;
  /** Where screenshots go, and how the report names that folder (relative to its outputs). */
  screens: { dir: string; named: string };
  /** Cookies every visit of the audit sends to the app (`--cookie`). */
  cookies?: { name: string; value: string }[];
  /** Fields the team means its reports to carry (its config's `privacy.allow`). */
  privacyAllow?: readonly string[];
}

/** The files an audit's test phase keeps in the workspace's `.faultline`. */
export function phaseFiles(dir: string) {
  const state = join(dir, '.faultline');
  return {
    dir,
    state,
    plan: join(state, 'audit-plan.json'),
    events: join(state, 'audit-events.jsonl'),
    abort: join(state, `abort-${process.pid}.jsonl`),
    runnerLog: join(state, 'runner.log'),
  };
}
export type PhaseFiles = ReturnType<typeof phaseFiles>;

/** What each kind that planned entries runs in the audited server beside the intercept, and the log it writes there. */
export function kindServers({ kinds, placements }: Pick<BuiltForAudit, 'kinds' | 'placements'>, state: string) {
  return kinds.flatMap((kind, i) => {
    const server = placements[i].entries.length > 0 ? kind.server?.(placements[i].entries, state) : null;
    if (!server) return [];
    writeFileSync(server.log, '');
    return [{ kind: kind.name, ...server }];
  });
}
export type KindServers = ReturnType<typeof kindServers>;

/** What the workers read of the audit, beside its server's files: the app's reporting, what each kind planned, where outputs go. */
export function planOf(
  server: AuditedServerFiles,
  files: PhaseFiles,
  { app, kinds, placements, plumbing }: Pick<BuiltForAudit, 'app' | 'kinds' | 'placements' | 'plumbing'>,
  servers: KindServers,
  { screens, reportDir, cookies = [], privacyAllow = [], limits = DEFAULT_LIMITS }: PlanOptions,
): AuditPlan {
  if (reportDir) mkdirSync(join(reportDir, 'traces'), { recursive: true });
  return {
    server,
    workspace: files.dir,
    sentry: app.sentry,
    sentrySetup: app.sentrySetup,
    reads: readReporters(app.otherReporters),
    browserReporters: app.browserReporters.map(({ name, via }) => `${name} (${via})`),
    basePath: app.basePath,
    proxy: app.ownProxy ? { file: app.appDir.startsWith('src') ? `src/${app.ownProxy}` : app.ownProxy, workspace: files.dir, distDir: app.distDir } : null,
    cookies,
    privacyAllow: [...privacyAllow],
    startLimitSeconds: limits.start,
    entries: Object.fromEntries(kinds.map((kind, i) => [kind.name, placements[i].entries])),
    serverLogs: Object.fromEntries(servers.map(({ kind, log }) => [kind, log])),
    countsDeliveries: plumbing.countsDeliveries,
    flushRoute: plumbing.flushes ? plumbing.flushRoute : null,
    screens,
    traces: reportDir ? { dir: join(reportDir, 'traces'), named: 'traces' } : null,
  };
}
