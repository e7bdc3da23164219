import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFailureNotApplicable, buildFailureOn, buildFailures } from '../scenarios/build-failures';
import { BUILD_FAILURE_DIST_DIR, buildFailureConfig, CONFIGURATIONS, nextConfigFor } from '../scenarios/configurations';
import { buildFailureDifferences } from '../verdict/build-failure';
import { selectedBuildFailures } from '../scenarios/active';
import { ENV } from '../contract';

const root = join(import.meta.dirname, '..');
const entry = (id: string) => buildFailures.find((candidate) => candidate.id === id)!;

/** What next 16.4.5 printed for the use-cache entry (the lines that matter, as the build wrote them). */
const USE_CACHE_OUTPUT = [
  '  Generating static pages using 1 worker (0/3) ...',
  '⨯ Error: use-cache-build-throws: db password hunter2',
  '    at f (app/(site)/scenarios/use-cache-build-throws/page.use-cache-build-throws.tsx:3:9)',
  "  digest: '2503235924'",
  '}',
  'Error occurred prerendering page "/scenarios/use-cache-build-throws". Read more: https://nextjs.org/docs/messages/prerender-error',
  'Export encountered an error on /(site)/scenarios/use-cache-build-throws/page: /scenarios/use-cache-build-throws, exiting the build.',
  '⨯ Next.js build worker exited with code: 1 and signal: null',
].join('\n');

describe("the catalogue's build-time entries", () => {
  it('each has its route file, tagged with its id, that no other build takes in', () => {
    for (const { id, routeFile } of buildFailures) {
      expect(existsSync(join(root, routeFile)), routeFile).toBe(true);
      // Next takes `page.{extension}` for each of its page extensions, and nothing else.
      const extension = basename(routeFile).slice('page.'.length);
      for (const configuration of Object.values(CONFIGURATIONS))
        expect(nextConfigFor(configuration, '16.4.5').pageExtensions, `${id} in ${configuration.id}`).not.toContain(extension);
    }
  });

  it("the build that checks one takes its route file in and writes beside the app's own build", () => {
    const base = nextConfigFor(CONFIGURATIONS['cache-components'], '16.4.5').pageExtensions;
    expect(buildFailureConfig('use-cache-build-throws', base)).toEqual({
      distDir: BUILD_FAILURE_DIST_DIR,
      pageExtensions: [...base, 'use-cache-build-throws.tsx'],
    });
    expect(buildFailureConfig(undefined, base)).toEqual({});
    expect(() => buildFailureConfig('../app', base)).toThrow(/a build-time entry's id/);
  });

  it("Next's type check of that build finds its folder's types already in tsconfig.json, so it never rewrites the file", () => {
    const include: string[] = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).include;
    expect(include).toEqual(expect.arrayContaining([`${BUILD_FAILURE_DIST_DIR}/types/**/*.ts`, `${BUILD_FAILURE_DIST_DIR}/dev/types/**/*.ts`]));
  });

  it('are not applicable outside their configuration, with why', () => {
    expect(buildFailureNotApplicable(entry('use-cache-build-throws'), 'cache-components')).toBeNull();
    expect(buildFailureNotApplicable(entry('use-cache-build-throws'), 'default')).toMatch(/^not applicable without Cache Components: .*'use cache'/);
  });

  it("take the words of the version under test: 16.2 said 'Uncached data was accessed', 16.3 on 'encountered uncached or runtime data'", () => {
    expect(buildFailureOn(entry('uncached-data-outside-suspense'), '16.2.12').expect.prints[0]).toContain('Uncached data was accessed outside of <Suspense>');
    expect(buildFailureOn(entry('uncached-data-outside-suspense'), '16.3.8').expect.prints[0]).toContain('encountered uncached or runtime data');
  });
});

describe("a run's build-time entries", () => {
  const cached = { [ENV.cacheComponents]: '1', [ENV.nextVersion]: '16.2.12' };

  it('are all of them unless the run selects some, as the version under test words them, checkable in their configuration only', () => {
    const all = selectedBuildFailures(root, cached);
    expect(all.map(({ entry, notApplicable }) => [entry.id, notApplicable])).toEqual([
      ['use-cache-build-throws', null],
      ['uncached-data-outside-suspense', null],
    ]);
    expect(all[1].entry.expect.prints[0]).toContain('Uncached data was accessed outside of <Suspense>');
    expect(
      selectedBuildFailures(root, { [ENV.nextVersion]: '16.4.5' }).every(({ notApplicable }) =>
        notApplicable?.startsWith('not applicable without Cache Components'),
      ),
    ).toBe(true);
  });

  it('are those a selection names, and none of a run of another catalogue', () => {
    expect(selectedBuildFailures(root, { ...cached, [ENV.scenarios]: 'healthy,uncached-data-outside-suspense' }).map(({ entry }) => entry.id)).toEqual([
      'uncached-data-outside-suspense',
    ]);
    expect(selectedBuildFailures(root, { ...cached, [ENV.scenarios]: 'healthy' })).toEqual([]);
    expect(selectedBuildFailures(root, { ...cached, [ENV.catalogue]: '/tmp/other.json' })).toEqual([]);
  });
});

describe('the verdict on a build-time entry', () => {
  const expected = entry('use-cache-build-throws').expect;

  it("holds when the build stops printing each pinned line in order, Next's ⨯ and indentation aside, with a digest", () => {
    expect(buildFailureDifferences(expected, { code: 1, output: USE_CACHE_OUTPUT, timedOut: false })).toEqual([]);
  });

  it('a build that succeeds is one difference, not one per line', () => {
    expect(buildFailureDifferences(expected, { code: 0, output: '✓ Generating static pages', timedOut: false })).toEqual([
      'next build succeeded: nothing stopped it at /scenarios/use-cache-build-throws',
    ]);
  });

  it('a build its limit stopped is said so', () => {
    expect(buildFailureDifferences(expected, { code: null, output: '', timedOut: true })).toEqual(['next build did not end within its limit']);
  });

  it('a line it did not print, or printed out of order, is named with what the build said first', () => {
    const otherRoute = USE_CACHE_OUTPUT.replaceAll('/scenarios/use-cache-build-throws"', '/scenarios/elsewhere"');
    expect(buildFailureDifferences(expected, { code: 1, output: otherRoute, timedOut: false })).toEqual([
      'next build did not print "Error occurred prerendering page "/scenarios/use-cache-build-throws"" (its first error: Error: use-cache-build-throws: db password hunter2)',
    ]);
    const reordered = USE_CACHE_OUTPUT.split('\n').reverse().join('\n');
    expect(buildFailureDifferences(expected, { code: 1, output: reordered, timedOut: false })[0]).toMatch(
      /^next build did not print "Error occurred prerendering page/,
    );
  });

  it('a digest printed or missing against its pin', () => {
    const noDigest = USE_CACHE_OUTPUT.replace("  digest: '2503235924'\n", '');
    expect(buildFailureDifferences(expected, { code: 1, output: noDigest, timedOut: false })).toEqual([
      "the build's log prints no digest for the failure, where its pin says it does",
    ]);
  });
});
