import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The paths the app's own prerendered pages link to, read from its build (`<a href="/…">` in the
 * HTML `next build` wrote): where a dynamic route its build prerendered nothing for is loaded
 * (`select.ts`). Bounded: a few hundred pages read, a few thousand links kept.
 */

export const LINK_BOUNDS = { files: 300, links: 3000, bytes: 2_000_000 } as const;

/** Every `.html` file under `dir`, depth first, at most `limit`. */
function htmlFiles(dir: string, limit: number, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir).sort()) {
    if (found.length >= limit) break;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) htmlFiles(path, limit, found);
    else if (name.endsWith('.html')) found.push(path);
  }
  return found;
}

/** The same-origin paths `html` links to, without query, fragment or `basePath`; Next's own (`/_next/`) left out. */
export function linksIn(html: string, basePath: string): string[] {
  const paths: string[] = [];
  for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="(\/(?!\/)[^"]*)"/g)) {
    const path = href.replaceAll('&amp;', '&').replace(/[?#].*$/, '');
    const own = basePath && (path === basePath || path.startsWith(`${basePath}/`)) ? path.slice(basePath.length) || '/' : path;
    if (!own.startsWith('/_next/')) paths.push(own);
  }
  return paths;
}

/** The paths the build in `distDir` prerendered pages link to, each once, in the order found. */
export function linksInBuild(distDir: string, basePath: string): string[] {
  const links = new Set<string>();
  for (const router of ['app', 'pages']) {
    for (const file of htmlFiles(join(distDir, 'server', router), LINK_BOUNDS.files)) {
      if (statSync(file).size > LINK_BOUNDS.bytes) continue;
      for (const link of linksIn(readFileSync(file, 'utf8'), basePath)) if (links.size < LINK_BOUNDS.links) links.add(link);
    }
  }
  return [...links];
}
