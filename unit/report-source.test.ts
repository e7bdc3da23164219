import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { reportSource } from '../worker/report-source';

/** A recorded build and its reports (unit/data/source/README.md): Node.js, Edge and browser events of next 16.5.0 with Sentry's guide, maps kept. */
const DATA = join(import.meta.dirname, 'data', 'source', 'sentry-keep-maps-16.5.0');
const build = { root: DATA, distDir: '.next' };
const reports = JSON.parse(readFileSync(join(DATA, 'reports.json'), 'utf8')) as { runtime: string; event: ErrorEvent }[];
const eventOf = (runtime: string) => reports.find((report) => report.runtime === runtime)!.event;

describe('where a run says a report resolves (worker/report-source.ts)', () => {
  it('gives the top frame of the app’s code resolved beside the frame as sent, for Node.js and the Edge runtime alike', () => {
    for (const runtime of ['node', 'edge']) {
      const source = reportSource(build, eventOf(runtime));
      expect(source, runtime).toMatchObject({ resolved: { file: 'app/faultline-audit/_throwers/server.jsx', line: 7, function: null } });
      expect(source.raw?.file, runtime).toMatch(/^app:\/\/\/_next\/server\//);
    }
  });

  it('says why a report does not resolve: no exception, or frames that name no file of the build', () => {
    expect(reportSource(build, { type: undefined, message: 'captured' } as ErrorEvent)).toEqual({ unresolved: 'no exception', raw: null });
    expect(reportSource({ root: join(DATA, 'nowhere'), distDir: '.next' }, eventOf('node'))).toMatchObject({ unresolved: 'not in the build' });
  });
});

describe('a resolved file, named from the app’s folder', () => {
  it('drops the folders between the bundler’s root and the app’s (a matrix workspace inside the repository)', async () => {
    const { fromAppFolder } = await import('../worker/report-source');
    const root = '/work/faultline/.faultline/matrix/next-16.1.7';
    expect(fromAppFolder(root, '.faultline/matrix/next-16.1.7/bundled/server.tsx')).toBe('bundled/server.tsx');
    expect(fromAppFolder(root, 'matrix/next-16.1.7/bundled/server.tsx')).toBe('bundled/server.tsx');
    expect(fromAppFolder(root, 'bundled/server.tsx')).toBe('bundled/server.tsx');
    expect(fromAppFolder('/work/faultline', 'app/robots.ts')).toBe('app/robots.ts');
  });
});
