import { ENV } from '../contract';

/**
 * The app the Playwright workers check, as every process reads it from the environment: the
 * reference app that faultline started (its log and the secret of its harness endpoints are the
 * checks'), a deployment (`--base-url`: only what a browser sees), or an audited app (its server
 * read through its files, and the audit's plan). The process that chose it (`harness/serve.ts`:
 * the CLI, or the global setup under `npm test`) writes it (`aimAt`); the workers read it
 * (`appTarget`).
 */
export type AppTarget = StartedTarget | DeployedTarget | AuditedTarget;

export interface StartedTarget {
  kind: 'started';
  url: string;
  /** The server's output file. */
  serverLog: string;
  /** Its harness endpoints, and what they ask of a request. */
  harness: HarnessEndpoints;
}

export interface DeployedTarget {
  kind: 'deployed';
  url: string;
}

/** An audited app: its server's URL, and the file of the audit's plan (its server's files, what its entries are). */
export interface AuditedTarget {
  kind: 'audited';
  url: string;
  plan: string;
}

/** A harness server's endpoints, and what they ask of a request. */
export interface HarnessEndpoints {
  url: string;
  secret: string;
}

/** The variables that carry a target from the process that chose it to the workers. */
export const TARGET_VARIABLES = [ENV.baseUrl, ENV.serverLog, ENV.targetSecret, ENV.auditPlan] as const;

/** Whether faultline started the target: its server's log and reports are the checks' too. */
export const isStarted = (target: AppTarget): target is StartedTarget => target.kind === 'started';

/** The target `env` names, or null where none was chosen (the global setup then starts one). */
export function givenTarget(env: NodeJS.ProcessEnv = process.env): AppTarget | null {
  const url = env[ENV.baseUrl];
  if (!url) return null;
  const plan = env[ENV.auditPlan];
  if (plan) return { kind: 'audited', url, plan };
  const serverLog = env[ENV.serverLog];
  if (!serverLog) return { kind: 'deployed', url };
  const secret = env[ENV.targetSecret];
  if (!secret) throw new Error(`${ENV.targetSecret} is not set for the server faultline started.`);
  return { kind: 'started', url, serverLog, harness: { url, secret } };
}

/** The target the workers check; the global setup (or the CLI) chose it before they started. */
export function appTarget(env: NodeJS.ProcessEnv = process.env): AppTarget {
  const target = givenTarget(env);
  if (!target) throw new Error(`${ENV.baseUrl} is not set: the global setup did not run.`);
  return target;
}

/** Writes `target` into `env` for the processes it starts (null: none, so that they start their own); an earlier target's variables never stay. */
export function aimAt(env: NodeJS.ProcessEnv, target: AppTarget | null): NodeJS.ProcessEnv {
  for (const name of TARGET_VARIABLES) delete env[name];
  if (!target) return env;
  env[ENV.baseUrl] = target.url;
  if (isStarted(target)) Object.assign(env, { [ENV.serverLog]: target.serverLog, [ENV.targetSecret]: target.harness.secret });
  if (target.kind === 'audited') env[ENV.auditPlan] = target.plan;
  return env;
}

/** `env` without an enclosing run's target: a run started with it starts (and tests) an app of its own. */
export const withoutTarget = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => aimAt({ ...env }, null);

/** A server faultline started: its log and its harness endpoints are the checks'. */
export const targetOf = (server: { url: string; logFile: string; secret: string }): StartedTarget => ({
  kind: 'started',
  url: server.url,
  serverLog: server.logFile,
  harness: { url: server.url, secret: server.secret },
});
