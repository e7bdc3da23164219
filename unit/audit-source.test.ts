import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import { decodedMap, FlattenMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { sentryStack, type Stack } from '../source-maps/frames';
import { located, resolveStack, type Resolution } from '../source-maps/resolve';
import { judgeSource, sourceFindings, type SourceReport } from '../audit/source/judge';
import { sourceSetupIn, sourceSetupOf } from '../audit/source/setup';
import { traceableToSource } from '../audit/source/traceable';
import { findingsOf } from '../audit/source/check';
import {
  DATA,
  built,
  thrower,
  SERVER_THROWER,
  SENTRY_GUIDE,
  PLAIN,
  postHog,
  openTelemetry,
  postHogEvent,
  otelEvent,
  sentryNode,
  sentryBrowser,
  resolvedOf,
  withEditedMap,
  GUIDE_CONFIG,
} from './source-fixtures';

/**
 * A report's stack read as its reporter sent it, its top frame of the app's code resolved through
 * the build's maps and judged against the placed thrower, and what the app's files say of its maps,
 * on the recorded builds and reports of `source-fixtures.ts`; other builds in
 * audit-source-builds.test.ts.
 */

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
