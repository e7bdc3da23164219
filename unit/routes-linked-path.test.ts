import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../audit/kinds/routes/entry';
import { linkedPath, pageReader, type PageAnswer } from '../audit/kinds/routes/worker/linked-path';

/**
 * A dynamic route nothing of the build gives a path to, loaded at a link on the pages the audit
 * loads as they render at request time (issue #85: links were read from prerendered pages only).
 */

const ROUTES = [
  { route: '/', dynamic: false },
  { route: '/dashboard', dynamic: false },
  { route: '/items/[id]', dynamic: true, regex: '^/items/([^/]+?)(?:/)?$' },
  { route: '/[...path]', dynamic: true, regex: '^/(.+?)(?:/)?$' },
];

const awaiting = (id: string, pages: string[]): RouteEntry => ({
  id,
  router: 'app',
  kind: 'page',
  runtime: 'nodejs',
  entry: `app${id}/page`,
  file: `app${id}/page.tsx`,
  url: null,
  from: 'a link at request time',
  linkedFrom: { pages, routes: ROUTES },
});

/** The app's pages as it renders them at request time, by URL; a page it does not answer rejects. */
const app = (pages: Record<string, string>) => async (url: string) => {
  if (!(url in pages)) throw new Error(`no answer at ${url}`);
  return pages[url];
};

describe('a route awaiting a link', () => {
  it("is loaded at the first link Next serves by it, on the plan's pages in order, past one that answers nothing", async () => {
    const read = app({ '/a/dashboard': '<a href="/a/">home</a><a href="/a/items/7?tab=1">seven</a><a href="/a/items/8">eight</a>' });
    expect(await linkedPath(awaiting('/items/[id]', ['/a', '/a/dashboard']), read, '/a')).toEqual({ url: '/a/items/7' });
  });

  it('takes no link a more specific route serves, and says why it is not loaded when no page links to it', async () => {
    const read = app({ '/': '<a href="/dashboard">d</a><a href="/items/1">1</a>' });
    expect(await linkedPath(awaiting('/[...path]', ['/']), read, '')).toEqual({
      why: 'a dynamic route whose build prerendered no params (generateStaticParams) and that none of the 1 page the audit loads links to: routes.params in faultline.config gives some',
    });
  });

  it('reads each page once per worker, whichever route asks', async () => {
    const asked: string[] = [];
    const read = async (url: string) => (asked.push(url), '<a href="/items/3">3</a>');
    await linkedPath(awaiting('/items/[id]', ['/once']), read, '');
    expect(await linkedPath(awaiting('/[...path]', ['/once']), read, '')).toMatchObject({ why: expect.stringMatching(/^a dynamic route/) });
    expect(asked).toEqual(['/once']);
  });

  it('keeps the path a route was planned at', async () => {
    expect(await linkedPath({ ...awaiting('/items/[id]', []), url: '/items/2' }, app({}), '')).toEqual({ url: '/items/2' });
  });
});

describe('a page read for its links', () => {
  const answers: Record<string, Partial<PageAnswer> & { body?: string }> = {
    'http://127.0.0.1:3000/': { status: 307, location: '/en' },
    'http://127.0.0.1:3000/en': { status: 200, body: '<a href="/en/items/1">1</a>' },
    'http://127.0.0.1:3000/away': { status: 302, location: 'https://login.example.com/' },
    'http://127.0.0.1:3000/loop': { status: 308, location: '/loop' },
  };
  const asked: string[] = [];
  const get = async (url: string): Promise<PageAnswer> => {
    asked.push(url);
    const { status = 404, location = null, body = '' } = answers[url] ?? {};
    return { status, location, text: async () => body };
  };
  const read = pageReader(get, 'http://127.0.0.1:3000');

  it("follows a redirect on the app's origin (a locale's)", async () => {
    expect(await read('/')).toBe('<a href="/en/items/1">1</a>');
  });

  it('never follows one elsewhere, nor round a loop past a few', async () => {
    asked.length = 0;
    expect(await read('/away')).toBe('');
    expect(asked).toEqual(['http://127.0.0.1:3000/away']);
    asked.length = 0;
    expect(await read('/loop')).toBe('');
    expect(asked).toHaveLength(4);
  });
});
