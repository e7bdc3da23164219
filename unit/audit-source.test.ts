import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import { decodedMap, encodedMap, FlattenMap, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { afterAll, describe, expect, it } from 'vitest';
import { sentryStack, type Frame, type Stack } from '../source-maps/frames';
import { located, resolveStack, type Resolution, type Resolved } from '../source-maps/resolve';
import { codeRuntime, judgeSource, sourceFindings, type SourceReport, type SourceSetup, type Thrower } from '../audit/source/judge';
import type { Build } from '../source-maps/build';
import { sourceSetupIn, sourceSetupOf } from '../audit/source/setup';
import { traceableToSource } from '../audit/source/traceable';
import { findingsOf, sourceCheck } from '../audit/source/check';
import { otlpExceptions } from '../ingest/otlp';
import { postHogExceptions } from '../ingest/posthog';
import type { AuditEntryRecord } from '../verdict/attachment';

/**
 * Builds of apps generated from registry packages, as `faultline audit` placed, built and
 * triggered them, and the reports their SDKs sent (unit/data/source/README.md says how each was
 * recorded): the resolver reads their real chunks and maps, and the judge is held to where the
 * placed thrower's `throw` is in its placed file.
 */

const DATA = join(import.meta.dirname, 'data', 'source');
const built = (name: string, ranAt?: string): Build => ({ root: join(DATA, name), distDir: '.next', ...(ranAt && { ranAt }) });
const reports = <T>(name: string) => JSON.parse(readFileSync(join(DATA, name, 'reports.json'), 'utf8')) as T[];

/** Where the placed thrower throws: the line of the first `throw` (or rejection) after `function name(` in the placed file. The expectation comes from the file faultline wrote. */
function thrower(app: string, file: string, name: string): Thrower {
  const lines = readFileSync(join(DATA, app, file), 'utf8').split('\n');
  const start = lines.findIndex((line) => new RegExp(`function ${name}\\(`).test(line));
  const line = lines.findIndex((text, at) => at > start && /\bthrow\b|Promise\.reject/.test(text)) + 1;
  expect(start, `${file} declares ${name}`).toBeGreaterThanOrEqual(0);
  return { file, line, function: name };
}

const SERVER_THROWER = 'app/faultline-audit/_throwers/server.jsx';

/** The Sentry guide's next.config.ts as the audit had it (cacheComponents on): withSentryConfig at line 9, no map options. */
const SENTRY_GUIDE: SourceSetup = {
  config: 'next.config.ts',
  bundler: 'turbopack',
  productionBrowserSourceMaps: null,
  serverMinification: null,
  sentry: { at: 'next.config.ts:9', disable: null, deleteSourcemapsAfterUpload: null, authToken: false },
};
const PLAIN: SourceSetup = { config: 'next.config.ts', bundler: 'turbopack', productionBrowserSourceMaps: null, serverMinification: null, sentry: null };

const sentryGuide = reports<{ runtime: 'node' | 'browser'; event: ErrorEvent }>('sentry-guide-16.4.5');
/** A PostHog event's properties, as posthog-node sends them. */
type PostHogException = { $exception_list?: unknown[] };
const postHog = reports<{ runtime: 'node' | 'edge'; properties: PostHogException }>('posthog-16.4.5');
const openTelemetry = reports<{ runtime: 'node'; 'exception.stacktrace': string }>('opentelemetry-16.4.5');
/** A PostHog `$exception` as the audit's ingest keeps it: its frames in a Sentry event's shape. */
const postHogEvent = (properties: PostHogException) => postHogExceptions(new TextEncoder().encode(JSON.stringify({ event: '$exception', properties })))[0];
/** An OpenTelemetry span's exception event, as the audit's ingest keeps it, with `exception.stacktrace` where given. */
function otelEvent(stacktrace: string | undefined): ErrorEvent {
  const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const attributes = [attribute('exception.type', 'Error'), ...(stacktrace ? [attribute('exception.stacktrace', stacktrace)] : [])];
  const body = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'aa', spanId: '01', events: [{ name: 'exception', attributes }] }] }] }] };
  return otlpExceptions([{ contentType: 'application/json', body: new TextEncoder().encode(JSON.stringify(body)) }])[0].event;
}
const sentryNode = sentryGuide.find(({ runtime }) => runtime === 'node')!.event;
const sentryBrowser = sentryGuide.find(({ runtime }) => runtime === 'browser')!.event;

const resolvedOf = (resolution: Resolution): Resolved => {
  if (!('resolved' in resolution)) throw new Error(`not resolved: ${JSON.stringify(resolution)}`);
  return resolution.resolved;
};

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of a recorded build whose one map is edited by `edit` (its mappings decoded, flattened from any sections). */
function withEditedMap(app: string, map: string, edit: (lines: number[][][]) => void): Build {
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
const GUIDE_CONFIG = [
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

describe("a report's stack, as its reporter sent it", () => {
  it("reads Sentry's frames innermost first, each with the debug ID its event's debug_meta gives the frame's file", () => {
    const stack = sentryStack(sentryNode);
    if (!('frames' in stack)) throw new Error('no frames');
    expect(stack.frames[0]).toEqual({
      file: 'app:///_next/server/chunks/ssr/[root-of-the-server]__1y-zlskeu4_17._.js',
      line: 2,
      column: 1817,
      function: 'd',
      inApp: true,
      debugId: '3e6b3ea9-6423-d966-a1f1-fffc5c465a0d',
    });
    expect(stack.frames.at(-1)?.file).toMatch(/^node:internal/);
    const browser = sentryStack(sentryBrowser);
    // The browser's anonymous effect: Sentry's `?`, no name.
    expect('frames' in browser && browser.frames[0]).toMatchObject({
      file: 'app:///_next/static/chunks/19ggnq3clghx_.js',
      function: null,
      debugId: 'd202fa23-9195-387b-09e2-6e1b63176a3c',
    });
  });

  it("reads PostHog's frames, as the audit's ingest keeps them, with their paths as posthog-node wrote them, and no debug ID where they carry no chunk_id", () => {
    const [node, edge] = postHog.map(({ properties }) => sentryStack(postHogEvent(properties)));
    expect('frames' in node && node.frames[0]).toMatchObject({
      file: '.next/server/chunks/ssr/[root-of-the-server]__1pedf4oqndwxi._.js',
      line: 1,
      column: 1557,
      debugId: null,
    });
    expect('frames' in edge && edge.frames[0].file).toMatch(/^\/root\/.*\/\.next\/server\/edge\/chunks\/ssr\/_1nsyoik2y70m3\._\.js$/);
  });

  it("reads an OpenTelemetry exception's stack as V8 wrote it, as the audit's ingest keeps it", () => {
    const stack = sentryStack(otelEvent(openTelemetry[0]['exception.stacktrace']));
    expect('frames' in stack && stack.frames.map((frame) => `${frame.function} ${frame.line}:${frame.column}`)).toEqual([
      'd 1:1488',
      'process.processTicksAndRejections 95:5',
    ]);
  });

  it('says a report has no exception or no frames, never a frame it cannot resolve', () => {
    const { exception, ...message } = sentryNode;
    expect(sentryStack({ ...message, message: 'captured' })).toEqual({ none: 'no exception' });
    expect(sentryStack({ ...sentryNode, exception: { values: [{ ...exception!.values!.at(-1)!, stacktrace: undefined }] } })).toEqual({ none: 'no frames' });
    expect(sentryStack(postHogEvent({ $exception_list: [{}] }))).toEqual({ none: 'no frames' });
    expect(sentryStack(otelEvent(undefined))).toEqual({ none: 'no frames' });
    expect(resolveStack(built('sentry-guide-16.4.5'), { none: 'no frames' })).toEqual({ none: 'no frames' });
  });
});

describe("the top frame of the app's code, resolved the way its reporter resolves it", () => {
  it("Sentry's Node.js frame: by its debug ID through Turbopack's sectioned map, to the thrower's line; the map keeps no name for its function", () => {
    const map = JSON.parse(readFileSync(join(DATA, 'sentry-guide-16.4.5/.next/server/chunks/ssr/[root-of-the-server]__1y-zlskeu4_17._.js.map'), 'utf8'));
    expect(map.sections).toHaveLength(1);
    const resolved = resolvedOf(resolveStack(built('sentry-guide-16.4.5'), sentryStack(sentryNode)));
    const expected = thrower('sentry-guide-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    expect(resolved).toMatchObject({ via: 'debug ID', file: expected.file, line: expected.line, name: null, mapHasNames: true, served: false });
    expect(resolved.debugIds).toEqual({
      report: '3e6b3ea9-6423-d966-a1f1-fffc5c465a0d',
      chunk: '3e6b3ea9-6423-d966-a1f1-fffc5c465a0d',
      map: '3e6b3ea9-6423-d966-a1f1-fffc5c465a0d',
    });
  });

  it("Sentry's browser frame as its guide builds it: the chunk keeps its debug ID, its map is gone", () => {
    const resolution = resolveStack(built('sentry-guide-16.4.5'), sentryStack(sentryBrowser));
    expect(resolution).toMatchObject({
      unresolved: {
        chunk: '.next/static/chunks/19ggnq3clghx_.js',
        why: { cause: 'no map with the debug ID' },
        debugIds: { chunk: 'd202fa23-9195-387b-09e2-6e1b63176a3c' },
      },
    });
  });

  it('a debug ID no map of the build has: said so, not resolved through another map', () => {
    const other = { ...sentryNode, debug_meta: { images: [{ ...sentryNode.debug_meta!.images![0], debug_id: '00000000-0000-0000-0000-000000000000' }] } };
    expect(resolveStack(built('sentry-guide-16.4.5'), sentryStack(other))).toMatchObject({ unresolved: { why: { cause: 'no map with the debug ID' } } });
  });

  it("PostHog's frames without chunk ids: by their paths, the Node.js one relative to the app, the Edge runtime's absolute", () => {
    const build = built('posthog-16.4.5', '/root/.cache/faultline/audit/posthog-app-fdbfd24e36');
    const [node, edge] = postHog.map(({ properties }) => resolvedOf(resolveStack(build, sentryStack(postHogEvent(properties)))));
    const expected = thrower('posthog-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    expect(node).toMatchObject({ via: 'sourceMappingURL', file: expected.file, line: expected.line, name: null });
    // The Edge runtime's map is a plain one whose sources are two folders short (`../../../app/…` from server/edge/chunks/ssr): its source is still the thrower's.
    expect(edge).toMatchObject({ via: 'sourceMappingURL', file: expected.file, line: expected.line, name: null });
  });

  it('an OpenTelemetry stack: by the file paths the server ran', () => {
    const build = built('opentelemetry-16.4.5', '/root/.cache/faultline/audit/opentelemetry-app-3ce6bb136a');
    const resolved = resolvedOf(resolveStack(build, sentryStack(otelEvent(openTelemetry[0]['exception.stacktrace']))));
    const expected = thrower('opentelemetry-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    expect(resolved).toMatchObject({ via: 'sourceMappingURL', file: expected.file, line: expected.line, name: null });
  });
});

describe('judged against where faultline placed the thrower', () => {
  const report = (resolution: Resolution, over: Partial<SourceReport> = {}): SourceReport => ({
    entry: 'server-page-throws',
    runtime: 'node',
    reporter: 'Sentry',
    resolution,
    ...over,
  });

  it('a map edited to point one line off turns the check red', () => {
    const expected = thrower('sentry-guide-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    const chunk = 'server/chunks/ssr/[root-of-the-server]__1y-zlskeu4_17._.js';
    // Every mapping of the thrower's line moved one line down, as a transform that shifted the code after the map was made would leave it.
    const build = withEditedMap('sentry-guide-16.4.5', `${chunk}.map`, (lines) => {
      for (const segment of lines.flat()) if (segment.length >= 4 && segment[2] === expected.line - 1) segment[2] += 1;
    });
    const judged = judgeSource(expected, report(resolveStack(build, sentryStack(sentryNode))), SENTRY_GUIDE);
    expect(judged.traced).toBe(false);
    expect(judged.findings.map((finding) => finding.kind)).toContain('wrong place');
    expect(judged.findings.find((finding) => finding.kind === 'wrong place')?.cause).toContain(`${expected.file}:${expected.line + 1}`);
  });

  it("Sentry's guide on 16.4.5, the Node.js report: traced to the thrower's line, its function's name lost in the server's map", () => {
    const expected = thrower('sentry-guide-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    const judged = judgeSource(expected, report(resolveStack(built('sentry-guide-16.4.5'), sentryStack(sentryNode))), SENTRY_GUIDE);
    expect(judged.traced).toBe(true);
    expect(judged.seen).toBe(
      `app:///_next/server/chunks/ssr/[root-of-the-server]__1y-zlskeu4_17._.js:2:1817 (d) -> ${expected.file}:${expected.line}:13, by debug ID`,
    );
    expect(judged.findings).toEqual([
      {
        kind: 'names lost',
        runtime: 'node',
        reporter: 'Sentry',
        entries: ['server-page-throws'],
        cause:
          'the frame shows the minified d for ThrowingServerComponent: .next/server/chunks/ssr/[root-of-the-server]__1y-zlskeu4_17._.js.map keeps no name there',
        fix: "next.config.ts: experimental: { serverMinification: false } keeps the server's names",
        at: 'next.config.ts',
      },
    ]);
  });

  it("Sentry's guide, the browser's report: its maps deleted by an upload step that uploaded nothing, the CI's token not seen", () => {
    const expected = thrower('sentry-guide-16.4.5', 'app/faultline-audit/_throwers/client-throwers.jsx', 'ThrowsInEffect');
    const judged = judgeSource(
      expected,
      report(resolveStack(built('sentry-guide-16.4.5'), sentryStack(sentryBrowser)), { entry: 'client-effect-throws', runtime: 'browser' }),
      SENTRY_GUIDE,
    );
    expect(judged.traced).toBe(false);
    expect(judged.seen).toBe(
      'app:///_next/static/chunks/19ggnq3clghx_.js:2:313: .next/static/chunks/19ggnq3clghx_.js: no map of the build has its debug ID d202fa23-9195-387b-09e2-6e1b63176a3c',
    );
    expect(judged.findings).toHaveLength(1);
    expect(judged.findings[0]).toMatchObject({ kind: 'maps deleted', runtime: 'browser', at: 'next.config.ts:9' });
    expect(judged.findings[0].cause).toContain('not seen: whether your CI sets SENTRY_AUTH_TOKEN');
  });

  it("the browser's report where the app's files turn maps off: the config line that does it", () => {
    const resolution = resolveStack(built('sentry-guide-16.4.5'), sentryStack(sentryBrowser));
    const expected = thrower('sentry-guide-16.4.5', 'app/faultline-audit/_throwers/client-throwers.jsx', 'ThrowsInEffect');
    const disabled = { ...SENTRY_GUIDE, sentry: { ...SENTRY_GUIDE.sentry!, disable: { value: true, at: 'next.config.ts:13' } } };
    expect(judgeSource(expected, report(resolution, { runtime: 'browser' }), disabled).findings[0]).toMatchObject({
      kind: 'no map',
      fix: "next.config.ts:13: remove sourcemaps: { disable: true } from withSentryConfig's options",
    });
    const off = { ...PLAIN, productionBrowserSourceMaps: { value: false, at: 'next.config.ts:4' } };
    expect(judgeSource(expected, report(resolution, { runtime: 'browser' }), off).findings[0]).toMatchObject({
      kind: 'no map',
      fix: 'next.config.ts:4: productionBrowserSourceMaps: true',
      at: 'next.config.ts:4',
    });
  });

  it("PostHog's reports: traced by path, but no chunk id for PostHog to find an uploaded map by", () => {
    const build = built('posthog-16.4.5', '/root/.cache/faultline/audit/posthog-app-fdbfd24e36');
    const expected = thrower('posthog-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    const judged = postHog.map(({ runtime, properties }) =>
      judgeSource(expected, report(resolveStack(build, sentryStack(postHogEvent(properties))), { runtime, reporter: 'PostHog' }), PLAIN),
    );
    expect(sourceFindings(judged).map(({ kind, runtime, entries }) => `${kind} ${runtime} ${entries}`)).toEqual([
      'names lost node server-page-throws',
      'no debug ID node server-page-throws',
      'names lost edge server-page-throws',
      'no debug ID edge server-page-throws',
    ]);
  });

  it('an OpenTelemetry report needs no debug ID: resolved by path, only its lost name found', () => {
    const build = built('opentelemetry-16.4.5', '/root/.cache/faultline/audit/opentelemetry-app-3ce6bb136a');
    const expected = thrower('opentelemetry-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    const judged = judgeSource(
      expected,
      report(resolveStack(build, sentryStack(otelEvent(openTelemetry[0]['exception.stacktrace']))), { reporter: 'OpenTelemetry' }),
      PLAIN,
    );
    expect(judged.findings.map((finding) => finding.kind)).toEqual(['names lost']);
    expect(judged.traced).toBe(true);
  });

  it('a report without frames is said so, not judged', () => {
    const none: Stack = { none: 'no frames' };
    expect(
      judgeSource(
        thrower('sentry-guide-16.4.5', SERVER_THROWER, 'ThrowingServerComponent'),
        report(resolveStack(built('sentry-guide-16.4.5'), none)),
        SENTRY_GUIDE,
      ),
    ).toEqual({
      traced: null,
      seen: 'the reporter sent no frames',
      findings: [],
    });
  });
});

describe("the source check's findings", () => {
  it('says each finding as what its own kind comes to, not the worst result of its report', () => {
    const found = (kind: 'wrong place' | 'no debug ID') => ({ kind, cause: kind, fix: 'f', at: null });
    const traced = {
      runtime: 'edge',
      reporter: 'Sentry',
      result: 'resolved to a wrong place',
      seen: 's',
      findings: [found('wrong place'), found('no debug ID')],
    } as const;
    expect(findingsOf([{ ...traced, findings: [...traced.findings] }]).map((finding) => finding.what.split(' (')[0])).toEqual([
      'resolved to a wrong place',
      'no debug ID',
    ]);
  });
});

describe('an index map read a section at a time', () => {
  it('resolves every mapped position as the whole map flattened does (Turbopack: a section per module)', () => {
    for (const file of [
      'sentry-keep-maps-16.5.0/.next/server/chunks/ssr/[root-of-the-server]__0sw0-wdav1pxp._.js.map',
      'sentry-keep-maps-16.5.0/.next/server/edge/chunks/ssr/_1sr5dk44y80ld._.js.map',
    ]) {
      const json = JSON.parse(readFileSync(join(DATA, file), 'utf8')) as { sections: unknown[] };
      expect(json.sections.length, file).toBeGreaterThan(1);
      const whole = FlattenMap(json as never);
      const positions = decodedMap(whole).mappings.flatMap((segments, line) => segments.map((segment) => ({ line: line + 1, column: segment[0] })));
      expect(positions.length, file).toBeGreaterThan(20);
      for (const position of positions) {
        const at = located(json, position.line, position.column);
        expect(originalPositionFor(at.map, { line: at.line, column: at.column }), `${file} ${position.line}:${position.column}`).toEqual(
          originalPositionFor(whole, position),
        );
      }
    }
  });
});

describe("a function's name restored from the map, as Sentry's symbolicator restores it", () => {
  it("reads the map's name at the declaration of the minified one, on the frame's own line", () => {
    const root = mkdtempSync(join(tmpdir(), 'faultline-names-'));
    mkdirSync(join(root, '.next', 'server', 'chunks'), { recursive: true });
    writeFileSync(join(root, '.next', 'server', 'chunks', 'a.js'), 'function d(){throw new Error("x")}\n//# sourceMappingURL=a.js.map\n');
    // `d` (column 9) maps to the source's `Thrower` at line 1, the throw (column 13) to line 2.
    const map = { version: 3, sources: ['app/x.jsx'], names: ['Thrower'], mappings: 'SAAAA,IACA' };
    writeFileSync(join(root, '.next', 'server', 'chunks', 'a.js.map'), JSON.stringify(map));
    const frame = { filename: 'app:///_next/server/chunks/a.js', lineno: 1, colno: 14, function: 'd', in_app: true };
    const event = { exception: { values: [{ type: 'Error', value: 'x', stacktrace: { frames: [frame] } }] } } as ErrorEvent;
    const resolution = resolveStack({ root, distDir: '.next' }, sentryStack(event));
    expect(resolution).toMatchObject({ resolved: { file: 'app/x.jsx', line: 2, name: 'Thrower' } });
    rmSync(root, { recursive: true });
  });
});

describe('a map whose copy of the file is not the file', () => {
  it("resolves to the rewritten copy's line: a wrong place, said as a transform before the bundler, the fix at the config line that turns it on", () => {
    const root = mkdtempSync(join(tmpdir(), 'faultline-rewritten-'));
    mkdirSync(join(root, '.next', 'server', 'chunks'), { recursive: true });
    mkdirSync(join(root, 'app'));
    writeFileSync(join(root, 'app', 'x.jsx'), 'export function f() {\n  throw new Error("x");\n}\n');
    // The copy a transform wrote (as Sentry's component annotation reformats a file), the throw two lines further down.
    const rewritten = 'export function f(\n) {\n\n  throw new Error("x");\n}\n';
    writeFileSync(join(root, '.next', 'server', 'chunks', 'a.js'), 'function f(){throw new Error("x")}\n//# sourceMappingURL=a.js.map\n');
    const map = { version: 3, sources: ['../../../app/x.jsx'], sourcesContent: [rewritten], names: [], mappings: 'AAAA,aAGE' };
    writeFileSync(join(root, '.next', 'server', 'chunks', 'a.js.map'), JSON.stringify(map));
    const frame = { filename: 'app:///_next/server/chunks/a.js', lineno: 1, colno: 14, function: 'f', in_app: true };
    const event = { exception: { values: [{ type: 'Error', value: 'x', stacktrace: { frames: [frame] } }] } } as ErrorEvent;
    const config = 'export default withSentryConfig({}, {\n  _experimental: {\n    turbopackReactComponentAnnotation: { enabled: true },\n  },\n});\n';
    const setup = sourceSetupOf({ name: 'next.config.ts', text: config }, 'turbopack');
    const [traced] = traceableToSource('route-handler-throws', { file: 'app/x.jsx', line: 2 }, [{ runtime: 'node', event }], { root, distDir: '.next' }, setup);
    expect(traced).toMatchObject({ result: 'resolved to a wrong place', at: 'next.config.ts:3' });
    expect(traced.findings[0].cause).toMatch(/^the frame resolves to app\/x\.jsx:4 through .*, whose copy of app\/x\.jsx is not the file: /);
    rmSync(root, { recursive: true });
  });
});

describe("what the app's files say of its maps", () => {
  it("reads Sentry's guide as written: its plugin's line, no map options, no token", () => {
    expect(sourceSetupOf({ name: 'next.config.ts', text: GUIDE_CONFIG }, 'turbopack')).toEqual({
      config: 'next.config.ts',
      bundler: 'turbopack',
      productionBrowserSourceMaps: null,
      serverMinification: null,
      sentry: { at: 'next.config.ts:8', disable: null, deleteSourcemapsAfterUpload: null, authToken: false, annotation: null },
    });
  });

  it('reads each setting with its line, and the token Sentry’s wizard writes into an env file', () => {
    const text = GUIDE_CONFIG.replace('/* config options here */', 'productionBrowserSourceMaps: false,').replace(
      'tunnelRoute: true,',
      'tunnelRoute: true,\n  sourcemaps: { disable: true, deleteSourcemapsAfterUpload: false },',
    );
    const setup = sourceSetupOf({ name: 'next.config.mjs', text }, 'webpack', ['# sentry\nSENTRY_AUTH_TOKEN=sntrys_x\n']);
    expect(setup.productionBrowserSourceMaps).toEqual({ value: false, at: 'next.config.mjs:5' });
    expect(setup.sentry).toEqual({
      at: 'next.config.mjs:8',
      disable: { value: true, at: 'next.config.mjs:13' },
      deleteSourcemapsAfterUpload: { value: false, at: 'next.config.mjs:13' },
      authToken: true,
      annotation: null,
    });
    expect(sourceSetupOf({ name: 'next.config.ts', text: 'export default {};' }, 'turbopack').sentry).toBeNull();
  });

  it("reads only the env files a build loads (Next's, and Sentry's plugin's own): a token in .env.local.example is none", () => {
    const dir = mkdtempSync(join(tmpdir(), 'faultline-source-setup-'));
    writeFileSync(join(dir, 'next.config.ts'), GUIDE_CONFIG);
    writeFileSync(join(dir, '.env.local.example'), 'SENTRY_AUTH_TOKEN=xxxxxxx\n');
    writeFileSync(join(dir, '.env.development'), 'SENTRY_AUTH_TOKEN=sntrys_dev\n');
    expect(sourceSetupIn(dir, 'next.config.ts', 'turbopack').sentry?.authToken).toBe(false);
    writeFileSync(join(dir, '.env.sentry-build-plugin'), 'SENTRY_AUTH_TOKEN=sntrys_x\n');
    expect(sourceSetupIn(dir, 'next.config.ts', 'turbopack').sentry?.authToken).toBe(true);
    rmSync(dir, { recursive: true });
  });
});

describe("Sentry's guide on 16.5.0 with @sentry/nextjs 11.11.0, its maps kept (sourcemaps: { deleteSourcemapsAfterUpload: false })", () => {
  const app = 'sentry-keep-maps-16.5.0';
  const sent = reports<{ runtime: 'node' | 'edge' | 'browser'; event: ErrorEvent }>(app);
  const of = (runtime: string) => sent.find((report) => report.runtime === runtime)!.event;
  // The scratch build's config: the guide's, with the line the build was made with.
  const setup = sourceSetupOf(
    {
      name: 'next.config.ts',
      text: GUIDE_CONFIG.replace('tunnelRoute: true,', 'tunnelRoute: true,\n  sourcemaps: { deleteSourcemapsAfterUpload: false },'),
    },
    'turbopack',
  );
  const judged = (runtime: 'node' | 'edge' | 'browser', expected: Thrower) =>
    judgeSource(expected, { entry: runtime, runtime, reporter: 'Sentry', resolution: resolveStack(built(app), sentryStack(of(runtime))) }, setup);

  it('the Node.js report: by debug ID to the thrower’s line, its name lost as on 16.4.5', () => {
    const result = judged('node', thrower(app, SERVER_THROWER, 'ThrowingServerComponent'));
    expect(result.traced).toBe(true);
    expect(result.findings.map((finding) => finding.kind)).toEqual(['names lost']);
  });

  it("the Edge runtime's report: its chunk carries no debug ID, so Sentry finds no map for it, though its own map resolves it", () => {
    const expected = thrower(app, SERVER_THROWER, 'ThrowingServerComponent');
    const result = judged('edge', expected);
    expect((sentryStack(of('edge')) as { frames: Frame[] }).frames[0]).toMatchObject({
      file: expect.stringContaining('/_next/server/edge/chunks/'),
      debugId: null,
    });
    expect(result.seen).toContain(`-> ${expected.file}:${expected.line}:`);
    expect(result.traced).toBe(false);
    expect(result.findings.find((finding) => finding.kind === 'no debug ID')).toMatchObject({ runtime: 'edge', at: null });
  });

  it("the browser's report: by debug ID through the map its chunk names (16.5.0 names maps apart from their chunks), which the app serves to anyone", () => {
    // V8 names the click handler's arrow by its property: `onClick`.
    const expected = { ...thrower(app, 'app/faultline-audit/_throwers/client.jsx', 'ThrowsInEventHandler'), function: 'onClick' };
    const resolution = resolvedOf(resolveStack(built(app), sentryStack(of('browser'))));
    expect(resolution).toMatchObject({
      via: 'debug ID',
      map: '.next/static/chunks/41y_6f3jebl2d.js.map',
      file: expected.file,
      line: expected.line,
      served: true,
    });
    const result = judged('browser', expected);
    expect(result.traced).toBe(true);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'map served',
        runtime: 'browser',
        fix: 'next.config.ts:13: sourcemaps: { deleteSourcemapsAfterUpload: true }',
        at: 'next.config.ts:13',
      }),
    ]);
  });

  it('a minifier that inlined the thrower into its caller is no finding: the name is then the caller’s', () => {
    const expected = thrower(app, SERVER_THROWER, 'ThrowingServerComponent');
    const resolution = resolvedOf(resolveStack(built(app), sentryStack(of('node'))));
    // The same resolved frame, as a map that restores the caller's name would give it.
    const inlined: Resolution = { resolved: { ...resolution, name: 'Page' } };
    const report: SourceReport = { entry: 'server-page-throws', runtime: 'node', reporter: 'Sentry', resolution: inlined };
    expect(judgeSource({ ...expected, inlinedInto: ['Page'] }, report, setup).findings).toEqual([]);
    expect(judgeSource(expected, report, setup).findings.map((finding) => finding.kind)).toEqual(['wrong place']);
  });
});

describe("Sentry's guide on next 15.5 (webpack) with @sentry/nextjs 11.1.0", () => {
  const app = 'sentry-guide-webpack-15.5';
  const sent = reports<{ runtime: 'node' | 'browser'; event: ErrorEvent }>(app);
  const of = (runtime: string) => sent.find((report) => report.runtime === runtime)!.event;
  const setup = sourceSetupOf({ name: 'next.config.ts', text: GUIDE_CONFIG }, 'webpack');

  it("the Node.js report: the debug ID Sentry's snippet registers finds the chunk's map, which points past the thrower: the map leaves out what Sentry put before the chunk's code", () => {
    const expected = thrower(app, SERVER_THROWER, 'ThrowingServerComponent');
    const build = built(app);
    const resolution = resolveStack(build, sentryStack(of('node')));
    const resolved = resolvedOf(resolution);
    expect(resolved).toMatchObject({
      via: 'debug ID',
      file: 'external commonjs2 "util"',
      debugIds: { report: '99dc272d-58ca-40a1-b932-b4472dce7080', chunk: '99dc272d-58ca-40a1-b932-b4472dce7080', map: null },
    });
    const judged = judgeSource(expected, { entry: 'server-page-throws', runtime: 'node', reporter: 'Sentry', resolution }, setup);
    expect(judged.traced).toBe(false);
    expect(judged.findings.map((finding) => finding.kind)).toEqual(['wrong place']);
    // The cause, seen: the chunk opens with Sentry's `__SENTRY_ORCHESTRION__` statement, which the map does not count; the frame moved back by its length resolves to the thrower.
    const chunk = readFileSync(join(build.root, resolved.chunk), 'utf8');
    const prefix = chunk.indexOf('!function(){try');
    expect(chunk.slice(0, prefix)).toContain('__SENTRY_ORCHESTRION__');
    const frame = { ...resolved.frame, column: resolved.frame.column! - prefix };
    expect(resolvedOf(resolveStack(build, { frames: [frame] }))).toMatchObject({ file: expected.file, line: expected.line });
  });

  it("the browser's report: the chunk keeps Sentry's debug ID snippet, its map deleted as Turbopack's builds lose theirs", () => {
    const judged = judgeSource(
      thrower(app, 'app/faultline-audit/_throwers/client.jsx', 'ThrowsInEventHandler'),
      { entry: 'client-event-handler-throws', runtime: 'browser', reporter: 'Sentry', resolution: resolveStack(built(app), sentryStack(of('browser'))) },
      setup,
    );
    expect(judged.findings.map((finding) => finding.kind)).toEqual(['maps deleted']);
  });
});

describe("traceable to source, an audit entry's check on its Node.js reports from Sentry", () => {
  const expected = () => {
    const { file, line } = thrower('sentry-guide-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
    return { file, line };
  };
  const nodeReport = { runtime: 'node' as const, event: sentryNode };
  const chunk = 'server/chunks/ssr/[root-of-the-server]__1y-zlskeu4_17._.js';

  it("ok: the top frame of the app's code resolves, by the event's debug ID, to the line of the thrower faultline placed", () => {
    const [traced] = traceableToSource('server-page-throws', expected(), [nodeReport], built('sentry-guide-16.4.5'), SENTRY_GUIDE);
    expect(traced).toMatchObject({ runtime: 'node', reporter: 'Sentry', result: 'ok' });
    expect(traced.seen).toBe(`app:///_next/server/chunks/ssr/${chunk.split('/').at(-1)}:2:1817 (d) -> ${expected().file}:${expected().line}:13, by debug ID`);
  });

  it('resolved to a wrong place: the map edited to point one line off', () => {
    const build = withEditedMap('sentry-guide-16.4.5', `${chunk}.map`, (lines) => {
      for (const segment of lines.flat()) if (segment.length >= 4 && segment[2] === expected().line - 1) segment[2] += 1;
    });
    const [traced] = traceableToSource('server-page-throws', expected(), [nodeReport], build, SENTRY_GUIDE);
    expect(traced.result).toBe('resolved to a wrong place');
    expect(traced.seen).toContain(`-> ${expected().file}:${expected().line + 1}:`);
  });

  it("map missing: the build holds no map with the event's debug ID, the fix from the app's config (sourcemaps.disable at its line)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'faultline-source-'));
    scratch.push(dir);
    cpSync(join(DATA, 'sentry-guide-16.4.5'), dir, { recursive: true });
    rmSync(join(dir, '.next', `${chunk}.map`));
    const disabled: SourceSetup = { ...SENTRY_GUIDE, sentry: { ...SENTRY_GUIDE.sentry!, disable: { value: true, at: 'next.config.ts:12' } } };
    const [traced] = traceableToSource('server-page-throws', expected(), [nodeReport], { root: dir, distDir: '.next' }, disabled);
    expect(traced).toMatchObject({
      result: 'map missing',
      fix: "next.config.ts:12: remove sourcemaps: { disable: true } from withSentryConfig's options",
      at: 'next.config.ts:12',
    });
  });

  it('a map the library cannot read is not judged, said so, and never ends the audit', () => {
    const build = withEditedMap('sentry-guide-16.4.5', `${chunk}.map`, () => {});
    const debugId = sentryNode.debug_meta!.images![0].debug_id;
    writeFileSync(
      join(build.root, '.next', `${chunk}.map`),
      JSON.stringify({ version: 3, debugId, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, mappings: 5 } }] }),
    );
    const [traced] = traceableToSource('server-page-throws', expected(), [nodeReport], build, SENTRY_GUIDE);
    expect(traced).toMatchObject({ result: 'not judged', seen: expect.stringMatching(/^the build's files could not be read: /) });
  });

  it('a report with no stack is said so, never judged as one that cannot be resolved', () => {
    const { exception, ...message } = sentryNode;
    const bare = { ...sentryNode, exception: { values: [{ ...exception!.values!.at(-1)!, stacktrace: undefined }] } };
    const traced = traceableToSource(
      'server-page-throws',
      expected(),
      [
        { runtime: 'node', event: bare },
        { runtime: 'browser', event: { ...message, message: 'captured' } },
      ],
      built('sentry-guide-16.4.5'),
      SENTRY_GUIDE,
    );
    expect(traced).toEqual([
      { runtime: 'node', reporter: 'Sentry', result: 'no stack', seen: 'the reporter sent no frames', findings: [] },
      { runtime: 'browser', reporter: 'Sentry', result: 'no stack', seen: 'the report carries no exception', findings: [] },
    ]);
  });
});

describe("traceable to source on Sentry's reports from the Edge runtime and the browser, resolved as Sentry resolves them", () => {
  const app = 'sentry-keep-maps-16.5.0';
  const sent = reports<{ runtime: 'node' | 'edge' | 'browser'; event: ErrorEvent }>(app);
  const of = (runtime: 'edge' | 'browser') => ({ runtime, event: sent.find((report) => report.runtime === runtime)!.event });
  // The scratch build's config: the guide's, with the line the build was made with (line 13).
  const keptMaps = sourceSetupOf(
    {
      name: 'next.config.ts',
      text: GUIDE_CONFIG.replace('tunnelRoute: true,', 'tunnelRoute: true,\n  sourcemaps: { deleteSourcemapsAfterUpload: false },'),
    },
    'turbopack',
  );
  const at = (name: string, file: string, fn: string) => {
    const { line } = thrower(name, file, fn);
    return { file, line };
  };
  const CLIENT = 'app/faultline-audit/_throwers/client.jsx';

  it("the Edge runtime's report: its own map resolves it to the thrower, but its chunk carries no debug ID, so Sentry finds none; no fix in the app's files", () => {
    const expected = at(app, SERVER_THROWER, 'ThrowingServerComponent');
    const [traced] = traceableToSource('edge-page-throws', expected, [of('edge')], built(app), keptMaps);
    expect(traced).toMatchObject({ runtime: 'edge', reporter: 'Sentry', result: 'no debug ID', at: null });
    expect(traced.fix).toMatch(/^none in the app's files/);
    expect(traced.seen).toContain(`-> ${expected.file}:${expected.line}:`);
  });

  it("an Edge route's error as the Node.js SDK reports it (real apps, 16.2 to 16.5): said of the Edge runtime, where its chunk ran, which carries no debug ID", () => {
    const expected = at(app, SERVER_THROWER, 'ThrowingServerComponent');
    const [traced] = traceableToSource('edge-route-handler-throws', expected, [{ ...of('edge'), runtime: 'node' }], built(app), keptMaps);
    expect(traced).toMatchObject({ runtime: 'edge', reporter: 'Sentry', result: 'no debug ID', at: null });
    expect(traced.fix).toMatch(/^none in the app's files/);
    expect(traced.findings[0].cause).toMatch(/^the Edge runtime's chunks carry no debug ID/);
  });

  it("webpack's Edge route, reported by the Node.js SDK: its chunk lies with the Node.js ones, its map names webpack's Edge compilation (_N_E)", () => {
    const chunk = '.next/server/app/faultline-audit/edge-route-handler-throws/route.js';
    expect(codeRuntime('node', chunk, 'webpack://_N_E/app/faultline-audit/_throwers/server.jsx')).toBe('edge');
    expect(codeRuntime('node', chunk, 'webpack://acme-app/app/faultline-audit/_throwers/server.jsx')).toBe('node');
    expect(codeRuntime('browser', '.next/static/chunks/app/page.js', 'webpack://_N_E/app/page.jsx')).toBe('browser');
  });

  it("the browser's report where the maps are kept: by debug ID through the map its chunk names, to the thrower, and that map is served to anyone: the fix at its line", () => {
    const expected = at(app, CLIENT, 'ThrowsInEventHandler');
    const [traced] = traceableToSource('client-event-handler-throws', expected, [of('browser')], built(app), keptMaps);
    expect(traced).toMatchObject({
      runtime: 'browser',
      reporter: 'Sentry',
      result: 'map served to anyone',
      fix: 'next.config.ts:13: sourcemaps: { deleteSourcemapsAfterUpload: true }',
      at: 'next.config.ts:13',
    });
    expect(traced.seen).toMatch(new RegExp(`^app:///_next/static/chunks/3rn00wbof1br3\\.js:2:648 .*-> ${expected.file}:${expected.line}:\\d+.*, by debug ID$`));
  });

  it("the browser's chunk as its served URL names it (the app's origin, a basePath, /_next/static/…), where the SDK leaves it so: the build's static/ file", () => {
    const { runtime, event } = of('browser');
    const served = (file: string) => file.replace('app:///', 'http://localhost:3000/shop/');
    const frames = event.exception!.values!.at(-1)!.stacktrace!.frames!.map((frame) => ({ ...frame, filename: served(frame.filename!) }));
    const images = event.debug_meta!.images!.map((image) => ({ ...image, code_file: served((image as { code_file: string }).code_file) }));
    const asServed = { ...event, exception: { values: [{ ...event.exception!.values!.at(-1)!, stacktrace: { frames } }] }, debug_meta: { images } };
    const expected = at(app, CLIENT, 'ThrowsInEventHandler');
    const [traced] = traceableToSource('client-event-handler-throws', expected, [{ runtime, event: asServed }], built(app), keptMaps);
    expect(traced).toMatchObject({ result: 'map served to anyone' });
    expect(traced.seen).toContain(`-> ${expected.file}:${expected.line}:`);
  });

  /** The guide's browser report (16.4.5) traced with `setup`. */
  const guideBrowser = (setup: SourceSetup) => {
    const expected = at('sentry-guide-16.4.5', 'app/faultline-audit/_throwers/client-throwers.jsx', 'ThrowsInEffect');
    return traceableToSource('client-effect-throws', expected, [{ runtime: 'browser', event: sentryBrowser }], built('sentry-guide-16.4.5'), setup)[0];
  };

  it("the browser's report of Sentry's guide as written: no map for the chunk it names (deleted after an upload that uploaded nothing), the fix at withSentryConfig's line", () => {
    const traced = guideBrowser(SENTRY_GUIDE);
    expect(traced).toMatchObject({ runtime: 'browser', result: 'upload not seen', at: 'next.config.ts:9' });
    expect(traced.fix).toContain('deleteSourcemapsAfterUpload: false');
    expect(traced.seen).toContain('no map of the build has its debug ID d202fa23-9195-387b-09e2-6e1b63176a3c');
  });

  it("the browser's maps deleted after an upload step where the app's files hold a token: whether the upload reached Sentry is not seen either", () => {
    const traced = guideBrowser({ ...SENTRY_GUIDE, sentry: { ...SENTRY_GUIDE.sentry!, authToken: true } });
    expect(traced).toMatchObject({ runtime: 'browser', result: 'upload not seen', at: 'next.config.ts:9' });
    expect(traced.findings[0].cause).toContain('an auth token is in the app');
  });

  it("the browser's report where the config turns its maps off: no map, the fix at that line of the config", () => {
    const expected = at('sentry-guide-16.4.5', 'app/faultline-audit/_throwers/client-throwers.jsx', 'ThrowsInEffect');
    const off: SourceSetup = { ...PLAIN, productionBrowserSourceMaps: { value: false, at: 'next.config.ts:4' } };
    const [traced] = traceableToSource('client-effect-throws', expected, [{ runtime: 'browser', event: sentryBrowser }], built('sentry-guide-16.4.5'), off);
    expect(traced).toMatchObject({ result: 'map missing', fix: 'next.config.ts:4: productionBrowserSourceMaps: true', at: 'next.config.ts:4' });
  });
});

describe("traceable to source on PostHog's $exception events, their frames as the audit's ingest keeps them", () => {
  const build = built('posthog-16.4.5', '/root/.cache/faultline/audit/posthog-app-fdbfd24e36');
  const kept = postHog.map(({ runtime, properties }) => ({ runtime, reporter: 'PostHog', event: postHogEvent(properties) }));
  const { file, line } = thrower('posthog-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');

  it('Node.js and the Edge runtime: resolved by their paths to the thrower, but without a chunk_id PostHog finds no uploaded map: the fix in the config', () => {
    const traced = traceableToSource('server-page-throws', { file, line }, kept, build, PLAIN);
    expect(traced.map(({ runtime, reporter, result, at }) => ({ runtime, reporter, result, at }))).toEqual([
      { runtime: 'node', reporter: 'PostHog', result: 'no debug ID', at: 'next.config.ts' },
      { runtime: 'edge', reporter: 'PostHog', result: 'no debug ID', at: 'next.config.ts' },
    ]);
    expect(traced[0].fix).toContain('turbopack: { debugIds: true }');
    for (const { seen } of traced) expect(seen).toContain(`-> ${file}:${line}:`);
  });

  it("on webpack, the fix for no chunk_id is PostHog's config plugin, not Turbopack's debug IDs (seen on a Next 15.5 app with @posthog/next)", () => {
    const webpack: SourceSetup = { ...PLAIN, bundler: 'webpack' };
    const [traced] = traceableToSource('server-page-throws', { file, line }, kept.slice(0, 1), build, webpack);
    expect(traced).toMatchObject({ result: 'no debug ID', at: 'next.config.ts' });
    expect(traced.fix).toContain('withPostHogConfig');
    expect(traced.fix).not.toContain('turbopack');
  });

  it('an exception PostHog sent without frames: no stack, said so', () => {
    const [traced] = traceableToSource(
      'server-page-throws',
      { file, line },
      [{ runtime: 'node', reporter: 'PostHog', event: postHogEvent({ $exception_list: [{}] }) }],
      build,
      PLAIN,
    );
    expect(traced).toMatchObject({ reporter: 'PostHog', result: 'no stack', seen: 'the reporter sent no frames' });
  });
});

describe("traceable to source on OpenTelemetry's exceptions, their stack as the audit's ingest keeps it", () => {
  const build = built('opentelemetry-16.4.5', '/root/.cache/faultline/audit/opentelemetry-app-3ce6bb136a');
  const { file, line } = thrower('opentelemetry-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');

  it('resolved by the paths the server ran to the thrower: ok, OpenTelemetry needing no debug ID', () => {
    const report = { runtime: 'node' as const, reporter: 'OpenTelemetry', event: otelEvent(openTelemetry[0]['exception.stacktrace']) };
    const [traced] = traceableToSource('server-page-throws', { file, line }, [report], build, PLAIN);
    expect(traced).toMatchObject({ runtime: 'node', reporter: 'OpenTelemetry', result: 'ok' });
    expect(traced.seen).toContain(`-> ${file}:${line}:`);
  });

  it('an exception recorded without exception.stacktrace: no stack, said so', () => {
    const [traced] = traceableToSource(
      'server-page-throws',
      { file, line },
      [{ runtime: 'node', reporter: 'OpenTelemetry', event: otelEvent(undefined) }],
      build,
      PLAIN,
    );
    expect(traced).toMatchObject({ reporter: 'OpenTelemetry', result: 'no stack', seen: 'the reporter sent no frames' });
  });
});

describe("the source check: each judged entry's reports traced to where its thrower was placed", () => {
  const { file, line } = thrower('sentry-guide-16.4.5', SERVER_THROWER, 'ThrowingServerComponent');
  const judged = { checks: { traceable: 'ok' } as Record<string, string>, findings: [] };
  const clientThrower = thrower('sentry-guide-16.4.5', 'app/faultline-audit/_throwers/client-throwers.jsx', 'ThrowsInEffect');
  const client = { file: clientThrower.file, line: clientThrower.line };
  /** Each entry's record as its kind kept it: the server's report for a server entry, the browser's for a client one. */
  function recorded(ids: readonly string[]) {
    const records = new Map<string, AuditEntryRecord>(
      ids.map((id) => [
        id,
        {
          id,
          judged: { id, ...judged } as never,
          claimed: [],
          observed: { reports: id.startsWith('client-') ? [{ runtime: 'browser', event: sentryBrowser }] : [{ runtime: 'node', event: sentryNode }] },
        },
      ]),
    );
    return { records, entries: ids.map((id) => ({ id, ...judged })) };
  }
  const planned = [{ id: 'server-page-throws', thrower: { file, line } }, { id: 'throws-string' }, { id: 'client-effect-throws', thrower: client }];

  it('traces each report its record kept, whatever runtime sent it; an entry whose thrower faultline did not place is said so, not judged', () => {
    const { records, entries } = recorded(['server-page-throws', 'throws-string']);
    const checked = sourceCheck(entries, records, planned, built('sentry-guide-16.4.5'), SENTRY_GUIDE);
    expect(checked.entries[0]).toEqual({
      ...entries[0],
      checks: { ...judged.checks, source: 'ok' },
      traceableToSource: [expect.objectContaining({ runtime: 'node', reporter: 'Sentry', result: 'ok' })],
    });
    expect(checked.entries[1]).toEqual({
      ...entries[1],
      checks: { ...judged.checks, source: 'not traced: faultline does not know the line its error is made on' },
    });
    expect(checked.unseen).toEqual([]);
  });

  it("the browser's maps deleted by Sentry's plugin after an upload that uploaded nothing: not seen (the CI's token is not), said once, no finding", () => {
    const { records, entries } = recorded(['client-effect-throws']);
    const checked = sourceCheck(entries, records, planned, built('sentry-guide-16.4.5'), SENTRY_GUIDE);
    expect(checked.entries[0].traceableToSource).toEqual([expect.objectContaining({ runtime: 'browser', result: 'upload not seen', at: 'next.config.ts:9' })]);
    expect(checked.entries[0].findings).toEqual([]);
    expect(checked.entries[0].checks.source).toMatch(/^not seen: /);
    expect(checked.unseen).toEqual([expect.stringContaining("whether the browser's maps are uploaded before Sentry's plugin deletes them")]);
  });

  it("a cause in the app's files is a finding of the source check, located at the config line that causes it", () => {
    const { records, entries } = recorded(['client-effect-throws']);
    const off: SourceSetup = { ...PLAIN, productionBrowserSourceMaps: { value: false, at: 'next.config.ts:4' } };
    const checked = sourceCheck(entries, records, planned, built('sentry-guide-16.4.5'), off);
    expect(checked.entries[0].checks.source).toBe('finding');
    expect(checked.entries[0].findings).toEqual([
      {
        check: 'source',
        what: expect.stringMatching(/^map missing \(the browser's reports, Sentry\): the build emits no map for the browser's chunks/),
        fix: 'next.config.ts:4: productionBrowserSourceMaps: true',
        at: 'next.config.ts:4',
        evidence: expect.stringContaining('no map of the build has its debug ID'),
      },
    ]);
  });
});
