import { join, resolve } from 'node:path';
import { compare, valid } from 'semver';
import { UsageError } from '../harness/failures';
import type { Limits } from '../harness/limits';
import type { AuditCheck } from '../verdict/finding';
import type { CheckLevel } from '../verdict/levels';
import { inspectApp, type InspectedApp } from './app/inspect';
import { BASELINE_FILE, type BaselineRequest } from './baseline';
import { readAuditConfig, type AuditConfig } from './config';

/**
 * An audit's job, resolved once before anything is copied or built: the app as read, what was
 * asked with the team's config applied, the versions it is audited on, the baseline it is read
 * against. Every stage of the pipeline reads it; none resolves any of it again.
 */

/** What `faultline audit` was asked (the command line reads it: cli/audit.ts), and what the team's config adds. */
export interface AuditOptions {
  app: string;
  scenarios: string[];
  out: string;
  /** Other `next` versions to audit the app on besides its own (`--next`); empty: its own only. */
  versions: string[];
  /** The version whose upgrade from the app's own the audit matrix answers (`--upgrade-to`). */
  upgradeTo: string | null;
  /** Observe again where nothing changed since the last audit matrix. */
  fresh: boolean;
  /** Playwright workers, each with its browser (unset: the audit's default, `DEFAULT_WORKERS.audit`). */
  workers?: number;
  /** This audit checks shard `current` of `total` of the placed entries (`--shard`); `faultline merge` joins the shards. */
  shard: { current: number; total: number } | null;
  /** Keep a trace of every entry with a finding, and Playwright's HTML report (`--trace`). */
  trace: boolean;
  /** How long each stage may take (`--limit STAGE=SECONDS`). */
  limits: Limits;
  /** Remove every audit workspace instead of auditing (`--clean`, without an app). */
  clean: boolean;
  /** Cookies every page, request and flush sends to the app (`--cookie NAME=VALUE`): a session past a login wall. */
  cookies: AuditCookie[];
  /** The team's baseline file as given (`--baseline`; null: `faultline-baseline.json` in the app's folder). */
  baseline: string | null;
  /** Write the baseline accepting every finding (`--update-baseline`), drop the fixed ones from it (`--prune-baseline`). */
  updateBaseline: boolean;
  pruneBaseline: boolean;
  /** Whether `--out` was given (else the team's config may name the folder). */
  outGiven: boolean;
  /** The team's config file as given (`--config`; null: the one in the app's folder, if any). */
  configFile: string | null;
  /** From the team's config in the app (`faultline.config.*`): its file, entries skipped with a reason, fields its reports may carry, each check's level. */
  config: string | null;
  skip: Record<string, string>;
  privacyAllow: string[];
  levels: Partial<Record<AuditCheck, CheckLevel>>;
}

/** A cookie `--cookie` gives the audit's visits to the app. */
export interface AuditCookie {
  name: string;
  value: string;
}

/** `NAME=VALUE`, the name a cookie name (RFC 6265's token), the value anything but `;`. */
export function parseCookie(given: string): AuditCookie {
  const at = given.indexOf('=');
  const name = given.slice(0, Math.max(at, 0));
  const value = given.slice(at + 1);
  if (at < 1 || !/^[!#$%&'*+\-.^_`|~\w]+$/.test(name) || /[;\r\n]/.test(value))
    throw new UsageError(`Bad --cookie "${name || given.split('=')[0]}=…": NAME=VALUE, with NAME a cookie name and VALUE without ";" or a line break`);
  return { name, value };
}

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
    baseline: options.baseline ?? (config.baseline ? resolve(appRoot, config.baseline) : null),
    skip: Object.fromEntries(Object.entries(config.skip).map(([id, why]) => [id, `skipped in ${config.file}: ${why}`])),
    privacyAllow: config.privacyAllow,
    levels: config.checks,
  };
}

/** The versions' order in the matrix: the app's own and the others, each once, oldest first; what is not a version at the end, as given. */
export function matrixVersions(own: string, others: readonly string[]): string[] {
  const all = [...new Set([own, ...others])];
  return [...all.filter((version) => valid(version)).sort(compare), ...all.filter((version) => !valid(version))];
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

/** The job of `faultline audit`: the app read, the team's config read and applied, the versions and the baseline resolved. */
export async function resolveJob(given: AuditOptions): Promise<AuditJob> {
  const app = inspectApp(given.app);
  const options = withConfig(given, await readAuditConfig(app.root, given.configFile), app.root);
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
      named: options.baseline ?? BASELINE_FILE,
      update: options.updateBaseline,
      prune: options.pruneBaseline,
      wholeApp: options.scenarios.length === 0 && !options.shard,
    },
  };
}
