import type { ErrorEvent } from '@sentry/core';

/**
 * A report's stack as each reporter sends it, read into one shape: its frames innermost first (the
 * throw first), each as the report names it. Nothing is resolved here: `resolve.ts` does that.
 */

/** One frame of a report, as the reporter wrote it. */
export interface Frame {
  /** The file as the report names it: `app:///_next/…` (Sentry's), a URL, a path (absolute, or relative to the app), or `node:…`. */
  file: string;
  /** 1-based, as V8 gives it. */
  line: number;
  /** 1-based, as V8 gives it; null: the report gives none. */
  column: number | null;
  /** The function's name as the runtime gave it (minified where the code is); null: none (`?`, `<anonymous>`). */
  function: string | null;
  /** Whether the reporter marked the frame the app's; null: it does not say. */
  inApp: boolean | null;
  /** The debug ID the reporter sent for the frame's file (Sentry's `debug_meta` image, PostHog's `chunk_id`); null: none. */
  debugId: string | null;
}

/** Why a report has no frames to resolve: said as it is, never as a frame that cannot be resolved. */
export type NoFrames =
  /** The report carries no exception (a captured message). */
  | 'no exception'
  /** The exception is there, but the reporter sent no frames for it. */
  | 'no frames'
  /** An OpenTelemetry exception without `exception.stacktrace`. */
  | 'no stack';

export type Stack = { frames: Frame[] } | { none: NoFrames };

const named = (name: unknown) => (typeof name === 'string' && name !== '' && name !== '?' && name !== '<anonymous>' ? name : null);

/** Frames as Sentry's and PostHog's SDKs list them (the caller first, the throw last), innermost first. */
interface ListedFrame {
  filename?: unknown;
  abs_path?: unknown;
  lineno?: unknown;
  colno?: unknown;
  function?: unknown;
  in_app?: unknown;
  /** PostHog's: the debug ID its SDK found for the frame's file. */
  chunk_id?: unknown;
}

function framesOf(listed: readonly ListedFrame[], debugIdOf: (frame: ListedFrame, file: string) => string | null): Frame[] {
  return listed
    .flatMap((frame): Frame[] => {
      const file = typeof frame.abs_path === 'string' ? frame.abs_path : typeof frame.filename === 'string' ? frame.filename : null;
      if (file === null || typeof frame.lineno !== 'number') return [];
      return [
        {
          file,
          line: frame.lineno,
          column: typeof frame.colno === 'number' ? frame.colno : null,
          function: named(frame.function),
          inApp: typeof frame.in_app === 'boolean' ? frame.in_app : null,
          debugId: debugIdOf(frame, file),
        },
      ];
    })
    .reverse();
}

/**
 * A Sentry error event's stack: its thrown exception's (the last of `exception.values`, Sentry
 * listing causes first), each frame's debug ID the `debug_meta` image whose `code_file` is the
 * frame's file, as Sentry's symbolicator pairs them.
 */
export function sentryStack(event: ErrorEvent): Stack {
  const thrown = event.exception?.values?.at(-1);
  if (!thrown) return { none: 'no exception' };
  const images = new Map(
    (event.debug_meta?.images ?? []).flatMap((image) =>
      'code_file' in image && typeof image.code_file === 'string' && typeof image.debug_id === 'string' ? [[image.code_file, image.debug_id] as const] : [],
    ),
  );
  const frames = framesOf(thrown.stacktrace?.frames ?? [], (_frame, file) => images.get(file) ?? null);
  return frames.length > 0 ? { frames } : { none: 'no frames' };
}

/** A PostHog `$exception` event's properties, as posthog-node and posthog-js send them. */
export interface PostHogException {
  $exception_list?: { stacktrace?: { frames?: ListedFrame[] } }[];
}

/**
 * A PostHog `$exception`'s stack: its first exception's (PostHog lists the thrown error first, its
 * causes after), each frame's debug ID its `chunk_id` (what the SDK found for the frame's file in
 * `globalThis._posthogChunkIds`, or in Turbopack's `_debugIds`).
 */
export function postHogStack(properties: PostHogException): Stack {
  const thrown = properties.$exception_list?.[0];
  if (!thrown) return { none: 'no exception' };
  const frames = framesOf(thrown.stacktrace?.frames ?? [], (frame) => (typeof frame.chunk_id === 'string' ? frame.chunk_id : null));
  return frames.length > 0 ? { frames } : { none: 'no frames' };
}

/** `    at fn (file:line:column)`, `    at async fn (…)`, `    at file:line:column`: V8's lines. */
const V8_LINE = /^\s*at (?:(?:async )?(.*?) \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * A stack as V8 writes it (`error.stack`, what OpenTelemetry's `exception.stacktrace` holds):
 * already innermost first. Lines that name no position (`at new Promise (<anonymous>)`) are skipped.
 */
export function v8Stack(text: string | undefined): Stack {
  if (text === undefined || text.trim() === '') return { none: 'no stack' };
  const frames = text.split('\n').flatMap((line): Frame[] => {
    const match = V8_LINE.exec(line);
    if (!match) return [];
    const [, fn, file, lineNumber, column] = match;
    return [{ file, line: Number(lineNumber), column: Number(column), function: named(fn ?? null), inApp: null, debugId: null }];
  });
  return frames.length > 0 ? { frames } : { none: 'no frames' };
}
