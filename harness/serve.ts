import type { TargetServer } from './app-server';
import { hasBuild } from './build';
import { distDirOf } from '../scenarios/configurations';
import { launchHarnessApp, planHarnessApp, type HarnessAppOptions, type HarnessPlan } from './harness-app';
import { targetOf, type AppTarget } from './target';

/**
 * How the reference app is served for a run or a repro, as Next's own test harness names its modes
 * (`test/lib/next-modes`: start, dev, deploy): a production build started here, `next dev`, or a
 * deployment faultline only loads. An audited app is the fourth target, started by its own launch
 * (`harness/audited-app.ts`) behind the same server interface (`TargetServer`).
 */
export type TargetMode = 'start' | 'dev' | 'deployed';

export type TargetSpec =
  | ({ mode: 'start' | 'dev' } & Omit<HarnessAppOptions, 'dev' | 'plan'>)
  | {
      mode: 'deployed';
      url: string;
    };

/** A target chosen, before anything starts: what the workers are told, and how its server comes up. */
export interface PlannedTarget {
  target: AppTarget;
  /** Whether launching it may build first (a production start with no build there): what checks it waits for that build. */
  mayBuild: boolean;
  launch(): Promise<TargetServer>;
}

/** The mode a command's options ask for: a deployment given by URL, else `next dev` when asked, else a production start. */
export const modeOf = ({ baseUrl, dev = false }: { baseUrl?: string; dev?: boolean }): TargetMode => (baseUrl ? 'deployed' : dev ? 'dev' : 'start');

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
export async function planTarget(spec: TargetSpec): Promise<PlannedTarget> {
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
