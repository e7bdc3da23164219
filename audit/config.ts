import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { CannotRun } from '../harness/failures';
import { catalogue } from '../scenarios/catalogue';
import { AUDIT_CHECKS, type AuditCheck } from '../verdict/finding';
import type { CheckLevel } from '../verdict/levels';
import { versionProblem } from '../harness/next-versions';

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
const ConfigSchema = z.strictObject({
  checks: z
    .strictObject(Object.fromEntries(AUDIT_CHECKS.map((check) => [check, level.optional()])) as Record<AuditCheck, z.ZodOptional<typeof level>>)
    .optional(),
  skip: z.record(z.string(), z.string().min(1, 'a reason the team reads')).optional(),
  privacy: z.strictObject({ allow: z.array(z.string().min(1)) }).optional(),
  cookies: z.array(z.string().regex(/^[!#$%&'*+\-.^_`|~\w]+=[^;\r\n]*$/, 'NAME=VALUE, as --cookie takes it')).optional(),
  next: z.array(z.string()).optional(),
  out: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
});

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
