import type { TargetServer } from './app-server';
import { launchAuditedServer, planAuditedServer, writeAuditPlan, type AuditedServer, type AuditedServerFiles, type AuditPlan } from './audited-app';
import { hasBuild } from './build';
import { distDirOf } from '../scenarios/configurations';
import { launchHarnessApp, planHarnessApp, type HarnessAppOptions, type HarnessPlan } from './harness-app';
import { targetOf, type AppTarget } from './target';

/**
 * The app a command checks, as Next's own test harness names its modes (`test/lib/next-modes`:
 * start, dev, deploy): the reference app's production build started here, `next dev`, a
 * deployment faultline only loads; or an audited app, its built copy started with the intercept
 * (`harness/audited-app.ts`). Each behind the one server interface (`TargetServer`).
 */
export type TargetMode = 'start' | 'dev' | 'deployed' | 'audited';

/** An audited app's built workspace, to be started, and the plan its workers read, made once its server's place and files are chosen. */
export interface AuditedSpec {
  mode: 'audited';
  workspace: string;
  env: NodeJS.ProcessEnv;
  basePath: string;
  /** How long its server may take to answer (`--limit start`). */
  limitSeconds: number;
  /** Where the plan is written. */
  planFile: string;
  /** What the audit's kinds run in its server after the intercept (`--import=` options). */
  preloads?: readonly string[];
  plan(server: AuditedServerFiles): AuditPlan;
}

export type TargetSpec =
  | ({ mode: 'start' | 'dev' } & Omit<HarnessAppOptions, 'dev' | 'plan'>)
  | {
      mode: 'deployed';
      url: string;
    }
  | AuditedSpec;

/** A target chosen, before anything starts: what the workers are told, and how its server comes up. */
export interface PlannedTarget<Server extends TargetServer = TargetServer> {
  target: AppTarget;
  /** Whether launching it may build first (a production start with no build there): what checks it waits for that build. */
  mayBuild: boolean;
  launch(): Promise<Server>;
}

/** The mode a command's options ask for: a deployment given by URL, else `next dev` when asked, else a production start. */
export const modeOf = ({ baseUrl, dev = false }: { baseUrl?: string; dev?: boolean }): Exclude<TargetMode, 'audited'> =>
  baseUrl ? 'deployed' : dev ? 'dev' : 'start';

/** The target a command's options choose (`--base-url`, `--dev`), with how the reference app is started where it is. */
export function targetSpecOf(asked: { baseUrl?: string; dev?: boolean }, start: Omit<HarnessAppOptions, 'dev' | 'plan'>): TargetSpec {
  const mode = modeOf(asked);
  return mode === 'deployed' ? { mode, url: asked.baseUrl! } : { mode, ...start };
}

/**
 * A deployment's server, as far as faultline has one: nothing to start, stop or watch; whether it
 * answers is checked where the checks start (the global setup), as for any target given by URL.
 */
const deployedServer = (url: string): TargetServer => ({ url, ready: Promise.resolve(), exited: new Promise(() => {}), stop: async () => {} });

/**
 * The one place a target is chosen: where it will serve and what the workers read, known before
 * its build is checked (a fixed port proven free), and its launch.
 */
export async function planTarget(spec: AuditedSpec): Promise<PlannedTarget<AuditedServer>>;
export async function planTarget(spec: TargetSpec): Promise<PlannedTarget>;
export async function planTarget(spec: TargetSpec): Promise<PlannedTarget> {
  if (spec.mode === 'audited') return planAudited(spec);
  if (spec.mode === 'deployed') {
    const server = deployedServer(spec.url);
    return { target: { kind: 'deployed', url: spec.url }, mayBuild: false, launch: async () => server };
  }
  const { mode, ...options } = spec;
  const plan: HarnessPlan = await planHarnessApp(options);
  return {
    target: targetOf({ url: plan.url, logFile: plan.logFile, secret: plan.secret }),
    mayBuild: mode === 'start' && !hasBuild(options.root, distDirOf(options.env ?? process.env)),
    launch: () => launchHarnessApp({ ...options, dev: mode === 'dev', plan }),
  };
}

/** A target planned and launched, once it serves. */
export async function startTarget(spec: TargetSpec): Promise<{ target: AppTarget; server: TargetServer }> {
  const planned = await planTarget(spec);
  const server = await planned.launch();
  await server.ready;
  return { target: planned.target, server };
}

/** An audited app's server placed (a free port, its files), its plan written where the workers read it, its launch. */
async function planAudited({ workspace, env, basePath, limitSeconds, planFile, preloads = [], plan }: AuditedSpec): Promise<PlannedTarget<AuditedServer>> {
  const server = await planAuditedServer(workspace);
  writeAuditPlan(planFile, plan({ url: server.url, logFile: server.logFile, ingestLog: server.ingestLog }));
  return {
    target: { kind: 'audited', url: server.url, plan: planFile },
    mayBuild: false,
    launch: () => launchAuditedServer(server, env, { basePath, limitSeconds, preloads }),
  };
}
