import { linksIn } from '../links';
import { linkTo, noPathFor } from '../select';
import type { RouteEntry } from '../entry';

/**
 * The path a dynamic route nothing of the build gives one to is loaded at: the first link Next
 * serves by it, on the pages the audit loads as they render at request time (a page that reads a
 * backend renders its links only then). Each page is read once per worker, whichever route asked.
 */

/** A page's HTML as the app answers it at request time (its own status; empty where it answered nothing). */
export type ReadPage = (url: string) => Promise<string>;

/** An answer as the reader needs it: its status, where it redirects, its body. */
export interface PageAnswer {
  status: number;
  location: string | null;
  text(): Promise<string>;
}

/**
 * Pages read from the app at `origin` with `get` (one request, no redirect followed): a redirect
 * followed on the origin alone (a locale's, a trailing slash's), a few at most; one elsewhere is
 * no page of the app's, read as empty.
 */
export function pageReader(get: (url: string) => Promise<PageAnswer>, origin: string, hops = 3): ReadPage {
  const read = async (path: string, left: number): Promise<string> => {
    const answer = await get(`${origin}${path}`);
    if (answer.status < 300 || answer.status >= 400 || !answer.location) return answer.text();
    const to = new URL(answer.location, `${origin}${path}`);
    return to.origin === origin && left > 0 ? read(`${to.pathname}${to.search}`, left - 1) : '';
  };
  return (path) => read(path, hops);
}

// By path: a worker checks the routes of one audited server, so a path names one page.
const read = new Map<string, Promise<string[]>>();

/** The same-origin links of the page at `url`, read once per worker. */
function linksOf(url: string, readPage: ReadPage, basePath: string): Promise<string[]> {
  if (!read.has(url))
    read.set(
      url,
      readPage(url).then(
        (html) => linksIn(html, basePath),
        () => [],
      ),
    );
  return read.get(url)!;
}

/** The path (at the app's basePath) `entry` is loaded at, or why it is not loaded: no page the audit loads links to it. */
export async function linkedPath(entry: RouteEntry, readPage: ReadPage, basePath: string): Promise<{ url: string } | { why: string }> {
  if (entry.url !== null) return { url: entry.url };
  const { pages, routes } = entry.linkedFrom ?? { pages: [], routes: [] };
  const self = routes.find((route) => route.route === entry.id) ?? { route: entry.id, dynamic: true };
  for (const page of pages) {
    const link = linkTo(self, routes, await linksOf(page, readPage, basePath));
    if (link) return { url: `${basePath}${link}` };
  }
  return { why: noPathFor(entry, pages.length) };
}
