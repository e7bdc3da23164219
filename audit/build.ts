import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configuredApp, type AuditedApp, type InspectedApp } from './app/inspect';
import { DEFAULT_LIMITS, type Limits } from '../harness/limits';
import { resolveNextConfig } from './app/next-config';
import { googleFonts, offlineFonts } from './fonts';
import { configurationOfApp, entriesToPlace, placeCatalogue, type Placement } from './kinds/placed/placement';
import { buildHoldsPlacedRoutes, proxyRunsFor } from '../harness/build-manifests';
import { workspaceNodePath } from './workspace';
import { ensureBuild, forgetBuild } from '../harness/build';
import { AUDIT_SEGMENT } from '../contract';
import { CannotRun, UsageError } from '../harness/failures';
import { catalogue } from '../scenarios/catalogue';
import { comparedVersion, forNext } from '../scenarios/versions';

/**
 * The first half of an audit's column, what only an audit does: the catalogue placed in the app's
 * workspace (the entries the app cannot hold said not applicable, with why) and the app built
 * there, offline. Observing the build is the engine's (`column.ts`).
 */

/** The part of a placement a `--scenario` selection asks for (all of it without one), without the entries the team skips (not applicable, with its reason). */
function selected(placement: Placement, ids: readonly string[], skip: Readonly<Record<string, string>> = {}): Placement {
  const asked = (id: string) => ids.length === 0 || ids.includes(id);
  return {
    ...placement,
    placed: placement.placed.filter((entry) => asked(entry.scenario.id) && !(entry.scenario.id in skip)),
    notApplicable: [
      ...placement.notApplicable.filter((entry) => asked(entry.id)),
      ...placement.placed
        .filter((entry) => asked(entry.scenario.id) && entry.scenario.id in skip)
        .map((entry) => ({ id: entry.scenario.id, why: skip[entry.scenario.id] })),
    ],
  };
}

/** What placing and building ask of an audit. */
export interface BuildOptions {
  /** The `--scenario` selection (every entry without one). */
  scenarios: readonly string[];
  say: (line: string) => void;
  /** How long each stage may take. */
  limits?: Limits;
  /** Told what the audit is doing (a signal that stops it names the stage), and listened to. */
  stopping?: { stage: string; readonly signal: AbortSignal };
  /** Entries not placed, each with the team's reason (its config's `skip`). */
  skip?: Readonly<Record<string, string>>;
}

/** The app built with the catalogue placed: what observing it needs. */
export interface BuiltForAudit {
  /** The app with its config as Next resolved it in this workspace. */
  app: AuditedApp;
  version: string;
  placement: Placement;
  substituted: string[];
  env: NodeJS.ProcessEnv;
  build: { built: boolean; ms: number };
}

/**
 * A build that fails in a file faultline placed is faultline's failure, never the app's: the line
 * names the placed file and says so (a placed route Next refuses, or cannot prerender as placed).
 * A placed page whose prerendering failed is not enough: the placed pages render nothing
 * of their own before they are dynamic, so what failed is what the app renders around them (a
 * provider missing its config): the app's build, said with where it surfaced.
 */
export function blamePlacedFiles(error: unknown): never {
  if (!(error instanceof CannotRun) || error.part !== 'build') throw error;
  const [said, log] = error.message.split('; its log: ');
  // A placed file Next refuses, or a placed route it cannot prerender as placed (Cache Components: request-time data outside <Suspense>).
  if (
    new RegExp(
      `[\\/]${AUDIT_SEGMENT}[\\/][^\\s:'"]*\\.[cm]?[jt]sx?\\b|Route "[^"]*/${AUDIT_SEGMENT}/[^"]*": Next\\.js encountered uncached or runtime data`,
    ).test(said)
  )
    throw new CannotRun(
      'placed failures',
      `what faultline placed in the app does not build there, which is faultline's to fix, not the app's: ${error.message.replace(/^next build failed \(exit \d+\): /, '')}`,
    );
  if (new RegExp(`prerendering page "[^"]*/${AUDIT_SEGMENT}/`).test(said))
    throw new CannotRun(
      'build',
      `${said} (a page faultline placed, failing in what the app renders around every page: its layouts, providers or config)${log === undefined ? '' : `; its log: ${log}`}`,
    );
  throw error;
}

/** The placement, unless none of the selected entries can be placed in the app: one line saying why of each. */
function refuseNothingPlaced(placement: Placement): Placement {
  if (placement.placed.length > 0) return placement;
  throw new UsageError(`nothing to audit: ${placement.notApplicable.map((entry) => `${entry.id} is not applicable to this app (${entry.why})`).join('; ')}`);
}

/**
 * The placement with the proxy entry moved to not applicable when the app's own proxy (wrapped
 * with the entry's failure) does not run for the entry's route: its matcher leaves it out, so the
 * failure could never happen there, and the page answering would be judged as if it had.
 */
function proxyEntryRuns(placement: Placement, app: AuditedApp, dir: string): Placement {
  const entry = placement.placed.find((placed) => placed.scenario.failureClass === 'proxy');
  if (!entry || !app.ownProxy || proxyRunsFor(dir, app.distDir, entry.url, app.basePath)) return placement;
  return {
    ...placement,
    placed: placement.placed.filter((placed) => placed !== entry),
    notApplicable: [
      ...placement.notApplicable,
      { id: entry.scenario.id, why: `the app's proxy (${app.ownProxy}) does not run for ${entry.url}: its matcher leaves it out` },
    ],
  };
}

/** Where a workspace keeps the ids of the entries its last build held (its `.faultline/`, kept from one audit to the next). */
const heldFile = (dir: string) => join(dir, '.faultline', 'placed.json');

/** The entries the workspace's last build held (none before its first). */
function heldByLastBuild(dir: string): string[] {
  if (!existsSync(heldFile(dir))) return [];
  try {
    const held: unknown = JSON.parse(readFileSync(heldFile(dir), 'utf8'));
    return Array.isArray(held) ? held.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // Cut off by a stopped audit: the next build says what it holds.
    return [];
  }
}

/**
 * The app on `next` `version` in its prepared workspace `dir`, with the catalogue placed (what the
 * selection needs and what the last build held: `entriesToPlace`) and built offline, or its build
 * reused.
 */
export async function buildForAudit(
  inspected: InspectedApp,
  version: string,
  dir: string,
  faultline: string,
  { scenarios, say, limits = DEFAULT_LIMITS, stopping, skip }: BuildOptions,
): Promise<BuiltForAudit> {
  const compared = comparedVersion(version);
  if (compared.outside) say(`faultline: ${compared.outside}`);
  const nodePath = workspaceNodePath(dir);
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(nodePath ? { NODE_PATH: nodePath } : {}) };
  const app = configuredApp(inspected, await resolveNextConfig(dir, baseEnv, inspected.configFile ?? 'next.config'));
  const placing = entriesToPlace(
    faultline,
    catalogue.map((scenario) => scenario.id),
    scenarios,
    heldByLastBuild(dir),
  );
  // As the reference app was pinned in the app's own configuration: a streamed 200 under Cache Components is Next's doing there.
  const configuration = configurationOfApp(app).id;
  const entries = catalogue.filter((scenario) => placing.has(scenario.id)).map((scenario) => forNext(scenario, compared.version, configuration));
  const placement = selected(placeCatalogue(faultline, dir, { ...app, next: version }, entries), scenarios, skip);
  refuseNothingPlaced(placement);
  const under = placement.under ? ` in ${placement.under}/ (its root layout),` : '';
  say(
    `Placed ${placement.placed.length} failures under /${AUDIT_SEGMENT}/${under} in a copy of the app (${dir}); ${placement.notApplicable.length} not applicable`,
  );

  // Anywhere in the app's sources (a `lib/fonts.ts` as much as its layout): the install and dot folders aside.
  const fonts = googleFonts(dir, [dir]);
  const substituted = fonts.length
    ? [
        `Google fonts (${[...new Set(fonts.map((font) => font.family))].join(', ')}): next/font/google's stylesheets and files answered on this machine, so the build needs no network`,
      ]
    : [];
  for (const line of substituted) say(`Substituted: ${line}`);
  const offline = fonts.length ? await offlineFonts(fonts, join(dir, '.faultline', 'google-fonts.cjs')) : null;
  const env: NodeJS.ProcessEnv = { ...baseEnv, ...offline?.env };
  try {
    if (stopping) stopping.stage = 'the build';
    const buildOptions = { log: say, distDir: app.distDir, limitSeconds: limits.build, signal: stopping?.signal };
    let build = await ensureBuild(dir, env, buildOptions).catch(blamePlacedFiles);
    // A build made while its sources were copied over (by a faultline before the workspace lock) holds none of the placed routes, and would be reused forever.
    if (!buildHoldsPlacedRoutes(dir, app.distDir)) {
      say(`faultline: the build in ${dir} holds none of the routes faultline placed (a workspace left half-written): building again`);
      forgetBuild(dir, app.distDir);
      build = await ensureBuild(dir, env, buildOptions).catch(blamePlacedFiles);
    }
    writeFileSync(heldFile(dir), `${JSON.stringify([...placing])}\n`);
    say(build.built ? `Built in ${(build.ms / 1000).toFixed(1)} s` : 'Build reused: nothing changed since the last audit');
    return { app, version, placement: refuseNothingPlaced(proxyEntryRuns(placement, app, dir)), substituted, env, build };
  } finally {
    await offline?.stop();
  }
}
