import { describe, expect, it } from 'vitest';
import { unreached } from '../audit/kinds/placed/worker/reached';

const SEGMENT = 'faultline-audit';
const asked = '/docs/faultline-audit/server-page-throws';
/** A document's flight data as Next 16.4 writes it (the tree's segments as objects, quotes escaped inside the script). */
const document16 = (segment: string) =>
  `<script>self.__next_f.push([1,"5:[[\\"children\\",{\\"s\\":\\"${segment}\\",\\"d\\":{}}]]\\n0:{\\"P\\":null,\\"c\\":[\\"\\",\\"faultline-audit\\",\\"server-page-throws\\"]}"])</script>`;
/** An RSC payload as Next 15 writes it (the tree's segments as tuples). */
const payload15 = (segment: string) => `0:{"b":"x","f":[[["",{"children":["${segment}",{"children":["__PAGE__",{}]}]}]]]}`;

describe('an entry is judged only once its own route answered', () => {
  it.each([
    ['its page, a server failure (16.4)', { asked, redirects: [], status: 500, body: document16('faultline-audit') }, null],
    ['its payload (15.x)', { asked, redirects: [], status: 200, body: payload15('faultline-audit') }, null],
    ['a route handler’s text', { asked, redirects: [], status: 500, body: 'Internal Server Error' }, null],
    ['a redirect to another placed entry', { asked, redirects: [{ status: 307, to: '/docs/faultline-audit/healthy' }], status: 200, body: '' }, null],
    [
      'a login wall’s redirect',
      { asked, redirects: [{ status: 307, to: 'http://localhost:3000/login?next=%2Fdocs%2Ffaultline-audit%2Fserver-page-throws' }], status: 200, body: '' },
      'the app redirected /docs/faultline-audit/server-page-throws to /login (307)',
    ],
    [
      'a locale redirect to where no placed entry is (a catch-all under the locale)',
      { asked, redirects: [{ status: 307, to: '/docs/en/faultline-audit/server-page-throws' }], status: 404, body: document16('[...rest]') },
      'the app redirected /docs/faultline-audit/server-page-throws to /docs/en/faultline-audit/server-page-throws ' +
        '(307), where another route of the app answered (404): its page is not under /faultline-audit/',
    ],
    [
      'a locale redirect to the entry placed under the locale (next-intl’s app/[locale]/)',
      {
        asked,
        redirects: [{ status: 307, to: 'http://localhost:3000/docs/en/faultline-audit/server-page-throws' }],
        status: 500,
        body: document16('faultline-audit'),
      },
      null,
    ],
    [
      'a locale redirect to the entry placed under the locale, with a trailing slash',
      { asked: `${asked}/`, redirects: [{ status: 308, to: '/docs/en/faultline-audit/server-page-throws/' }], status: 200, body: payload15('faultline-audit') },
      null,
    ],
    [
      'a locale redirect, then the entry’s own redirect to another placed entry, moved under the locale in turn',
      {
        asked,
        redirects: [
          { status: 307, to: '/docs/en/faultline-audit/server-page-throws' },
          { status: 307, to: '/docs/faultline-audit/healthy' },
          { status: 307, to: '/docs/en/faultline-audit/healthy' },
        ],
        status: 200,
        body: document16('faultline-audit'),
      },
      null,
    ],
    [
      'a redirect to a login page that keeps the path asked for in its own',
      { asked, redirects: [{ status: 307, to: '/login/faultline-audit/server-page-throws' }], status: 200, body: document16('login') },
      'the app redirected /docs/faultline-audit/server-page-throws to /login/faultline-audit/server-page-throws ' +
        '(307), where another route of the app answered (200): its page is not under /faultline-audit/',
    ],
    [
      'a proxy’s rewrite to its login page (the canonical URL still the one asked for)',
      { asked, redirects: [], status: 200, body: document16('login') },
      'another route of the app answered /docs/faultline-audit/server-page-throws (200): its page is not under /faultline-audit/',
    ],
    [
      'a catch-all’s 404 (15.x)',
      { asked, redirects: [], status: 404, body: payload15('[...slug]') },
      'another route of the app answered /docs/faultline-audit/server-page-throws (404): its page is not under /faultline-audit/',
    ],
  ])('%s', (_what, answer, expected) => {
    expect(unreached(answer, SEGMENT)).toBe(expected);
  });
});

describe('a Pages Router entry whose data says notFound, in a hybrid app', () => {
  const pagesAsked = '/faultline-audit/pages-not-found';
  // Observed on Sentry's guide app with pages/ beside app/: Next answers the route's notFound with the App Router's 404 document.
  const appNotFound = { asked: pagesAsked, redirects: [], status: 404, body: document16('/_not-found') };

  it("is reached when the 404 its own route asked for is answered by the App Router's not-found page", () => {
    expect(unreached(appNotFound, SEGMENT, { ownNotFound: true })).toBeNull();
  });

  it('is not, for any other entry: a 404 from another route is a wall', () => {
    expect(unreached(appNotFound, SEGMENT)).toBe(
      'another route of the app answered /faultline-audit/pages-not-found (404): its page is not under /faultline-audit/',
    );
    expect(unreached({ ...appNotFound, status: 200, body: document16('login') }, SEGMENT, { ownNotFound: true })).not.toBeNull();
  });
});
