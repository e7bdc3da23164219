import type { ErrorEvent, StackFrame } from '@sentry/core';

/**
 * A report's stack, read into one shape: its frames innermost first (the throw first), each as the
 * report names it. Every reporter's report comes as the audit's ingest keeps it, a Sentry event
 * (`ingest/posthog.ts` and `ingest/otlp.ts` read their reporters' frames into it). Nothing is
 * resolved here: `resolve.ts` does that.
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
  /** The exception is there, but the reporter sent no frames for it (an OpenTelemetry exception without `exception.stacktrace`). */
  | 'no frames';

export type Stack = { frames: Frame[] } | { none: NoFrames };

const named = (name: unknown) => (typeof name === 'string' && name !== '' && name !== '?' && name !== '<anonymous>' ? name : null);

/** Frames as Sentry's SDKs list them (the caller first, the throw last), and so the audit's ingest keeps every reporter's. */
function framesOf(listed: readonly StackFrame[], debugIdOf: (file: string) => string | null): Frame[] {
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
          debugId: debugIdOf(file),
        },
      ];
    })
    .reverse();
}

/**
 * A report's stack: its thrown exception's (the last of `exception.values`, Sentry listing causes
 * first), each frame's debug ID the `debug_meta` image whose `code_file` is the frame's file, as
 * Sentry's symbolicator pairs them. Every reporter's report is such an event as the audit's ingest
 * keeps it (PostHog's `chunk_id` as its `debug_meta` image).
 */
export function sentryStack(event: ErrorEvent): Stack {
  const thrown = event.exception?.values?.at(-1);
  if (!thrown) return { none: 'no exception' };
  const images = new Map(
    (event.debug_meta?.images ?? []).flatMap((image) =>
      'code_file' in image && typeof image.code_file === 'string' && typeof image.debug_id === 'string' ? [[image.code_file, image.debug_id] as const] : [],
    ),
  );
  const frames = framesOf(thrown.stacktrace?.frames ?? [], (file) => images.get(file) ?? null);
  return frames.length > 0 ? { frames } : { none: 'no frames' };
}
