import { resolve } from 'node:path';
import { catalogue } from '../../scenarios/catalogue';
import type { AuditCheck } from '../../verdict/finding';
import type { CheckLevel } from '../../verdict/levels';
import type { AuditConfig } from '../../audit/config';
import { parseLimits, type Limits } from '../../harness/limits';
import { parseCommandArgs } from '../args';
import { nextVersions, versionProblem } from '../../harness/next-versions';
import { optionValue, parseOptionsOf } from '../options';
import { resolveScenario } from '../select';
import { UsageError } from '../usage-error';

/** What `faultline audit` was asked: the app, the selection, the versions, where its outputs go. */
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
function parseCookie(given: string): AuditCookie {
  const at = given.indexOf('=');
  const name = given.slice(0, Math.max(at, 0));
  const value = given.slice(at + 1);
  if (at < 1 || !/^[!#$%&'*+\-.^_`|~\w]+$/.test(name) || /[;\r\n]/.test(value))
    throw new UsageError(`Bad --cookie "${name || given.split('=')[0]}=…": NAME=VALUE, with NAME a cookie name and VALUE without ";" or a line break`);
  return { name, value };
}

export function parseAuditArgs(argv: string[]): AuditOptions {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: parseOptionsOf('audit'),
    strict: true,
    allowPositionals: true,
  });
  // --clean takes nothing else, so every other value is its default and passes the checks below.
  if (values.clean && argv.length > 1) throw new UsageError(`--clean removes every audit workspace and takes nothing else (got ${argv.join(' ')})`);
  if (!values.clean && positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'audit needs the folder of the app to audit: faultline audit ../my-app'
        : `audit takes one app folder (got ${positionals.join(' ')})`,
    );
  for (const id of values.scenario) resolveScenario(catalogue, id);
  const versions = nextVersions(values.next);
  const upgradeTo = values['upgrade-to']?.trim() ?? null;
  if (upgradeTo !== null) {
    const problem = versionProblem(upgradeTo);
    if (problem) throw new UsageError(`Bad --upgrade-to "${upgradeTo}": ${problem}`);
  }
  if (values.fresh && versions.length === 0 && upgradeTo === null)
    throw new UsageError('--fresh applies to an audit over versions (--next or --upgrade-to): a single audit always observes afresh');
  const workers = optionValue('audit', 'workers', values.workers);
  const shard = optionValue('audit', 'shard', values.shard) ?? null;
  if ((values['update-baseline'] || values['prune-baseline']) && (versions.length > 0 || upgradeTo !== null || shard))
    throw new UsageError(
      `--${values['update-baseline'] ? 'update' : 'prune'}-baseline writes the baseline from one whole audit of the app on its own next (not over versions, not a shard)`,
    );
  if (shard && (versions.length > 0 || upgradeTo !== null))
    throw new UsageError('--shard splits an audit of the app on its own next; an audit over versions (--next, --upgrade-to) is not sharded');
  return {
    app: positionals[0] ?? '.',
    scenarios: values.scenario,
    out: values.out,
    versions: [...new Set([...versions, ...(upgradeTo ? [upgradeTo] : [])])],
    upgradeTo,
    fresh: values.fresh,
    workers,
    shard,
    trace: values.trace,
    limits: parseLimits(values.limit),
    clean: values.clean,
    cookies: values.cookie.map(parseCookie),
    baseline: values.baseline ?? null,
    updateBaseline: values['update-baseline'],
    pruneBaseline: values['prune-baseline'],
    outGiven: argv.some((arg) => arg === '--out' || arg.startsWith('--out=')),
    configFile: values.config ?? null,
    config: null,
    skip: {},
    privacyAllow: [],
    levels: {},
  };
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
