import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A build's own files as a reporter's resolution reads them: the chunk a frame names, the debug ID
 * and `sourceMappingURL` at its end, and the map that goes with it. Paths are relative to the app's
 * folder (where `next start` runs), with `/` between segments.
 */

export interface Build {
  /** The app's folder: where `next start` ran, and what a relative frame path is relative to. */
  root: string;
  /** Its build folder, relative to `root` (`.next`, or the app's `distDir`). */
  distDir: string;
  /** Where the server ran, as its absolute frame paths name it, when the build is read from elsewhere (a copy); default `root`. */
  ranAt?: string;
}

const posix = (path: string) => path.split(sep).join('/');

/**
 * The build's file a frame names, relative to the app's folder; null: none of the build's (Next's
 * own files in `node_modules`, `node:internal/…`, a file the build does not hold). What is
 * served under `/_next/` (Sentry's `app:///_next/…`, a chunk's URL behind any basePath or asset
 * prefix) is the build folder's; a path is taken as the server ran it (absolute, a `file://` URL, or
 * relative to the app's folder, as posthog-node writes it).
 */
export function chunkOf(build: Build, file: string): string | null {
  const served = /^(?:app:\/\/\/|[a-z][a-z0-9+.-]*:\/\/[^/]*\/)(?:[^?#]*?\/)?_next\/([^?#]+)/i.exec(file);
  let path: string | null;
  if (served) path = join(build.distDir, decodeURIComponent(served[1]));
  else if (file.startsWith('file://')) path = relative(build.ranAt ?? build.root, fileURLToPath(file));
  else if (/^[a-z][a-z0-9+.-]*:/i.test(file)) path = null;
  else path = isAbsolute(file) ? relative(build.ranAt ?? build.root, file) : normalize(file);
  if (path === null || path.startsWith('..') || !path.startsWith(normalize(build.distDir) + sep)) return null;
  return existsSync(join(build.root, path)) && statSync(join(build.root, path)).isFile() ? posix(path) : null;
}

/** What a chunk says of its map: its debug ID (`//# debugId=` at its end, else the one its snippet registers) and its `sourceMappingURL`, each null where it has none. */
export interface ChunkComments {
  debugId: string | null;
  sourceMappingUrl: string | null;
}

/** The last `//# name=value` of a chunk's text (what the bundler and Sentry's plugin append), or null. */
const lastComment = (text: string, name: string) => [...text.matchAll(new RegExp(`^//[#@] ${name}=(\\S+)\\s*$`, 'gm'))].at(-1)?.[1] ?? null;

/**
 * The debug ID a snippet registers at run time: Sentry's webpack plugin injects
 * `_sentryDebugIds[stack]="…"` and no comment (seen on 15.5); Turbopack's `_debugIds` snippet
 * repeats its comment.
 */
const registered = (text: string) => /\b_(?:sentryD|d)ebugIds\)?\[\w+\]\s*=\s*"([0-9a-f-]{36})"/i.exec(text)?.[1] ?? null;

export const commentsOf = (text: string): ChunkComments => ({
  debugId: lastComment(text, 'debugId') ?? registered(text),
  sourceMappingUrl: lastComment(text, 'sourceMappingURL'),
});

/** A map as read from the build: its path (or the chunk's, for an inline map) and its JSON. */
export interface ReadMap {
  path: string;
  json: { debugId?: unknown; debug_id?: unknown; names?: unknown; sections?: unknown; [key: string]: unknown };
  inline: boolean;
}

/** A map's own debug ID (`debugId`, or `debug_id` as older tools wrote it), lower-cased; null: none. */
export const debugIdOfMap = (map: ReadMap) => {
  const id = map.json.debugId ?? map.json.debug_id;
  return typeof id === 'string' ? id.toLowerCase() : null;
};

/** The maps read last, by file: an audit resolves many reports through the same few chunks' maps, some megabytes each. */
const recentMaps = new Map<string, ReadMap>();
const RECENT_MAPS = 16;

function readMap(build: Build, path: string): ReadMap | null {
  const file = join(build.root, path);
  const known = recentMaps.get(file);
  if (known) return known;
  if (!existsSync(file)) return null;
  let json: ReadMap['json'];
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const map = { path: posix(path), json, inline: false };
  recentMaps.set(file, map);
  if (recentMaps.size > RECENT_MAPS) recentMaps.delete(recentMaps.keys().next().value!);
  return map;
}

/**
 * The map a chunk's `sourceMappingURL` names, relative to the chunk (a `data:` URL is the map
 * itself); `missing` where it names a file the build does not hold.
 */
export function mapNamedBy(build: Build, chunk: string, url: string): ReadMap | { missing: string } {
  const inline = /^data:application\/json[^,]*?(;base64)?,(.*)$/s.exec(url);
  if (inline) {
    const text = inline[1] ? Buffer.from(inline[2], 'base64').toString('utf8') : decodeURIComponent(inline[2]);
    return { path: chunk, json: JSON.parse(text), inline: true };
  }
  const path = posix(normalize(join(dirname(chunk), decodeURIComponent(url.replace(/[?#].*$/, '')))));
  return readMap(build, path) ?? { missing: path };
}

/** The map beside a chunk (`chunk.js.map`), where bundlers write it; null: none. */
export const mapBeside = (build: Build, chunk: string) => readMap(build, `${chunk}.map`);

/** Every map of the build by its own debug ID, read once per build folder. */
const byDebugId = new Map<string, Map<string, string>>();

function mapsByDebugId(build: Build): Map<string, string> {
  const key = join(build.root, build.distDir);
  const known = byDebugId.get(key);
  if (known) return known;
  const found = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(build.root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'cache') walk(path);
      else if (entry.name.endsWith('.map')) {
        const map = readMap(build, path);
        const id = map && debugIdOfMap(map);
        if (id) found.set(id, map.path);
      }
    }
  };
  if (existsSync(key)) walk(build.distDir);
  byDebugId.set(key, found);
  return found;
}

/** The build's map whose own debug ID is `debugId`; null: none has it. */
export function mapWithDebugId(build: Build, debugId: string): ReadMap | null {
  const path = mapsByDebugId(build).get(debugId.toLowerCase());
  return path ? readMap(build, path) : null;
}

/** Whether anyone may fetch `path`: it lies where Next serves files to every visitor (`/_next/static/`, `public/`). */
export const isServed = (build: Build, path: string) => path.startsWith(`${posix(normalize(join(build.distDir, 'static')))}/`) || path.startsWith('public/');
