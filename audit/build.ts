import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configuredApp, type AuditedApp, type InspectedApp } from './app/inspect';
import { DEFAULT_LIMITS, type Limits } from '../harness/limits';
import { resolveNextConfig } from './app/next-config';
import { googleFonts, offlineFonts } from './fonts';
import type { EntryKind, KindPlacement, PlannedEntry } from './entry-kind';
import { passesFor, placePlumbing, reservedIn, type Plumbing } from './plumbing';
import { buildHoldsPlacedRoutes } from '../harness/build-manifests';
import { workspaceNodePath } from './workspace';
import { ensureBuild, forgetBuild } from '../harness/build';
import { AUDIT_SEGMENT } from '../contract';
import { CannotRun, UsageError } from '../harness/failures';
import { comparedVersion } from '../scenarios/versions';

/**
 * The build of one version of the app, what only an audit does: what each kind of entry places in
 * the app's workspace (the entries the app cannot hold said not applicable, with why) and the
 * audit's own plumbing, then the app built there, offline. Checking the build is `test-phase.ts`'s.
 */

/** What placing and building ask of an audit. */
export interface BuildOptions {
  /** The kinds of entry audited (`kindsFor`). */
  kinds: readonly EntryKind[];
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
  /** The workspace the app was built in: where its build folder (`app.distDir`) is, and where its server ran. */
  dir: string;
  /** The app with its config as Next resolved it in this workspace. */
  app: AuditedApp;
  version: string;
  /** The kinds of entry audited, in their order. */
  kinds: readonly EntryKind[];
  /** What each kind placed and plans, in the order of `kinds`. */
  placements: KindPlacement[];
  /** What the audit placed for itself: its flush route, its count of Next's hand-overs. */
  plumbing: Plumbing;
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

/** Every entry the kinds plan, in their order. */
export const plannedEntries = (placements: readonly KindPlacement[]): PlannedEntry[] => placements.flatMap((placement) => placement.entries);

/** The placements, unless no kind plans any entry in the app (nor, before the build, may plan one from it): one line saying why of each. */
function refuseNothingPlaced(placements: KindPlacement[], built: boolean): KindPlacement[] {
  if (plannedEntries(placements).length > 0 || (!built && placements.some((placement) => placement.fromBuild))) return placements;
  const notApplicable = placements.flatMap((placement) => placement.notApplicable);
  throw new UsageError(`nothing to audit: ${notApplicable.map((entry) => `${entry.id} is not applicable to this app (${entry.why})`).join('; ')}`);
}

/** Where a workspace keeps the ids of the entries a kind's last build held (its `.faultline/`, kept from one audit to the next). */
const heldFile = (dir: string, kind: string) => join(dir, '.faultline', `${kind}.json`);

/** The entries the workspace's last build held of a kind (none before its first). */
function heldByLastBuild(dir: string, kind: string): string[] {
  if (!existsSync(heldFile(dir, kind))) return [];
  try {
    const held: unknown = JSON.parse(readFileSync(heldFile(dir, kind), 'utf8'));
    return Array.isArray(held) ? held.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // Cut off by a stopped audit: the next build says what it holds.
    return [];
  }
}

/**
 * What every kind places in the workspace `dir` for the app on `version` (the selection it asks
 * for, what its last build held), then the audit's own plumbing; the kinds' placements unless
 * none plans anything, each said in a line.
 */
function placeAll(faultlineRoot: string, app: AuditedApp, dir: string, pinnedOn: string, { kinds, scenarios, say, skip = {} }: BuildOptions) {
  const reserved = reservedIn(dir, app);
  const passes = passesFor(app, reserved);
  const context = { faultlineRoot, app, pinnedOn, reserved, passes, asked: scenarios, skip };
  const placements = kinds.map((kind) => kind.place({ ...context, held: heldByLastBuild(dir, kind.name) }));
  const plumbing = placePlumbing(app, reserved, { proxyWrapped: placements.some((placement) => placement.proxyWrapped) });
  refuseNothingPlaced(placements, false);
  for (const placement of placements) say(placement.said);
  return { placements, plumbing };
}

/**
 * The app on `next` `version` in its prepared workspace `dir`, with what every kind places (what
 * the selection needs and what the last build held) and built offline, or its build reused.
 */
export async function buildForAudit(
  inspected: InspectedApp,
  version: string,
  dir: string,
  faultlineRoot: string,
  options: BuildOptions,
): Promise<BuiltForAudit> {
  const { say, limits = DEFAULT_LIMITS, stopping } = options;
  const compared = comparedVersion(version);
  if (compared.outside) say(`faultline: ${compared.outside}`);
  const nodePath = workspaceNodePath(dir);
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(nodePath ? { NODE_PATH: nodePath } : {}) };
  const app = configuredApp(inspected, await resolveNextConfig(dir, baseEnv, inspected.configFile ?? 'next.config'));
  const { placements, plumbing } = placeAll(faultlineRoot, { ...app, next: version }, dir, compared.version, options);
  const { substituted, offline } = await fontsOffline(dir, say);
  const env: NodeJS.ProcessEnv = { ...baseEnv, ...offline?.env };
  try {
    if (stopping) stopping.stage = 'the build';
    const buildOptions = { log: say, distDir: app.distDir, limitSeconds: limits.build, signal: stopping?.signal };
    let build = await ensureBuild(dir, env, buildOptions).catch(blamePlacedFiles);
    // A build made while its sources were copied over (by a faultline before the workspace lock) holds none of the placed routes, and would be reused forever.
    if (plannedEntries(placements).length > 0 && !buildHoldsPlacedRoutes(dir, app.distDir)) {
      say(`faultline: the build in ${dir} holds none of the routes faultline placed (a workspace left half-written): building again`);
      forgetBuild(dir, app.distDir);
      build = await ensureBuild(dir, env, buildOptions).catch(blamePlacedFiles);
    }
    options.kinds.forEach((kind, i) => writeFileSync(heldFile(dir, kind.name), `${JSON.stringify(placements[i].holds)}\n`));
    say(build.built ? `Built in ${(build.ms / 1000).toFixed(1)} s` : 'Build reused: nothing changed since the last audit');
    const planned = refuseNothingPlaced(
      options.kinds.map((kind, i) => kind.built(placements[i], { dir, app })),
      true,
    );
    return { dir, app, version, kinds: options.kinds, placements: planned, plumbing, substituted, env, build };
  } finally {
    await offline?.stop();
  }
}

/** The app's Google fonts (anywhere in its sources: a `lib/fonts.ts` as much as its layout) answered on this machine, said as substituted. */
async function fontsOffline(dir: string, say: (line: string) => void) {
  const fonts = googleFonts(dir, [dir]);
  const substituted = fonts.length
    ? [
        `Google fonts (${[...new Set(fonts.map((font) => font.family))].join(', ')}): next/font/google's stylesheets and files answered on this machine, so the build needs no network`,
      ]
    : [];
  for (const line of substituted) say(`Substituted: ${line}`);
  const offline = fonts.length ? await offlineFonts(fonts, join(dir, '.faultline', 'google-fonts.cjs')) : null;
  return { substituted, offline };
}
