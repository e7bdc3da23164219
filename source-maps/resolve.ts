import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FlattenMap, originalPositionFor, sourceContentFor, traceSegment, type TraceMap } from '@jridgewell/trace-mapping';
import { type Build, type ChunkComments, chunkOf, commentsOf, debugIdOfMap, isServed, mapBeside, mapNamedBy, mapWithDebugId, type ReadMap } from './chunks';
import type { Frame, NoFrames, Stack } from './frames';

/**
 * A report's top frame of the app's code, resolved through the build's own maps the way its
 * reporter resolves it: Sentry and PostHog by the debug ID the report carries for the frame's file
 * (Sentry's `debug_meta`, PostHog's `chunk_id`), else, as a server stack always is, by the frame's
 * file: the chunk's `sourceMappingURL`, else the map beside it. Maps of every form Next writes
 * (Turbopack's sectioned maps too) are read with `@jridgewell/trace-mapping`.
 */

/** How the map was found. */
export type Via = 'debug ID' | 'sourceMappingURL' | 'map beside the chunk';

export interface Resolved {
  frame: Frame;
  /** The build's file the frame names, and the map it resolved through (the chunk itself for an inline map). */
  chunk: string;
  map: string;
  via: Via;
  /** Where the map says the frame's code is: its source as the map names it (no `../`, no bundler prefix), 1-based line and column. */
  file: string;
  /** The source as the map names it, prefix and all (`webpack://_N_E/…`: webpack's Edge and browser compilations). */
  source: string;
  /**
   * Whether the map's own copy of the source (`sourcesContent`) is the file in the app's folder:
   * false where a transform before the bundler rewrote it and its lines are the copy's; null where
   * either is missing.
   */
  sourceAsOnDisk: boolean | null;
  line: number;
  column: number;
  /**
   * The function's name as the map restores it, Sentry's way: the map's name at the declaration of
   * the name the runtime gave; null: the map keeps no name there (the frame's own then stands).
   */
  name: string | null;
  /** Whether the map holds any `names` at all. */
  mapHasNames: boolean;
  /** Whether anyone can fetch the map: the chunk names it and it lies where Next serves files to every visitor. */
  served: boolean;
  debugIds: { report: string | null; chunk: string | null; map: string | null };
}

/** Why a frame of the build does not resolve. */
export type Why =
  /** The frame names no file of the build. */
  | { cause: 'not in the build' }
  /** The build holds no map for the chunk: none it names (`pointsTo`, where it names a missing one), none beside it. */
  | { cause: 'no map'; pointsTo: string | null }
  /** The report's debug ID for the chunk is on no map of the build. */
  | { cause: 'no map with the debug ID'; debugId: string }
  /** The map has no mapping at the frame's position. */
  | { cause: 'no mapping'; map: string; via: Via };

export interface Unresolved {
  frame: Frame;
  chunk: string | null;
  why: Why;
  debugIds: { report: string | null; chunk: string | null };
}

/** A report's top frame of the app's code, resolved or not; or why the report has none to resolve. */
export type Resolution =
  | { resolved: Resolved }
  | { unresolved: Unresolved }
  | { none: NoFrames }
  /** Every frame resolved into a library's code (React's, Next's): the report names no line of the app's. */
  | { none: 'no app frame'; frames: Resolved[] };

/** A source as the map names it, made comparable: no bundler scheme or namespace, no `./` or `../`, decoded. */
export function sourcePath(source: string): string {
  return (
    decodeURIComponent(source)
      // webpack's namespace (the package's name, `_N_E` for the browser's), Turbopack's project root.
      .replace(/^(?:webpack:\/\/[^/]*\/|turbopack:\/\/\/(?:\[project\]\/)?)/, '')
      .replace(/^(?:\.\.?\/)+/, '')
      .replace(/\?.*$/, '')
  );
}

/** A library's code, not the app's: installed packages, and what bundlers add (Turbopack's runtime, webpack's). */
const isLibrary = (file: string) => /(^|\/)node_modules\/|^\[turbopack\]|^webpack\/|^\(webpack\)/.test(file);

/** The map the frame's chunk resolves through, by debug ID where the report has one, else by the chunk's file. */
function mapOf(build: Build, chunk: string, comments: ChunkComments, debugId: string | null): { map: ReadMap; via: Via } | Why {
  const named = comments.sourceMappingUrl ? mapNamedBy(build, chunk, comments.sourceMappingUrl) : null;
  const beside = mapBeside(build, chunk);
  const referenced = named && 'json' in named ? named : beside;
  if (debugId !== null) {
    const id = debugId.toLowerCase();
    // The map upload pairs a chunk's debug ID with the map the chunk references, whether or not the map repeats it.
    if (referenced && (debugIdOfMap(referenced) ?? comments.debugId?.toLowerCase()) === id) return { map: referenced, via: 'debug ID' };
    const other = mapWithDebugId(build, id);
    return other ? { map: other, via: 'debug ID' } : { cause: 'no map with the debug ID', debugId };
  }
  if (named && 'json' in named) return { map: named, via: 'sourceMappingURL' };
  if (beside) return { map: beside, via: 'map beside the chunk' };
  return { cause: 'no map', pointsTo: named && 'missing' in named ? named.missing : null };
}

const traceMaps = new WeakMap<object, TraceMap>();
/** A map (or one section of an index map) read once: `FlattenMap` reads plain and sectioned maps alike. */
const traced = (json: object) => {
  const known = traceMaps.get(json);
  if (known) return known;
  const made = FlattenMap(json as Parameters<typeof FlattenMap>[0]);
  traceMaps.set(json, made);
  return made;
};

interface Section {
  offset: { line: number; column: number };
  map: object;
}

/**
 * The map that covers a chunk's position (1-based line, 0-based column), and the position in it:
 * of an index map (Turbopack's, a section per module, thousands in a chunk), only the section the
 * position falls in is read, as the spec places sections (in order, each from its offset on); a
 * plain map whole. Flattening every section of an 8 MB map to look up one frame took a third of a
 * second (the reference app's proxy chunk).
 */
export function located(json: object, line: number, column: number): { map: TraceMap; line: number; column: number } {
  const sections = (json as { sections?: Section[] }).sections;
  if (!Array.isArray(sections) || sections.some((section) => typeof section.map !== 'object')) return { map: traced(json), line, column };
  const before = (section: Section) => section.offset.line < line - 1 || (section.offset.line === line - 1 && section.offset.column <= column);
  const section = sections.filter(before).at(-1);
  if (!section) return { map: traced(json), line, column };
  const { offset } = section;
  return { map: traced(section.map), line: line - offset.line, column: offset.line === line - 1 ? column - offset.column : column };
}

/** Whether a map's copy of a source is the app's file of that name (`sourcePath`'s, from the app's folder); null where either is missing. */
function asOnDisk(build: Build, file: string, content: string | null): boolean | null {
  const path = join(build.root, file);
  if (content === null || !existsSync(path)) return null;
  return readFileSync(path, 'utf8') === content;
}

/** The last identifier of a runtime's function name (`Object.d`, `async d`, `Module.default`): what was declared. */
const declaredName = (name: string | null) => (name === null ? null : (/([A-Za-z_$][\w$]*)\s*$/.exec(name)?.[1] ?? null));

/**
 * The original name of the function a frame is in, as Sentry's symbolicator restores a scope's
 * name: the map's name at the token of the last declaration of `minified` before the frame
 * (`function d(`, `d=`, `d(`, `d:`), when a mapping starts at that token; null where there is none.
 */
function originalName(chunkText: string, json: object, minified: string | null, line: number, column: number): string | null {
  const name = declaredName(minified);
  if (name === null) return null;
  const lines = chunkText.split('\n');
  const declaration = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?=\\s*[(=:])`, 'g');
  for (let at = line - 1; at >= 0; at--) {
    const text = at === line - 1 ? lines[at].slice(0, column) : lines[at];
    const last = [...text.matchAll(declaration)].at(-1);
    if (!last) continue;
    const token = located(json, at + 1, last.index);
    // traceSegment's line is 0-based; the column is the section's, as the segment's own is.
    const segment = traceSegment(token.map, token.line - 1, token.column);
    // Sentry's match: a mapping that starts at (or one column before) the name's token.
    if (segment?.length !== 5 || segment[0] < token.column - 1) return null;
    return token.map.names[segment[4]] ?? null;
  }
  return null;
}

/** One frame of the build resolved through the map its reporter would use. */
export function resolveFrame(build: Build, frame: Frame, chunk: string): Resolved | Unresolved {
  const text = readFileSync(join(build.root, chunk), 'utf8');
  const comments = commentsOf(text);
  const debugIds = { report: frame.debugId?.toLowerCase() ?? null, chunk: comments.debugId?.toLowerCase() ?? null };
  const found = mapOf(build, chunk, comments, frame.debugId);
  if ('cause' in found) return { frame, chunk, why: found, debugIds };
  const column = (frame.column ?? 1) - 1;
  const at = located(found.map.json, frame.line, column);
  const { map } = at;
  const original = originalPositionFor(map, { line: at.line, column: at.column });
  if (original.source === null) return { frame, chunk, why: { cause: 'no mapping', map: found.map.path, via: found.via }, debugIds };
  return {
    frame,
    chunk,
    map: found.map.path,
    via: found.via,
    file: sourcePath(original.source),
    source: original.source,
    sourceAsOnDisk: asOnDisk(build, sourcePath(original.source), sourceContentFor(map, original.source)),
    line: original.line,
    column: original.column + 1,
    name: originalName(text, found.map.json, frame.function, frame.line, column),
    mapHasNames: map.names.length > 0,
    served: !found.map.inline && comments.sourceMappingUrl !== null && isServed(build, found.map.path),
    debugIds: { ...debugIds, map: debugIdOfMap(found.map) },
  };
}

/**
 * The report's top frame of the app's code: the innermost frame of the build (not `node:` nor one
 * its reporter marked not the app's) that resolves into a source outside any library. A frame of
 * the build that does not resolve stands as the top one: what it is cannot be told.
 */
export function resolveStack(build: Build, stack: Stack): Resolution {
  if ('none' in stack) return { none: stack.none };
  const libraries: Resolved[] = [];
  let outside: Frame | null = null;
  for (const frame of stack.frames) {
    if (frame.inApp === false || frame.file.startsWith('node:')) continue;
    const chunk = chunkOf(build, frame.file);
    if (chunk === null) {
      outside ??= frame;
      continue;
    }
    const result = resolveFrame(build, frame, chunk);
    if ('why' in result) return { unresolved: result };
    if (!isLibrary(result.file)) return { resolved: result };
    libraries.push(result);
  }
  if (libraries.length > 0) return { none: 'no app frame', frames: libraries };
  const frame = outside ?? stack.frames[0];
  return { unresolved: { frame, chunk: null, why: { cause: 'not in the build' }, debugIds: { report: frame.debugId, chunk: null } } };
}
