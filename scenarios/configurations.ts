import { satisfies } from 'semver';
import { ENV } from '../contract';

/**
 * The configurations the reference app is built in: the same app and the same catalogue under
 * another rendering model of Next's. Data, read by `next.config.ts` (what the build sets), by the
 * app (where request-time work may suspend), by a run (which expectations apply) and by the
 * matrix (a column per configuration): no driver branches on a configuration.
 */
export type ConfigurationId = 'default' | 'cache-components';

export interface Configuration {
  id: ConfigurationId;
  /** How outputs name it. */
  title: string;
  /** How a sentence says an entry is in it: `under Cache Components`. */
  inWords: string;
  /** The `next` versions that have it, a semver range. */
  next: string;
  /** What `next.config` sets for it on `next` versions of each range (every range that matches applies). */
  nextConfig: { next: string; set: { cacheComponents?: boolean; partialPrefetching?: boolean } }[];
  /**
   * The tag of the route files only this configuration builds (`page.{tag}.tsx`, `route.{tag}.ts`):
   * Next's `pageExtensions` take them in, and leave out the other configurations'.
   */
  ownFiles: string;
  /** Why those files build only here. */
  ownFilesWhy: string;
  /** Whether its request-time work must sit under `<Suspense>` (the root layouts then give it one). */
  requestTimeSuspends: boolean;
  /**
   * Where the reference app's build of it goes: each configuration's own, so that a run of both
   * keeps both builds (outside `.next`, which a build of the default empties).
   */
  distDir: string;
}

export const CONFIGURATIONS: Record<ConfigurationId, Configuration> = {
  default: {
    id: 'default',
    title: 'default',
    inWords: 'without Cache Components',
    next: '*',
    nextConfig: [],
    ownFiles: 'segment-config',
    ownFilesWhy: 'route segment config (`runtime`, `revalidate`) that Next refuses under Cache Components',
    requestTimeSuspends: false,
    distDir: '.next',
  },
  'cache-components': {
    id: 'cache-components',
    title: 'Cache Components',
    inWords: 'under Cache Components',
    next: '>=16.0.0-0',
    nextConfig: [
      { next: '*', set: { cacheComponents: true } },
      // 16.4 asks for it to be set either way, and makes both the default in the next major.
      { next: '>=16.4.0-0', set: { partialPrefetching: true } },
    ],
    ownFiles: 'cache-components',
    ownFilesWhy: "`'use cache'` and the caching APIs, which do not build without Cache Components",
    requestTimeSuspends: true,
    distDir: '.faultline/next-cache-components',
  },
};

export const CONFIGURATION_IDS = Object.keys(CONFIGURATIONS) as ConfigurationId[];

/** The configuration an environment asks for: Cache Components when its variable (`ENV.cacheComponents`) is `1`. */
export function configurationOf(env: Record<string, string | undefined>): Configuration {
  return CONFIGURATIONS[env[ENV.cacheComponents] === '1' ? 'cache-components' : 'default'];
}

/** The environment that asks for `id` (the variable set or removed), added to `env`. */
export function withConfiguration(env: NodeJS.ProcessEnv, id: ConfigurationId): NodeJS.ProcessEnv {
  const { [ENV.cacheComponents]: _, ...rest } = env;
  return id === 'cache-components' ? { ...rest, [ENV.cacheComponents]: '1' } : rest;
}

/** Whether `next` `version` has the configuration. */
export const availableOn = (configuration: Configuration, version: string): boolean => satisfies(version, configuration.next, { includePrerelease: true });

/** Next's own extensions, as its default `pageExtensions` lists them. */
const NEXT_EXTENSIONS = ['tsx', 'ts', 'jsx', 'js'];

const TAGGED = new RegExp(
  `^([^.]+)\\.(${Object.values(CONFIGURATIONS)
    .map((configuration) => configuration.ownFiles)
    .join('|')})\\.(${NEXT_EXTENSIONS.join('|')})$`,
);

/**
 * A file of the reference app as another app's build of `configuration` takes it, with Next's own
 * page extensions: a file only another configuration builds is none (null), one only this one
 * builds loses its tag (`page.cache-components.tsx` to `page.tsx`), any other stays as it is.
 */
export function asBuiltIn(configuration: Configuration, name: string): string | null {
  const tagged = TAGGED.exec(name);
  if (!tagged) return name;
  return tagged[2] === configuration.ownFiles ? `${tagged[1]}.${tagged[3]}` : null;
}

/** What `next.config` sets for `configuration` on `next` `version`: its options, its build's folder, and the page extensions that take its own files in. */
export function nextConfigFor(configuration: Configuration, version: string) {
  const set = Object.assign(
    {},
    ...configuration.nextConfig.filter((part) => satisfies(version, part.next, { includePrerelease: true })).map((part) => part.set),
  );
  const pageExtensions = [...NEXT_EXTENSIONS, ...NEXT_EXTENSIONS.map((extension) => `${configuration.ownFiles}.${extension}`)];
  return { ...set, ...(configuration.distDir !== '.next' && { distDir: configuration.distDir }), pageExtensions } as {
    cacheComponents?: boolean;
    partialPrefetching?: boolean;
    distDir?: string;
    pageExtensions: string[];
  };
}

/** Where the reference app's build for the configuration `env` asks for goes. */
export const distDirOf = (env: Record<string, string | undefined>): string => configurationOf(env).distDir;

/** Where the build that checks a build-time entry writes (scenarios/build-failures.ts): not `.next`, where the reference app's own build is served from. */
export const BUILD_FAILURE_DIST_DIR = '.faultline/build-failure';

/**
 * What `next.config` adds for the build that checks build-time entry `id` (the value of
 * `ENV.buildFailure`): its route file (`page.{id}.tsx`) taken in, and its own output folder;
 * nothing without one.
 */
export function buildFailureConfig(id: string | undefined, pageExtensions: readonly string[]): { distDir?: string; pageExtensions?: string[] } {
  if (!id) return {};
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new Error(`${ENV.buildFailure} is a build-time entry's id, not ${JSON.stringify(id)}`);
  return { distDir: BUILD_FAILURE_DIST_DIR, pageExtensions: [...pageExtensions, `${id}.tsx`] };
}
