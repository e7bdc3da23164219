import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKEND_FAULTS, type BackendFault, type Frame, type RecordedCall } from '../protocol';

/**
 * What a route called, from the recorder's log: its calls for one page load, the backends they
 * reached, the faults each backend can be given, and where in the app's own code each was called
 * (the call's stack through the build's source maps).
 */

/** The recorder's log from `from` (bytes) on, its whole lines only. */
export function readCalls(log: string, from = 0): RecordedCall[] {
  if (!existsSync(log)) return [];
  const text = readFileSync(log, 'utf8');
  const whole = text.lastIndexOf('\n') + 1;
  return text
    .slice(from, whole)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedCall);
}

/** Where in the app's own source a call was made. */
export interface CallSite {
  /** Relative to the app's folder: `app/dashboard/page.tsx`. */
  file: string;
  line: number;
  column: number;
}

/** A backend one page load reached, as the route's entry needs it: how it was reached, and from where. */
export interface BackendSeen {
  backend: string;
  runtimes: RecordedCall['runtime'][];
  protocol: RecordedCall['protocol'];
  /** Each request made of it (`GET /items`), or the connection alone for what is no HTTP. */
  asked: string[];
  /** The first call's place in the app's source, where its stack shows it. */
  site: CallSite | null;
  /** The faults it can be given: a connection that is no HTTP cannot answer 500. */
  faults: BackendFault[];
}

export const faultsFor = (protocol: RecordedCall['protocol']): BackendFault[] =>
  protocol === 'tcp' || protocol === 'tls' ? BACKEND_FAULTS.filter((fault) => fault !== '500') : [...BACKEND_FAULTS];

/** The backends of `calls` (one load's), in the order first called, each with where the app called it. */
export function backendsOf(calls: readonly RecordedCall[], site: (stack: Frame[]) => CallSite | null = () => null): BackendSeen[] {
  const seen = new Map<string, BackendSeen>();
  for (const call of calls) {
    const known = seen.get(call.backend);
    const asked = call.method ? `${call.method} ${call.path}` : `${call.protocol} connection`;
    if (!known) {
      seen.set(call.backend, {
        backend: call.backend,
        runtimes: [call.runtime],
        protocol: call.protocol,
        asked: [asked],
        site: site(call.stack),
        faults: faultsFor(call.protocol),
      });
      continue;
    }
    if (!known.runtimes.includes(call.runtime)) known.runtimes.push(call.runtime);
    if (!known.asked.includes(asked)) known.asked.push(asked);
    known.site ??= site(call.stack);
  }
  return [...seen.values()];
}

/** A source map's file for a chunk: its `sourceMappingURL`, else the chunk's name with `.map`. */
function mapFileOf(chunk: string): string | null {
  if (!existsSync(chunk)) return null;
  const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(chunk, 'utf8').slice(-2000))?.[1];
  const file = named && !named.startsWith('data:') ? join(dirname(chunk), decodeURIComponent(named)) : `${chunk}.map`;
  return existsSync(file) ? file : null;
}

/** A map's source as a path (Turbopack: relative to the map; webpack: `webpack://_N_E/./app/x.tsx`), or null for a name that is no file. */
function sourcePath(source: string, mapFile: string, app: string): string | null {
  const webpack = /^webpack:\/\/[^/]*\/(?:\.\/)?(.+)$/.exec(source);
  if (webpack) return join(app, webpack[1]);
  const turbopack = /^turbopack:\/\/\/\[project\]\/(.+)$/.exec(source);
  if (turbopack) return join(app, turbopack[1]);
  if (/^[a-z]+:/i.test(source)) return source.startsWith('file:') ? fileURLToPath(source) : null;
  return isAbsolute(source) ? source : join(dirname(mapFile), decodeURIComponent(source));
}

/**
 * Reads call sites through the source maps of the build of the app in `app` (a chunk's map read
 * once): the first frame of a stack that maps into the app's own source (not `node_modules`), with
 * the line and column there; a frame already in the app's source counts as it is. Null where the
 * stack shows none: a build without server source maps (webpack's default), the Edge runtime.
 */
export function siteReader(app: string): (stack: Frame[]) => CallSite | null {
  const maps = new Map<string, { map: SourceMap; file: string } | null>();
  const mapOf = (chunk: string) => {
    if (!maps.has(chunk)) {
      const file = mapFileOf(chunk);
      maps.set(chunk, file ? { map: new SourceMap(JSON.parse(readFileSync(file, 'utf8'))), file } : null);
    }
    return maps.get(chunk)!;
  };
  const inApp = (path: string) => {
    const inside = relative(app, path);
    return !inside.startsWith('..') && !isAbsolute(inside) && !inside.split(sep).includes('node_modules') && !inside.split(sep).includes('.next')
      ? inside
      : null;
  };
  return (stack) => {
    for (const frame of stack) {
      const chunk = frame.file.startsWith('file:') ? fileURLToPath(frame.file) : frame.file;
      const own = inApp(chunk);
      if (own) return { file: own, line: frame.line, column: frame.column };
      const mapped = mapOf(chunk);
      const origin = mapped?.map.findOrigin(frame.line, frame.column);
      if (!mapped || !origin || !('fileName' in origin) || !origin.fileName) continue;
      const path = sourcePath(origin.fileName, mapped.file, app);
      const file = path && inApp(path);
      if (file) return { file, line: origin.lineNumber, column: origin.columnNumber };
    }
    return null;
  };
}
