import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { sentryStack, type Frame } from '../source-maps/frames';
import { resolveStack, type Resolution } from '../source-maps/resolve';
import { codeRuntime, judgeSource, type SourceReport, type SourceSetup, type Thrower } from '../audit/source/judge';
import { sourceSetupOf } from '../audit/source/setup';
import { traceableToSource } from '../audit/source/traceable';
import { sourceCheck } from '../audit/source/check';
import type { AuditEntryRecord } from '../verdict/attachment';
import {
  DATA,
  built,
  reports,
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
  scratch,
} from './source-fixtures';

/**
 * Traceable to source on builds of other versions and bundlers (16.5.0 with its maps kept, 15.5's
 * webpack), and the check an audit entry runs on its reports (`audit/source/traceable.ts`); the
 * recorded builds and reports are `source-fixtures.ts`'.
 */

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
