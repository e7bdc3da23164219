import { dirname, relative, sep } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import type { Build } from '../source-maps/chunks';
import { sentryStack, type Frame } from '../source-maps/frames';
import { resolveStack } from '../source-maps/resolve';
import type { ReportSource, SourceFrame } from '../verdict/verdict';

/**
 * Where a report of the reference app resolves through its build's own maps, for the verdict to
 * compare with the entry's `source` pin (docs/source-maps.md, "The reference run's pins"): the
 * report's top frame of the app's code, as `source-maps/` resolves it, beside the frame as sent.
 * The maps are read once per worker (`source-maps/chunks.ts` keeps the last ones read, the parsed
 * maps are kept with them): a check costs a chunk read and a lookup.
 */

const rawOf = (frame: Frame): SourceFrame => ({ file: frame.file, line: frame.line, column: frame.column, function: frame.function });

/**
 * A resolved source named from the app's folder, as the catalogue pins it. Turbopack names sources
 * from its own root, the folder of the outermost lockfile: a matrix workspace inside the repository
 * (`.faultline/matrix/next-16.1.7/`) is named from the repository's (seen on 16.1.7), so the
 * folders between that root and the app's are dropped.
 */
export function fromAppFolder(root: string, file: string): string {
  for (let above = dirname(root); ; above = dirname(above)) {
    const between = relative(above, root).split(sep).join('/');
    if (file.startsWith(`${between}/`)) return file.slice(between.length + 1);
    if (dirname(above) === above) return file;
  }
}

export function reportSource(build: Build, event: ErrorEvent): ReportSource {
  try {
    return resolved(build, event);
  } catch (error) {
    // A map the resolver cannot read is said as the report's, never a check that stops.
    return { unresolved: `the build's map could not be read (${(error as Error).message})`, raw: null };
  }
}

function resolved(build: Build, event: ErrorEvent): ReportSource {
  const stack = sentryStack(event);
  const resolution = resolveStack(build, stack);
  const top = 'frames' in stack ? rawOf(stack.frames[0]) : null;
  if ('resolved' in resolution) {
    const { frame, file, line, column, name } = resolution.resolved;
    return { resolved: { file: fromAppFolder(build.root, file), line, column, function: name }, raw: rawOf(frame) };
  }
  if ('unresolved' in resolution) {
    const { why, frame } = resolution.unresolved;
    const cause = why.cause === 'no map with the debug ID' ? `${why.cause} ${why.debugId}` : why.cause;
    return { unresolved: cause, raw: rawOf(frame) };
  }
  return { unresolved: resolution.none === 'no app frame' ? 'every frame is a library’s' : resolution.none, raw: top };
}
