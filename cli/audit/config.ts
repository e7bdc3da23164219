import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { CannotRun } from '../../harness/failures';
import { catalogue } from '../../scenarios/catalogue';
import { AUDIT_CHECKS, type AuditCheck } from '../../verdict/finding';
import type { CheckLevel } from '../../verdict/levels';
import { versionProblem } from '../columns';
import { declaredOptions } from '../options';
import { BASELINE_FILE } from './baseline';

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
    default: Object.fromEntries(AUDIT_CHECKS.map((check) => [check, 'error' as const])),
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
  out: key({ schema: z.string().min(1), default: String(declaredOptions('audit').out.default), help: "the audit's reports, from the app's folder (as --out)" }),
  baseline: key({ schema: z.string().min(1), default: BASELINE_FILE, help: "the findings the team accepts, from the app's folder (as --baseline)" }),
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
  };
}
