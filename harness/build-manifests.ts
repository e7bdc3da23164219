import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_SEGMENT } from '../contract';

/**
 * What a Next build says of itself in its manifests (`{distDir}/server/*.json`), read where the
 * audit needs it: which routes it built, and where the app's proxy runs.
 */

/** Whether the build in the workspace `dir` serves any route under the reserved segment (Next's manifest of the App Router's routes says). */
export function buildHoldsPlacedRoutes(dir: string, distDir: string): boolean {
  // Each router's manifest of the routes it built: the App Router's, and the Pages Router's.
  return ['app-paths-manifest.json', 'pages-manifest.json'].some((name) => {
    const manifest = join(dir, distDir, 'server', name);
    if (!existsSync(manifest)) return false;
    try {
      return Object.keys(JSON.parse(readFileSync(manifest, 'utf8')) as object).some((route) => route.includes(`/${AUDIT_SEGMENT}/`));
    } catch {
      return false;
    }
  });
}

/**
 * Whether the built app's proxy runs for `path` (its basePath included), as its build compiled the
 * matcher: the Node.js runtime's in the functions config, the Edge runtime's in the middleware
 * manifest. True when the build records no matcher (a proxy without one runs for every path).
 */
export function proxyRunsFor(dir: string, distDir: string, path: string, basePath: string): boolean {
  const read = (name: string) => {
    try {
      return JSON.parse(readFileSync(join(dir, distDir, 'server', name), 'utf8')) as Record<string, Record<string, { matchers?: { regexp: string }[] }>>;
    } catch {
      return {};
    }
  };
  const matchers = [read('functions-config-manifest.json').functions?.['/_middleware'], ...Object.values(read('middleware-manifest.json').middleware ?? {})]
    .flatMap((entry) => entry?.matchers ?? [])
    .map(({ regexp }) => new RegExp(regexp));
  return matchers.length === 0 || matchers.some((matcher) => matcher.test(path) || matcher.test(path.slice(basePath.length) || '/'));
}
