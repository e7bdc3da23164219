import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import { decodedMap, encodedMap, FlattenMap, TraceMap } from '@jridgewell/trace-mapping';
import { afterAll, expect } from 'vitest';
import { type Resolution, type Resolved } from '../source-maps/resolve';
import { type SourceSetup, type Thrower } from '../audit/source/judge';
import type { Build } from '../source-maps/chunks';
import { otlpExceptions } from '../ingest/otlp';
import { postHogExceptions } from '../ingest/posthog';

/**
 * Builds of apps generated from registry packages, as `faultline audit` placed, built and
 * triggered them, and the reports their SDKs sent (unit/data/source/README.md says how each was
 * recorded): the resolver reads their real chunks and maps, and the judge is held to where the
 * placed thrower's `throw` is in its placed file.
 */

export const DATA = join(import.meta.dirname, 'data', 'source');
export const built = (name: string, ranAt?: string): Build => ({ root: join(DATA, name), distDir: '.next', ...(ranAt && { ranAt }) });
export const reports = <T>(name: string) => JSON.parse(readFileSync(join(DATA, name, 'reports.json'), 'utf8')) as T[];

/** Where the placed thrower throws: the line of the first `throw` (or rejection) after `function name(` in the placed file. The expectation comes from the file faultline wrote. */
export function thrower(app: string, file: string, name: string): Thrower {
  const lines = readFileSync(join(DATA, app, file), 'utf8').split('\n');
  const start = lines.findIndex((line) => new RegExp(`function ${name}\\(`).test(line));
  const line = lines.findIndex((text, at) => at > start && /\bthrow\b|Promise\.reject/.test(text)) + 1;
  expect(start, `${file} declares ${name}`).toBeGreaterThanOrEqual(0);
  return { file, line, function: name };
}

export const SERVER_THROWER = 'app/faultline-audit/_throwers/server.jsx';

/** The Sentry guide's next.config.ts as the audit had it (cacheComponents on): withSentryConfig at line 9, no map options. */
export const SENTRY_GUIDE: SourceSetup = {
  config: 'next.config.ts',
  bundler: 'turbopack',
  productionBrowserSourceMaps: null,
  serverMinification: null,
  sentry: { at: 'next.config.ts:9', disable: null, deleteSourcemapsAfterUpload: null, authToken: false },
};
export const PLAIN: SourceSetup = { config: 'next.config.ts', bundler: 'turbopack', productionBrowserSourceMaps: null, serverMinification: null, sentry: null };

export const sentryGuide = reports<{ runtime: 'node' | 'browser'; event: ErrorEvent }>('sentry-guide-16.4.5');
/** A PostHog event's properties, as posthog-node sends them. */
export type PostHogException = { $exception_list?: unknown[] };
export const postHog = reports<{ runtime: 'node' | 'edge'; properties: PostHogException }>('posthog-16.4.5');
export const openTelemetry = reports<{ runtime: 'node'; 'exception.stacktrace': string }>('opentelemetry-16.4.5');
/** A PostHog `$exception` as the audit's ingest keeps it: its frames in a Sentry event's shape. */
export const postHogEvent = (properties: PostHogException) =>
  postHogExceptions(new TextEncoder().encode(JSON.stringify({ event: '$exception', properties })))[0];
/** An OpenTelemetry span's exception event, as the audit's ingest keeps it, with `exception.stacktrace` where given. */
export function otelEvent(stacktrace: string | undefined): ErrorEvent {
  const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const attributes = [attribute('exception.type', 'Error'), ...(stacktrace ? [attribute('exception.stacktrace', stacktrace)] : [])];
  const body = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'aa', spanId: '01', events: [{ name: 'exception', attributes }] }] }] }] };
  return otlpExceptions([{ contentType: 'application/json', body: new TextEncoder().encode(JSON.stringify(body)) }])[0].event;
}
export const sentryNode = sentryGuide.find(({ runtime }) => runtime === 'node')!.event;
export const sentryBrowser = sentryGuide.find(({ runtime }) => runtime === 'browser')!.event;

export const resolvedOf = (resolution: Resolution): Resolved => {
  if (!('resolved' in resolution)) throw new Error(`not resolved: ${JSON.stringify(resolution)}`);
  return resolution.resolved;
};

export const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of a recorded build whose one map is edited by `edit` (its mappings decoded, flattened from any sections). */
export function withEditedMap(app: string, map: string, edit: (lines: number[][][]) => void): Build {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-source-'));
  scratch.push(dir);
  cpSync(join(DATA, app), dir, { recursive: true });
  const file = join(dir, '.next', map);
  const original = JSON.parse(readFileSync(file, 'utf8'));
  const decoded = decodedMap(FlattenMap(original));
  const mappings = decoded.mappings.map((segments) => segments.map((segment) => [...segment]));
  edit(mappings);
  const flat = encodedMap(new TraceMap({ ...decoded, mappings: mappings as never }));
  writeFileSync(file, JSON.stringify({ ...flat, debugId: original.debugId }));
  return { root: dir, distDir: '.next' };
}

// What Sentry's wizard makes of an empty config (foreign-apps/generate.ts wraps create-next-app's the same way).
export const GUIDE_CONFIG = [
  "import type { NextConfig } from 'next';",
  "import { withSentryConfig } from '@sentry/nextjs/config';",
  '',
  'const nextConfig: NextConfig = {',
  '  /* config options here */',
  '};',
  '',
  'export default withSentryConfig(nextConfig, {',
  "  org: 'example-org',",
  "  project: 'example-project',",
  '  silent: !process.env.CI,',
  '  tunnelRoute: true,',
  '});',
  '',
].join('\n');
