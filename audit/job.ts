import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { compare, valid } from 'semver';
import { OUT_FOLDERS } from '../contract';
import { CannotRun } from '../harness/failures';
import { parseCookie } from '../harness/settings';
import { versionProblem } from '../harness/next-versions';
import { catalogue } from '../scenarios/catalogue';
import type { OptionsOf } from '../harness/commands';
import { AUDIT_CHECKS, type AuditCheck } from '../verdict/finding';
import { DEFAULT_LEVELS, type CheckLevel } from '../verdict/levels';
import { inspectApp, type InspectedApp } from './app/inspect';
import { BASELINE_FILE, type BaselineRequest } from './baseline-file';
import type { AuditMatrix } from '../verdict/audit-matrix';
import type { AuditResult } from '../verdict/audit-result';
import { RoutesConfigSchema, type RoutesConfig } from './kinds/routes/select';
import type { BuildOptions } from './build';
import type { CheckOptions } from './test-phase';
import { kindsFor } from './kinds';

/**
 * An audit's job, resolved once before anything is copied or built: the app as read, what was
 * asked with the team's config (read from the app's folder, validated) applied, the versions it is
 * audited on, the baseline it is read against. Every stage of the pipeline reads it; none resolves
 * any of it again.
 */

/**
 * What `faultline audit` was asked, as its declaration reads it (harness/commands.ts; the command
 * line: cli/audit.ts), the app's folder and the versions of `--upgrade-to` with those of `--next`;
 * and what the team's config adds: its file, entries skipped with a reason, fields its reports may
 * carry, each check's level.
 */
export type AuditOptions = OptionsOf<'audit'> & {
  app: string;
  /** Whether `--out` was given (else the team's config may name the folder). */
  outGiven: boolean;
  config: string | null;
  skip: Record<string, string>;
  privacyAllow: string[];
  levels: Partial<Record<AuditCheck, CheckLevel>>;
  /** The team's config's `routes`: which of the app's own routes are audited, at which params. */
  routes: RoutesConfig;
};

/**
 * The options with the team's config applied: what the command line gives wins (`--out`, `--next`,
 * `--cookie`, `--baseline`); what only the config says (skipped entries, the privacy allow-list,
 * each check's level) is taken as written. Paths in the config are the app's.
 */
export function withConfig(options: AuditOptions, config: AuditConfig | null, appRoot: string): AuditOptions {
  if (!config) return options;
  return {
    ...options,
    config: config.file,
    out: !options.outGiven && config.out ? resolve(appRoot, config.out) : options.out,
    versions: options.versions.length > 0 || options.upgradeTo ? options.versions : config.next,
    cookies: options.cookies.length > 0 ? options.cookies : config.cookies.map(parseCookie),
    baseline: options.baseline ?? (config.baseline ? resolve(appRoot, config.baseline) : undefined),
    skip: Object.fromEntries(Object.entries(config.skip).map(([id, why]) => [id, `skipped in ${config.file}: ${why}`])),
    privacyAllow: config.privacyAllow,
    levels: { ...options.levels, ...config.checks },
    routes: config.routes,
  };
}

/** The versions' order in the matrix: the app's own and the others, each once, oldest first; what is not a version at the end, as given. */
export function matrixVersions(own: string, others: readonly string[]): string[] {
  const all = [...new Set([own, ...others])];
  return [...all.filter((version) => valid(version)).sort(compare), ...all.filter((version) => !valid(version))];
}

/** Where a team keeps its audit's settings in its app, the first of these that is there. */
export const CONFIG_FILES = ['faultline.config.ts', 'faultline.config.mjs', 'faultline.config.js', 'faultline.config.json'];

/** A team's audit config, validated: every field optional, every one the same as its command-line option where there is one. */
export interface AuditConfig {
  /** The file it came from, as the app names it. */
  file: string;
  checks: Partial<Record<AuditCheck, CheckLevel>>;
  /** Entries not placed, each with the team's reason. */
  skip: Record<string, string>;
  /** Fields the team means its reports to carry (as a privacy finding's evidence names them: `user.ip_address`, a header's name). */
  privacyAllow: string[];
  /** A session past the app's wall (`NAME=VALUE`, as `--cookie`). */
  cookies: string[];
  /** `next` versions to audit the app on besides its own (as `--next`). */
  next: string[];
  /** The outputs folder (as `--out`), relative to the app. */
  out?: string;
  /** The baseline file (as `--baseline`), relative to the app. */
  baseline?: string;
  /** Which of the app's own routes are audited under backend faults. */
  routes: RoutesConfig;
}

const level = z.enum(['error', 'warn', 'off']);

/** A key of the config: what it takes, what the audit does where the config does not say (its default), and the one comment `faultline init` writes above it. */
interface ConfigKey<S extends z.ZodType> {
  schema: S;
  default: z.output<S>;
  help: string;
}
const key = <S extends z.ZodType>(declared: ConfigKey<S>) => declared;

/** Every key a config takes, declared once: the schema reads them, and `faultline init` writes them, each with its default (cli/init/config-file.ts). */
const KEYS = {
  checks: key({
    schema: z.strictObject(Object.fromEntries(AUDIT_CHECKS.map((check) => [check, level.optional()])) as Record<AuditCheck, z.ZodOptional<typeof level>>),
    default: DEFAULT_LEVELS,
    help: 'each check: error fails the audit, warn is said and fails nothing, off is not judged',
  }),
  skip: key({
    schema: z.record(z.string(), z.string().min(1, 'a reason the team reads')),
    default: {},
    help: "entries not placed, each with the team's reason: { 'client-effect-throws': 'why' } (the ids: npx faultline list)",
  }),
  privacy: key({
    schema: z.strictObject({ allow: z.array(z.string().min(1)) }),
    default: { allow: [] },
    help: "fields your reports are meant to carry, as a privacy finding's evidence names them ('user.ip_address', a header's name)",
  }),
  cookies: key({
    schema: z.array(z.string().regex(/^[!#$%&'*+\-.^_`|~\w]+=[^;\r\n]*$/, 'NAME=VALUE, as --cookie takes it')),
    default: [],
    help: "cookies every page and request of the audit sends, NAME=VALUE: a session past the app's login wall (as --cookie)",
  }),
  next: key({ schema: z.array(z.string()), default: [], help: 'next versions to audit the app on besides its own (as --next)' }),
  // The default of --out, as harness/commands.ts declares it.
  out: key({ schema: z.string().min(1), default: OUT_FOLDERS.audit, help: "the audit's reports, from the app's folder (as --out)" }),
  baseline: key({ schema: z.string().min(1), default: BASELINE_FILE, help: "the findings the team accepts, from the app's folder (as --baseline)" }),
  routes: key({
    schema: RoutesConfigSchema,
    default: {},
    help: "the app's own routes loaded with each backend refused, answering 500, hanging: { include: ['/dashboard', '/admin/**'], exclude: [], params: { '/products/[id]': { id: '7' } }, limit: 50 }",
  }),
};

/** The keys a config takes, in the order `faultline init` writes them. */
export const CONFIG_KEY_NAMES = Object.keys(KEYS) as (keyof typeof KEYS)[];

/** Each key's default and comment, for the config `faultline init` writes. */
export const configKeys = (): readonly { name: string; default: unknown; help: string }[] =>
  CONFIG_KEY_NAMES.map((name) => ({ name, default: KEYS[name].default, help: KEYS[name].help }));

const ConfigSchema = z.strictObject({
  checks: KEYS.checks.schema.optional(),
  skip: KEYS.skip.schema.optional(),
  privacy: KEYS.privacy.schema.optional(),
  cookies: KEYS.cookies.schema.optional(),
  next: KEYS.next.schema.optional(),
  out: KEYS.out.schema.optional(),
  baseline: KEYS.baseline.schema.optional(),
  routes: KEYS.routes.schema.optional(),
} satisfies Record<keyof typeof KEYS, z.ZodType>);

/** What the file exports (its default export; a JSON file's content). */
async function loaded(root: string, file: string): Promise<unknown> {
  const path = resolve(root, file);
  try {
    if (file.endsWith('.json')) return JSON.parse(readFileSync(path, 'utf8'));
    const module = (await import(pathToFileURL(path).href)) as { default?: unknown };
    return module.default;
  } catch (error) {
    throw new CannotRun('config', `${file} did not load: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * The team's config in the app at `root` (null when it has none), validated as the catalogue is:
 * every problem at once, each naming its field, exit 2; entries and versions checked against what
 * faultline knows, not only their shape.
 */
export async function readAuditConfig(root: string, named: string | null = null): Promise<AuditConfig | null> {
  if (named !== null && !existsSync(resolve(named))) throw new CannotRun('config', `--config ${named}: no such file`);
  const file = named !== null ? resolve(named) : CONFIG_FILES.find((name) => existsSync(join(root, name)));
  if (!file) return null;
  const given = await loaded(root, file);
  const checked = ConfigSchema.safeParse(given);
  const problems = checked.success ? [] : checked.error.issues.map((issue) => `${issue.path.join('.') || '(its export)'}: ${issue.message}`);
  // What faultline knows beyond the shape (its entries, the versions it audits on), checked on what was given, so that every problem is said at once.
  const raw = (typeof given === 'object' && given !== null ? given : {}) as { skip?: unknown; next?: unknown };
  const ids = new Set(catalogue.map((scenario) => scenario.id));
  if (typeof raw.skip === 'object' && raw.skip !== null)
    for (const id of Object.keys(raw.skip)) if (!ids.has(id)) problems.push(`skip.${id}: no entry of the catalogue has this id (npx faultline list)`);
  if (Array.isArray(raw.next))
    raw.next.forEach((version: unknown, at) => {
      const problem = typeof version === 'string' ? versionProblem(version) : null;
      if (problem) problems.push(`next.${at}: ${String(version)} is ${problem}`);
    });
  if (!checked.success || problems.length > 0) throw new CannotRun('config', `${file} is not a faultline config: ${problems.join('; ')}`);
  const config = checked.data;
  return {
    file,
    checks: config.checks ?? {},
    skip: config.skip ?? {},
    privacyAllow: config.privacy?.allow ?? [],
    cookies: config.cookies ?? [],
    next: config.next ?? [],
    ...(config.out && { out: config.out }),
    ...(config.baseline && { baseline: config.baseline }),
    routes: config.routes ?? {},
  };
}

export interface AuditJob {
  /** The app as read before anything of it runs. */
  app: InspectedApp;
  /** What was asked, the team's config applied. */
  options: AuditOptions;
  /** Where its outputs go (`--out`, or the config's `out`), resolved, and what set it, as a line names it. */
  out: string;
  outSetBy: string;
  /** The versions audited: the app's own alone, or, over versions (`--next`, `--upgrade-to`, the config's `next`), each once, oldest first. */
  versions: string[];
  /** Whether it is audited over versions: an audit matrix. */
  overVersions: boolean;
  /** The team's baseline, and what `--update-baseline` and `--prune-baseline` ask of it. */
  baseline: BaselineRequest;
}

/** How the outputs name the baseline at `file` (null: the app's own): by its path in the app when it is there (a config's), else as given. */
export function baselineNamed(appRoot: string, file: string | null): string {
  if (file === null) return BASELINE_FILE;
  const inApp = relative(appRoot, resolve(file));
  return inApp.startsWith('..') || isAbsolute(inApp) ? file : inApp;
}

/** The job of `faultline audit`: the app read, the team's config read and applied, the versions and the baseline resolved. */
export async function resolveJob(given: AuditOptions): Promise<AuditJob> {
  const app = inspectApp(given.app);
  const options = withConfig(given, await readAuditConfig(app.root, given.configFile ?? null), app.root);
  const overVersions = options.versions.length > 0;
  return {
    app,
    options,
    out: resolve(options.out),
    // The config's `out` is the folder only where it set one and the command line did not.
    outSetBy: options.out !== given.out ? `out in ${options.config}` : '--out',
    versions: overVersions ? matrixVersions(app.next, options.versions) : [app.next],
    overVersions,
    baseline: {
      file: options.baseline ? resolve(options.baseline) : join(app.root, BASELINE_FILE),
      named: baselineNamed(app.root, options.baseline ?? null),
      update: options.updateBaseline,
      prune: options.pruneBaseline,
      wholeApp: options.scenarios.length === 0 && options.routePicks.length === 0 && !options.shard,
    },
  };
}

/** The outputs folder an audit writes to, and where it stages its screens and traces until it is complete. */
export interface Outputs {
  out: string;
  staging: string;
}

/** What the pipeline asks of whoever runs it (the command line): lines said, a step's live progress, and the stop. */
export interface AuditIO {
  say(line: string): void;
  /** Told what the audit is doing (a signal that stops it names the stage), and listened to. */
  stopping: { stage: string; readonly signal: AbortSignal };
  /** An audit over versions' progress: the step under way ticking, finished steps and notes as lines above it. */
  progress: { start(label: string): void; note(line: string): void; end(what: string): number; detail: string };
  /** Told how far the test phase of an audit of the app on its own `next` is, as each entry's check ends (its line is said besides). */
  entries?(done: number, total: number): void;
}

/**
 * What the build and check stages take from the job, for the app on its own `next` and for each
 * version alike, declared once: each caller adds only its own (where screens go, how progress is
 * told, the trace and the shard). Over versions the placed failures are compared, and the app's
 * own routes only where `--route` names them (each route's loads would run on every version).
 */
export function stageOptions({ options, overVersions }: AuditJob, stopping: AuditIO['stopping'], say: (line: string) => void) {
  const { limits, scenarios, skip, workers, cookies, privacyAllow } = options;
  const kinds = kindsFor(overVersions ? { ...options, noRoutes: options.noRoutes || options.routePicks.length === 0 } : options);
  const build: BuildOptions = { kinds, scenarios, say, limits, stopping, skip };
  const check: Omit<CheckOptions, 'screens'> = { say, limits, stopping, workers, cookies, privacyAllow };
  return { build, check };
}

/** What an audit comes to, written: one audit of the app (`report.json` and the rest), or its matrix over versions. */
export type AuditOutcome = { result: AuditResult; out: string } | { matrix: AuditMatrix; out: string; seconds: number };

/** What an audit holds once it started: its outputs' folder, and the browser being proven. */
export interface Started extends Outputs {
  /** The browser proven to start, while the app is copied: awaited before anything is built. */
  browser: Promise<unknown>;
}

/** An audit under way: started, and able to prove the app's tree unchanged. */
export interface Running extends Started {
  /** Throws when the app's files changed since the audit began (its `distDir` aside, which only Next writes). */
  proveUnchanged(distDir: string): void;
}
