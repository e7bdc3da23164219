import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, findScenario } from '../scenarios/catalogue';
import { parseCatalogue, type Scenario } from '../scenarios/schema';
import { forNext } from '../scenarios/versions';
import { describeDifference, failedChecks, judge, type ReportSource } from '../verdict/verdict';
import { serverFailure } from './observations';

const BASE = 'http://localhost:4000';
const pin = { file: 'bundled/server.tsx', line: 7, function: null };
const pinned: Scenario = { ...findScenario('server-page-throws')!, source: { server: pin } };

const raw = { file: 'app:///_next/server/chunks/ssr/[root-of-the-server]__0abc._.js', line: 2, column: 1817, function: 'd' };
/** What the worker resolved the server's report to. */
const resolvedTo = (file: string, line: number, fn: string | null = null): ReportSource => ({ resolved: { file, line, column: 13, function: fn }, raw });
const withSource = (source: ReportSource | undefined) => {
  const observed = serverFailure('42');
  observed.reports[0] = { ...observed.reports[0], ...(source && { source }) };
  return observed;
};

describe('the source pins: where a report must resolve', () => {
  it('passes when the report resolves to the pinned file, line and function', () => {
    const verdict = judge(pinned, BASE, withSource(resolvedTo('bundled/server.tsx', 7)));
    expect(verdict.differences).toEqual([]);
    expect(verdict.skipped).toEqual([]);
  });

  it('fails a report that resolves one line off, in one line naming both places', () => {
    const verdict = judge(pinned, BASE, withSource(resolvedTo('bundled/server.tsx', 8)));
    expect(failedChecks(verdict)).toEqual(['source']);
    expect(verdict.differences.map(describeDifference)).toEqual([
      "source: the server's report resolves to bundled/server.tsx:8, where the catalogue pins bundled/server.tsx:7",
    ]);
  });

  it('fails a report that resolves to another file, or names another function', () => {
    expect(judge(pinned, BASE, withSource(resolvedTo('app/(site)/scenarios/server-page-throws/page.tsx', 7))).differences.map(describeDifference)).toEqual([
      "source: the server's report resolves to app/(site)/scenarios/server-page-throws/page.tsx:7, where the catalogue pins bundled/server.tsx:7",
    ]);
    const named = { ...pinned, source: { server: { ...pin, function: 'ThrowingServerComponent' } } };
    expect(judge(named, BASE, withSource(resolvedTo('bundled/server.tsx', 7))).differences.map(describeDifference)).toEqual([
      "source: the server's report resolves to bundled/server.tsx:7 (no function name), where the catalogue pins bundled/server.tsx:7 in ThrowingServerComponent",
    ]);
  });

  it('leaves the name unjudged where the pin names none: the maps restore some names (a property arrow, a default export) and not others', () => {
    expect(judge(pinned, BASE, withSource(resolvedTo('bundled/server.tsx', 7, 'aggregate'))).differences).toEqual([]);
  });

  it('fails a pinned report that does not resolve, saying why', () => {
    const verdict = judge(pinned, BASE, withSource({ unresolved: 'no map', raw }));
    expect(verdict.differences.map(describeDifference)).toEqual([
      "source: the server's report does not resolve (no map), where the catalogue pins bundled/server.tsx:7",
    ]);
  });

  it('says a pin it could not check as skipped, never as passed (the build is not read here)', () => {
    const verdict = judge(pinned, BASE, withSource(undefined));
    expect(verdict.differences).toEqual([]);
    expect(verdict.skipped).toEqual([expect.stringMatching(/^where the server's report resolves: /)]);
  });

  it('compares only the runtimes the entry pins', () => {
    const unpinned = findScenario('throws-string')!;
    expect(judge({ ...unpinned, source: undefined }, BASE, withSource(resolvedTo('x.tsx', 1))).differences.filter((d) => d.check === 'source')).toEqual([]);
  });

  it('compares the reports the entry names as its own, not an optional one of a framework race (Next’s own error, in its own code)', () => {
    const proxy = forNext(findScenario('proxy-throws')!, '16.5.0');
    const entry = { ...proxy, source: { server: { file: 'proxy.ts', line: 6, function: null } } };
    const [own, race] = proxy.reports.map((report) => ({
      runtime: 'server' as const,
      type: report.type,
      value: typeof report.value === 'string' ? report.value : report.value.startsWith,
      handled: false,
      mechanism: 'm',
      digest: null,
    }));
    const observed = serverFailure('x', {
      screen: {
        fallback: 'none',
        heading: null,
        digestLine: null,
        status: 500,
        path: proxy.path,
        sees: `${(proxy.expect.sees as { startsWith: string }).startsWith}<body>`,
      },
      reports: [
        { ...own, source: resolvedTo('proxy.ts', 6) },
        {
          ...race,
          source: { unresolved: 'every frame is a library’s', raw: { file: 'node:_http_outgoing', line: 711, column: 11, function: 'appendHeader' } },
        },
      ],
      serverLogDigests: [],
      deliveries: [],
    });
    expect(judge(entry, BASE, observed).differences).toEqual([]);
  });

  it('takes a version’s or a configuration’s own pin from its override', () => {
    const entry = parseCatalogue([
      {
        ...findScenario('server-page-throws')!,
        source: { server: pin },
        overrides: [{ next: '<16.0.0-0', source: { server: { ...pin, line: 9 } }, note: 'another bundler' }],
      },
    ])[0];
    expect(forNext(entry, '15.5.29').source).toEqual({ server: { ...pin, line: 9 } });
    expect(forNext(entry, '16.5.0').source).toEqual({ server: pin });
  });

  it('holds from 16.0 (Turbopack): 15.5’s webpack build writes no server maps, and pins nothing there unless an override does', () => {
    const entry = findScenario('server-page-throws')!;
    expect(forNext(entry, '16.1.7').source).toEqual(entry.source);
    expect(forNext(entry, '15.5.29').source).toBeUndefined();
    expect(forNext(entry, '15.5.29', 'default').reports).toEqual(entry.reports);
    const webpack = parseCatalogue([{ ...entry, overrides: [{ next: '<16.0.0-0', source: { server: { ...pin, line: 9 } }, note: 'webpack' }] }])[0];
    expect(forNext(webpack, '15.5.29').source).toEqual({ server: { ...pin, line: 9 } });
  });

  it('refuses a malformed pin, naming the field', () => {
    expect(() => parseCatalogue([{ ...findScenario('server-page-throws')!, source: { server: { file: 'bundled/server.tsx', line: 0 } } }])).toThrow(
      /source\.server\.line/,
    );
  });
});

describe("the catalogue's source pins", () => {
  it('each names a line of the reference app that makes the error it throws or rejects with', () => {
    const pins = catalogue.flatMap((entry) =>
      [entry.source, ...(entry.overrides ?? []).map((override) => override.source)].flatMap((source) => Object.values(source ?? {})),
    );
    expect(pins.length).toBeGreaterThan(40);
    for (const pin of pins) {
      const line = readFileSync(join(import.meta.dirname, '..', pin.file), 'utf8').split('\n')[pin.line - 1];
      expect(line, `${pin.file}:${pin.line}`).toMatch(/\bnew \w*Error\(/);
    }
  });
});
