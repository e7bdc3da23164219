import { satisfies } from 'semver';

/**
 * What the app needs to run the same scenarios on another `next`: data with a version range and
 * a note, applied to a matrix workspace (never to the source tree), so that drivers hold no
 * version branches.
 */
export interface Adaptation {
  /** A semver range of `next` versions. */
  next: string;
  note: string;
  /** Files renamed, relative to the app's root. */
  rename?: { from: string; to: string }[];
  /** Exact text replaced in a file (after renames); the text must be there. */
  replace?: { file: string; from: string; to: string }[];
  /** Files removed. */
  remove?: string[];
}

/** The oldest `next` the app runs on: `instrumentation-client.ts` (the browser SDK's entry) is a 15.3 convention. */
export const OLDEST_NEXT = '15.3.0';
/** The last major the catalogue and its adaptations know. */
export const NEWEST_MAJOR = 16;

export const NEXT_ADAPTATIONS: readonly Adaptation[] = [
  {
    next: '<16.0.0-0',
    note: 'Next 15 calls the proxy convention middleware.ts, exporting `middleware` (16.0 renamed it proxy)',
    rename: [{ from: 'proxy.ts', to: 'middleware.ts' }],
    replace: [{ file: 'middleware.ts', from: 'export function proxy(', to: 'export function middleware(' }],
  },
  {
    next: '<16.0.0-0',
    note: 'Next 15 rewrites tsconfig.json to `"jsx": "preserve"` on every build (16 wants react-jsx): set beforehand, so that the build does not change its own input and build again next time',
    replace: [{ file: 'tsconfig.json', from: '"jsx": "react-jsx"', to: '"jsx": "preserve"' }],
  },
  {
    next: '<16.0.0-0',
    note:
      "Next 15 builds the default configuration's own routes under Next's own names (its webpack build of a route " +
      'file named page.segment-config.tsx looks for a client reference manifest it never wrote)',
    rename: [
      { from: 'app/(site)/scenarios/edge-page-throws/page.segment-config.tsx', to: 'app/(site)/scenarios/edge-page-throws/page.tsx' },
      { from: 'app/(site)/scenarios/edge-route-handler-throws/route.segment-config.ts', to: 'app/(site)/scenarios/edge-route-handler-throws/route.ts' },
      { from: 'app/(site)/scenarios/isr-regeneration-throws/page.segment-config.tsx', to: 'app/(site)/scenarios/isr-regeneration-throws/page.tsx' },
    ],
  },
  {
    next: '<16.0.0-0',
    note: "Next 15 has no Cache Components: the routes only that configuration builds are removed (their next/cache imports, cacheLife, cacheTag and updateTag, fail Next 15's type check)",
    remove: [
      'app/(site)/scenarios/use-cache-throws/page.cache-components.tsx',
      'app/(site)/scenarios/cached-shell-hole-throws/page.cache-components.tsx',
      'app/(site)/scenarios/update-tag-throws/page.cache-components.tsx',
    ],
  },
  {
    next: '>=15.5.0 <16.0.0-0',
    note: "Next 15 runs middleware on the Edge runtime unless told otherwise, where the app's server SDK does not run; 15.5 runs it on Node.js when asked (16's proxy always does)",
    replace: [{ file: 'middleware.ts', from: 'export const config = {', to: "export const config = { runtime: 'nodejs'," }],
  },
];

/**
 * How a proxy is written on each `next`, for a proxy faultline places in an audited app (the
 * reference app's own is adapted above, file by file): its file and export, and where the app's
 * server SDK can see it fail, its runtime.
 */
export interface ProxyConvention {
  next: string;
  note: string;
  /** Its file at the app's root (or in `src/`), without extension, and the function it exports. */
  name: 'proxy' | 'middleware';
  /** Its runtime, where the config must say it. */
  runtime?: 'nodejs';
}

export const PROXY_CONVENTIONS: readonly ProxyConvention[] = [
  { next: '>=16.0.0-0', name: 'proxy', note: 'Next 16 calls it proxy.ts, always on Node.js' },
  {
    next: '>=15.5.0 <16.0.0-0',
    name: 'middleware',
    runtime: 'nodejs',
    note: 'Next 15 calls it middleware.ts, on the Edge runtime unless told otherwise; 15.5 runs it on Node.js when asked, as 16 does',
  },
  { next: '<15.5.0', name: 'middleware', note: 'Next 15.3 and 15.4 run middleware.ts on the Edge runtime only' },
];

export function proxyConvention(version: string): ProxyConvention {
  return PROXY_CONVENTIONS.find((convention) => satisfies(version, convention.next, { includePrerelease: true }))!;
}

const PROXY_FILES = ['proxy.ts', 'proxy.js', 'src/proxy.ts', 'src/proxy.js'];

/**
 * What an audited app needs on another `next` than its own, applied where it fits (an app may
 * have no proxy at all), to its workspace only.
 */
export const APP_ADAPTATIONS: readonly Adaptation[] = [
  {
    next: '<16.0.0-0',
    note: "Next 15 calls the proxy middleware.ts, exporting `middleware` (16.0 renamed it proxy): the app's proxy renamed",
    rename: PROXY_FILES.map((from) => ({ from, to: from.replace('proxy.', 'middleware.') })),
    replace: PROXY_FILES.flatMap((from) =>
      ['export function proxy(', 'export async function proxy('].map((text) => ({
        file: from.replace('proxy.', 'middleware.'),
        from: text,
        to: text.replace('proxy(', 'middleware('),
      })),
    ),
  },
];

/** The adaptations an audited app's workspace of `next` `version` gets, in order. */
export function appAdaptationsFor(version: string): Adaptation[] {
  return APP_ADAPTATIONS.filter((adaptation) => satisfies(version, adaptation.next, { includePrerelease: true }));
}

/**
 * Which bundler `next build` runs on each `next`, as an audit builds an app (no flag): webpack's on
 * 15 (with Sentry's plugin, which loads a legacy `sentry.client.config.ts` into the browser),
 * Turbopack's from 16 (which loads only `instrumentation-client.ts`).
 */
export const BUILD_BUNDLERS: readonly { next: string; bundler: 'webpack' | 'turbopack' }[] = [
  { next: '<16.0.0-0', bundler: 'webpack' },
  { next: '>=16.0.0-0', bundler: 'turbopack' },
];

export const bundlerOf = (version: string) => BUILD_BUNDLERS.find((entry) => satisfies(version, entry.next, { includePrerelease: true }))!.bundler;

/** Which global error screen the matrix shows: the app's own (the classic fallback) or Next's. */
export type FallbackKind = 'classic' | 'builtin';

export const FALLBACK_ADAPTATIONS: Record<FallbackKind, Omit<Adaptation, 'next'> | null> = {
  classic: null,
  builtin: { note: "without the app's app/global-error.tsx: what Next renders by itself", remove: ['app/global-error.tsx'] },
};

/** The adaptations a workspace of `next` `version` gets, in order. */
export function adaptationsFor(version: string, fallback: FallbackKind): Omit<Adaptation, 'next'>[] {
  const byVersion = NEXT_ADAPTATIONS.filter((adaptation) => satisfies(version, adaptation.next, { includePrerelease: true }));
  const byFallback = FALLBACK_ADAPTATIONS[fallback];
  return [...byVersion, ...(byFallback ? [byFallback] : [])];
}
