import type { Resolution, Resolved } from '../../source-maps/resolve';

/**
 * Whether a report resolves to the line that threw, judged against where faultline placed the
 * thrower: pure, from the resolution and what the app's files say of its maps. Each finding names
 * the runtime, the entries and the cause, with one line that fixes it from the app's files.
 */

export type Runtime = 'node' | 'edge' | 'browser';
export type Reporter = 'Sentry' | 'PostHog' | 'OpenTelemetry';

/** Where faultline placed an entry's thrower (it wrote the file), as the app's folder names it. */
export interface Thrower {
  /** Relative to the app's folder: `app/faultline-audit/_throwers/server.jsx`. */
  file: string;
  /** The line of its `throw` (or of the error it rejects with). */
  line: number;
  /** The function the line is in; null: an anonymous one (its name is not judged). */
  function: string | null;
  /** The functions that call it, into which a minifier may inline it: the name is then theirs, and that is no finding. */
  inlinedInto?: readonly string[];
}

/** A setting as the app's files write it, and where: `next.config.ts:9`. */
export interface Setting<T> {
  value: T;
  at: string;
}

/** What the app's files say of its maps: each null where they say nothing. */
export interface SourceSetup {
  /** The config file (`next.config.ts`); null: none. */
  config: string | null;
  bundler: 'turbopack' | 'webpack';
  productionBrowserSourceMaps: Setting<boolean> | null;
  /** `experimental.serverMinification`: off keeps the server's function names. */
  serverMinification: Setting<boolean> | null;
  /** Sentry's plugin (`withSentryConfig`, where it is called) and its map options; null: the config does not use it. */
  sentry: {
    at: string;
    disable: Setting<boolean> | null;
    deleteSourcemapsAfterUpload: Setting<boolean> | null;
    /** Whether the app's files hold an auth token for the upload (an `authToken` option, `SENTRY_AUTH_TOKEN` in an env file). */
    authToken: boolean;
    /** Its component annotation (`reactComponentAnnotation`, `turbopackReactComponentAnnotation`), a transform that rewrites files before the bundler; null: not on. */
    annotation?: Setting<boolean> | null;
  } | null;
}

export type SourceFindingKind = 'no map' | 'maps deleted' | 'no debug ID' | 'wrong place' | 'names lost' | 'map served';

export interface SourceFinding {
  kind: SourceFindingKind;
  runtime: Runtime;
  reporter: Reporter;
  /** The entries whose reports show it. */
  entries: string[];
  /** What faultline saw, in one line. */
  cause: string;
  /** The line that fixes it, from the app's files. */
  fix: string;
  /** Where the fix goes (`next.config.ts:9`), where a config line causes it; null: no line of the app's. */
  at: string | null;
}

/** One report of one entry, resolved. */
export interface SourceReport {
  entry: string;
  runtime: Runtime;
  reporter: Reporter;
  resolution: Resolution;
}

/** An entry's report judged: traced to the thrower, not, or not judged (no frames to resolve), with what was seen. */
export interface SourceJudgement {
  traced: boolean | null;
  /** The resolved frame beside the raw one, or why there is none: what outputs show. */
  seen: string;
  findings: SourceFinding[];
}

const where = (resolved: Pick<Resolved, 'file' | 'line'>) => `${resolved.file}:${resolved.line}`;
const raw = ({ frame }: Pick<Resolved, 'frame'>) =>
  `${frame.file}:${frame.line}${frame.column === null ? '' : `:${frame.column}`}${frame.function ? ` (${frame.function})` : ''}`;
const sameFile = (resolved: string, expected: string) => resolved === expected || resolved.endsWith(`/${expected}`);

/** Whether the reporter needs a debug ID on the chunk to find its map (Sentry's upload and PostHog's symbol sets pair them so); OpenTelemetry has none. */
const needsDebugId = (reporter: Reporter) => reporter !== 'OpenTelemetry';

/**
 * Where a frame's code runs: the Edge runtime's where its chunk lies in the build's `server/edge/`
 * (Turbopack) or its map names webpack's Edge compilation (`webpack://_N_E/` in a server chunk), else
 * the runtime that reported it. Next hands an Edge route's error to the Node.js server's
 * `onRequestError`, whose SDK reports the Edge chunk's frames (seen on 15.5 to 16.5), and whether a
 * chunk has a map or a debug ID is its bundler's doing for the runtime it is built for.
 */
export function codeRuntime(reported: Runtime, chunk: string | null, source: string | null = null): Runtime {
  if (reported === 'browser' || chunk === null) return reported;
  const edge = /(^|\/)server\/edge\//.test(chunk) || (source !== null && source.startsWith('webpack://_N_E/'));
  return edge ? 'edge' : reported;
}

/** Why the build has no map for a chunk, from the app's files: the cause and its fix. */
function noMapCause(setup: SourceSetup, runtime: Runtime, reporter: Reporter): Pick<SourceFinding, 'kind' | 'cause' | 'fix' | 'at'> {
  const config = setup.config ?? 'next.config.js';
  const side = runtime === 'browser' ? "the browser's" : runtime === 'edge' ? "the Edge runtime's" : "the server's";
  if (setup.sentry?.disable?.value)
    return {
      kind: 'no map',
      cause: `the build emits no map for ${side} chunks: Sentry's plugin is told sourcemaps.disable`,
      fix: `${setup.sentry.disable.at}: remove sourcemaps: { disable: true } from withSentryConfig's options`,
      at: setup.sentry.disable.at,
    };
  const deleting = setup.sentry && setup.sentry.deleteSourcemapsAfterUpload?.value !== false && !setup.productionBrowserSourceMaps;
  // Deleted after the plugin's upload step, which cannot reach Sentry from this machine: whether the team's CI uploads them first is not seen.
  if (runtime === 'browser' && setup.sentry && deleting)
    return {
      kind: 'maps deleted',
      cause: setup.sentry.authToken
        ? `the build deleted ${side} maps after its upload step (an auth token is in the app's files, and nothing leaves this machine); ` +
          'not seen: whether the upload reaches Sentry where your CI builds'
        : `the build deleted ${side} maps after an upload step that uploaded nothing: no auth token in the app's files ` +
          "(Sentry's plugin deletes them once productionBrowserSourceMaps is unset); not seen: whether your CI sets SENTRY_AUTH_TOKEN, so they are uploaded first",
      fix: `${setup.sentry.at}: give withSentryConfig an authToken (SENTRY_AUTH_TOKEN where the build runs), or sourcemaps: { deleteSourcemapsAfterUpload: false }`,
      at: setup.sentry.at,
    };
  if (runtime === 'browser') {
    const off = setup.productionBrowserSourceMaps?.value === false ? setup.productionBrowserSourceMaps : null;
    const plugin = reporter === 'Sentry' && !setup.sentry ? ", and Sentry's plugin is not used" : '';
    return {
      kind: 'no map',
      cause: `the build emits no map for ${side} chunks: productionBrowserSourceMaps is ${off ? 'false' : 'not set'}${plugin}`,
      fix: off
        ? `${off.at}: productionBrowserSourceMaps: true`
        : reporter === 'Sentry' && !setup.sentry
          ? `${config}: wrap the config in withSentryConfig (it emits, uploads and hides the browser's maps)`
          : `${config}: productionBrowserSourceMaps: true`,
      at: off?.at ?? setup.config,
    };
  }
  return {
    kind: 'no map',
    cause: `the build emits no map for ${side} chunks`,
    fix: `${config}: experimental: { serverSourceMaps: true }`,
    at: setup.config,
  };
}

/**
 * How a build's chunks get the ids PostHog pairs frames with maps by, per bundler: posthog-node
 * reads Turbopack's own `_debugIds`; on webpack only `@posthog/nextjs-config`'s plugin injects
 * them (`globalThis._posthogChunkIds`).
 */
const POSTHOG_CHUNK_IDS: Record<SourceSetup['bundler'], string> = {
  turbopack: "turbopack: { debugIds: true } (posthog-node reads Turbopack's _debugIds), and upload the maps with posthog-cli",
  webpack: 'wrap the config in withPostHogConfig (@posthog/nextjs-config): it injects chunk ids into the chunks and uploads the maps',
};

/** The debug ID a reporter needs and the report did not carry: why, and the fix. */
function noDebugId(setup: SourceSetup, runtime: Runtime, reporter: Reporter): Pick<SourceFinding, 'kind' | 'cause' | 'fix' | 'at'> {
  const config = setup.config ?? 'next.config.js';
  const side = runtime === 'browser' ? "the browser's" : runtime === 'edge' ? "the Edge runtime's" : "the server's";
  if (reporter === 'PostHog')
    return {
      kind: 'no debug ID',
      cause: `${side} frames carry no chunk_id: PostHog pairs a frame with its uploaded map by the chunk's id, so they stay minified`,
      fix: `${config}: ${POSTHOG_CHUNK_IDS[setup.bundler]}`,
      at: setup.config,
    };
  if (runtime === 'edge' && setup.bundler === 'turbopack' && setup.sentry && !setup.sentry.disable?.value)
    return {
      kind: 'no debug ID',
      cause: `${side} chunks carry no debug ID though Sentry's plugin turns on turbopack.debugIds (seen on 16.2.3 to 16.5.0): Sentry cannot find their uploaded maps`,
      fix: "none in the app's files: Turbopack writes debug IDs into the Node.js and browser chunks only",
      at: null,
    };
  if (setup.sentry?.disable?.value)
    return {
      kind: 'no debug ID',
      cause: `${side} chunks carry no debug ID: Sentry's plugin is told sourcemaps.disable`,
      fix: `${setup.sentry.disable.at}: remove sourcemaps: { disable: true } from withSentryConfig's options`,
      at: setup.sentry.disable.at,
    };
  return {
    kind: 'no debug ID',
    cause: `${side} reports carry no debug ID for the chunk that threw: Sentry finds an uploaded map by it, so the frame stays minified`,
    fix: setup.sentry
      ? `${setup.bundler === 'turbopack' ? `${config}: turbopack: { debugIds: true }` : `${setup.sentry.at}: let withSentryConfig inject debug IDs (no sourcemaps.disable)`}`
      : `${config}: wrap the config in withSentryConfig (it injects debug IDs and uploads the maps)`,
    at: setup.sentry?.at ?? setup.config,
  };
}

/**
 * A frame that resolves elsewhere than the thrower: where the map's own copy of the file is not the
 * file, a transform before the bundler rewrote it (Sentry's component annotation, a Babel config)
 * and the bundler's map gives the copy's lines.
 */
function wrongPlace(resolved: Resolved, expected: string, setup: SourceSetup): Omit<SourceFinding, 'runtime' | 'reporter' | 'entries'> {
  if (resolved.sourceAsOnDisk === false) {
    const annotation = setup.sentry?.annotation ?? null;
    return {
      kind: 'wrong place',
      cause:
        `the frame resolves to ${where(resolved)} through ${resolved.map}, whose copy of ${resolved.file} is not the file: ` +
        `a transform before the bundler rewrote it and its map was not carried through, so the lines are the copy's, where the thrower is ${expected}`,
      fix: annotation
        ? `${annotation.at}: turn off Sentry's component annotation, which rewrites each file before the bundler without a map of its own`
        : "turn off the transform that rewrites the app's files before the bundler (a Babel config, a loader), or have it emit a map",
      at: annotation?.at ?? null,
    };
  }
  return {
    kind: 'wrong place',
    cause: `the frame resolves to ${where(resolved)} through ${resolved.map}, where the thrower is ${expected}`,
    fix: `nothing in the app's files writes ${resolved.map}: rebuild, and report it to the bundler if a clean build maps it so`,
    at: null,
  };
}

/** Findings about a resolved frame: where it points, its name, whether its map is public, whether its reporter could find it. */
function resolvedFindings(
  thrower: Thrower,
  resolved: Resolved,
  report: SourceReport,
  setup: SourceSetup,
): Omit<SourceFinding, 'runtime' | 'reporter' | 'entries'>[] {
  const found: Omit<SourceFinding, 'runtime' | 'reporter' | 'entries'>[] = [];
  const expected = `${thrower.file}:${thrower.line}`;
  if (!sameFile(resolved.file, thrower.file) || resolved.line !== thrower.line) found.push(wrongPlace(resolved, expected, setup));
  else if (thrower.function !== null) {
    const shown = resolved.name ?? resolved.frame.function;
    const allowed = [thrower.function, ...(thrower.inlinedInto ?? [])];
    if (shown !== null && !allowed.includes(shown)) {
      if (resolved.name === null) {
        const server = report.runtime !== 'browser';
        const minification = server && setup.serverMinification?.value !== false;
        found.push({
          kind: 'names lost',
          cause: `the frame shows the minified ${shown} for ${thrower.function}: ${resolved.map} keeps ${resolved.mapHasNames ? 'no name there' : 'no names'}`,
          fix: minification
            ? `${setup.config ?? 'next.config.js'}: experimental: { serverMinification: false } keeps the server's names`
            : "none in the app's files: the bundler's maps drop the name",
          at: minification ? setup.config : null,
        });
      } else
        found.push({
          kind: 'wrong place',
          cause: `the frame resolves to ${where(resolved)} in ${resolved.name}, where the thrower is ${thrower.function}`,
          fix: `nothing in the app's files writes ${resolved.map}: rebuild, and report it to the bundler if a clean build maps it so`,
          at: null,
        });
    }
  }
  if (resolved.served && setup.sentry)
    found.push({
      kind: 'map served',
      cause: `${resolved.chunk} names its map ${resolved.map}, which the app serves to anyone, while Sentry's plugin is set up to upload maps and keep them private`,
      fix: `${setup.sentry.deleteSourcemapsAfterUpload?.at ?? setup.sentry.at}: sourcemaps: { deleteSourcemapsAfterUpload: true }`,
      at: setup.sentry.deleteSourcemapsAfterUpload?.at ?? setup.sentry.at,
    });
  if (needsDebugId(report.reporter) && resolved.via !== 'debug ID')
    found.push(noDebugId(setup, codeRuntime(report.runtime, resolved.chunk, resolved.source), report.reporter));
  return found;
}

/** One entry's report judged against its thrower. */
export function judgeSource(thrower: Thrower, report: SourceReport, setup: SourceSetup): SourceJudgement {
  const { resolution } = report;
  const stamp = (found: Omit<SourceFinding, 'runtime' | 'reporter' | 'entries'>): SourceFinding => ({
    ...found,
    runtime: report.runtime,
    reporter: report.reporter,
    entries: [report.entry],
  });
  if ('none' in resolution) {
    if (resolution.none === 'no app frame')
      return {
        traced: null,
        seen: `every frame resolves into a library (${resolution.frames.map(where).join(', ')}): the report names no line of the app's`,
        findings: [],
      };
    const said = {
      'no exception': 'the report carries no exception',
      'no frames': 'the reporter sent no frames',
    };
    return { traced: null, seen: said[resolution.none], findings: [] };
  }
  if ('unresolved' in resolution) {
    const { frame, chunk, why } = resolution.unresolved;
    const at = `${frame.file}:${frame.line}${frame.column === null ? '' : `:${frame.column}`}`;
    if (why.cause === 'not in the build') return { traced: false, seen: `${at}: names no file of the build`, findings: [] };
    if (why.cause === 'no mapping') return { traced: false, seen: `${at}: ${why.map} maps nothing there`, findings: [] };
    const missing =
      why.cause === 'no map with the debug ID'
        ? `no map of the build has its debug ID ${why.debugId}`
        : why.pointsTo
          ? `it names ${why.pointsTo}, which the build does not hold`
          : 'the build holds no map for it';
    return { traced: false, seen: `${at}: ${chunk}: ${missing}`, findings: [stamp(noMapCause(setup, codeRuntime(report.runtime, chunk), report.reporter))] };
  }
  const resolved = resolution.resolved;
  const findings = resolvedFindings(thrower, resolved, report, setup).map(stamp);
  const traced = !findings.some((finding) => finding.kind === 'wrong place' || finding.kind === 'no debug ID');
  return {
    traced,
    seen: `${raw(resolved)} -> ${where(resolved)}:${resolved.column}${resolved.name ? ` (${resolved.name})` : ''}, by ${resolved.via}`,
    findings,
  };
}

/** Findings of many reports as the audit says them: one per kind, runtime, reporter and cause, naming every entry it holds for. */
export function sourceFindings(judged: readonly SourceJudgement[]): SourceFinding[] {
  const joined = new Map<string, SourceFinding>();
  for (const finding of judged.flatMap((judgement) => judgement.findings)) {
    const key = `${finding.kind}\n${finding.runtime}\n${finding.reporter}\n${finding.fix}`;
    const known = joined.get(key);
    if (known) known.entries = [...new Set([...known.entries, ...finding.entries])];
    else joined.set(key, { ...finding, entries: [...finding.entries] });
  }
  return [...joined.values()];
}
