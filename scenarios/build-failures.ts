import { satisfies, validRange } from 'semver';
import { z } from 'zod';
import { CONFIGURATIONS, type ConfigurationId } from './configurations';
import { configurationId, kebabCase, routePath, visibleText } from './schema';
import { thrownMessage } from './entries/shared';

/**
 * The catalogue's build-time part: failures that stop `next build` itself, so no server ever
 * answers for them. Each has a route file of its own, tagged with its id (`page.{id}.tsx`): only the
 * build that checks it takes that file in (Next's `pageExtensions`), and builds that route alone
 * (`next build --debug-build-paths`), into a folder of its own, while the reference app's build
 * stays whole.
 */
const buildExpectation = z
  .object({
    /**
     * What `next build` prints, in this order: each the start of a line (Next's own `⨯ ` and
     * indentation aside). The route a line names is the route the failure is blamed on.
     */
    prints: z.array(visibleText).min(1),
    /** Whether the build's log prints a digest for the failure (a thrown error's `digest: '…'`). */
    digest: z.boolean(),
  })
  .strict();

const buildOverride = z
  .object({
    next: z.string().refine((range) => validRange(range) !== null, 'must be a semver range'),
    expect: buildExpectation.partial(),
    note: z.string().min(1),
  })
  .strict();

export const buildFailureSchema = z
  .object({
    id: kebabCase,
    title: z.string().min(1),
    /** The route the build is asked to prerender. */
    path: routePath,
    /** Its route file, from the project's root: the one path `--debug-build-paths` builds. */
    routeFile: z.string().regex(/^app\/.+\/page\.[a-z0-9-]+\.tsx$/, 'must be a page under app/ tagged with its id (page.{id}.tsx)'),
    /** The configuration whose build it stops; in every other, not applicable for `notApplicableWhy`. */
    configuration: configurationId,
    notApplicableWhy: z.string().min(1),
    expect: buildExpectation,
    /** Other `next` versions' words, where Next changed them: the first range that matches. */
    overrides: z.array(buildOverride).optional(),
    note: z.string().min(1),
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (!entry.routeFile.endsWith(`/page.${entry.id}.tsx`))
      ctx.addIssue({ code: 'custom', path: ['routeFile'], message: `must be tagged with the entry's id (page.${entry.id}.tsx)` });
  });

export type BuildFailure = z.infer<typeof buildFailureSchema>;
export type BuildExpectation = BuildFailure['expect'];

/** What each prerender failure prints first, then the line naming its page. */
const prerenderError = (path: string) => `Error occurred prerendering page "${path}"`;
const exported = (routeFolder: string, path: string) => `Export encountered an error on ${routeFolder}/page: ${path}, exiting the build.`;

const onlyUnderCacheComponents = "it fails Cache Components' prerendering, which a build without Cache Components does not do";

export const buildFailures: BuildFailure[] = z.array(buildFailureSchema).parse([
  {
    id: 'use-cache-build-throws',
    title: "A 'use cache' function throws while next build prerenders it",
    path: '/scenarios/use-cache-build-throws',
    routeFile: 'app/(site)/scenarios/use-cache-build-throws/page.use-cache-build-throws.tsx',
    configuration: 'cache-components',
    notApplicableWhy: `${onlyUnderCacheComponents}, and \`'use cache'\` does not build there`,
    expect: {
      prints: [
        `Error: ${thrownMessage('use-cache-build-throws')}`,
        prerenderError('/scenarios/use-cache-build-throws'),
        exported('/(site)/scenarios/use-cache-build-throws', '/scenarios/use-cache-build-throws'),
      ],
      digest: true,
    },
    note:
      'Observed on 16.0.11 to 16.4.5 (next build --debug-build-paths): the build prerenders the page, the cached ' +
      'function throws, and the build stops with exit 1, printing the thrown message with the source line, the page ' +
      'it was prerendering, and a digest for the error that no server will ever log. Nothing is reported: no server ' +
      'runs.',
  },
  {
    id: 'uncached-data-outside-suspense',
    title: 'A root layout reads a cookie outside <Suspense>',
    path: '/scenarios/uncached-data-outside-suspense',
    routeFile: 'app/(theme-root)/scenarios/uncached-data-outside-suspense/page.uncached-data-outside-suspense.tsx',
    configuration: 'cache-components',
    notApplicableWhy: `${onlyUnderCacheComponents}: there, a layout that reads the request makes its pages dynamic`,
    expect: {
      prints: [
        'Error: Route "/scenarios/uncached-data-outside-suspense": Next.js encountered uncached or runtime data during prerendering.',
        prerenderError('/scenarios/uncached-data-outside-suspense'),
        exported('/(theme-root)/scenarios/uncached-data-outside-suspense', '/scenarios/uncached-data-outside-suspense'),
      ],
      digest: false,
    },
    overrides: [
      {
        next: '<16.3.0-0',
        expect: {
          prints: [
            'Error: Route "/scenarios/uncached-data-outside-suspense": Uncached data was accessed outside of <Suspense>.',
            prerenderError('/scenarios/uncached-data-outside-suspense'),
            exported('/(theme-root)/scenarios/uncached-data-outside-suspense', '/scenarios/uncached-data-outside-suspense'),
          ],
        },
        note:
          'Observed on 16.0.11, 16.1.7 and 16.2.12: "Uncached data was accessed outside of <Suspense>" (with a link to ' +
          'blocking-route); from 16.3 (16.3.8, 16.4.5) "Next.js encountered uncached or runtime data during ' +
          'prerendering", with three ways out.',
      },
    ],
    note:
      "Observed on 16.4.5: the route's own root layout reads the theme cookie outside any <Suspense>; the build stops " +
      "with exit 1, naming the route and what it read, the three ways out (a <Suspense> around it, 'use cache', or " +
      '`export const instant = false`), and the page it was prerendering. No digest: nothing was thrown.',
  },
]);

/** The entry as it holds for `next` `version`: the first override whose range matches, on top. */
export function buildFailureOn(entry: BuildFailure, version: string): BuildFailure {
  const override = entry.overrides?.find((candidate) => satisfies(version, candidate.next, { includePrerelease: true }));
  return override ? { ...entry, expect: { ...entry.expect, ...override.expect }, note: `${override.next}: ${override.note}` } : entry;
}

/** Why the entry cannot be checked under `configuration`, as a skipped check says it; null where it can. */
export function buildFailureNotApplicable(entry: BuildFailure, configuration: ConfigurationId): string | null {
  return entry.configuration === configuration ? null : `not applicable ${CONFIGURATIONS[configuration].inWords}: ${entry.notApplicableWhy}`;
}

/** Whether `id` names a build-time entry. */
export const isBuildFailure = (id: string): boolean => buildFailures.some((entry) => entry.id === id);
