import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMetadataRoute } from 'next/dist/lib/metadata/is-metadata-route';
import { describe, expect, it } from 'vitest';
import { builtRoutes, isMetadataEntry, type BuildManifests } from '../audit/kinds/routes/manifests';

/**
 * The app's routes from the manifests of real builds: the `create-next-app` template with a route
 * of each shape (`unit/data/routes-manifests/probe-routes.mjs`), built by next 15.5, 16.4 and 16.5
 * with webpack and with Turbopack, its manifests trimmed to what is read (`trim.ts`).
 */

const DATA = join(import.meta.dirname, 'data', 'routes-manifests');
const BUILDS = readdirSync(DATA)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({
    tag: name.replace(/\.json$/, ''),
    ...(JSON.parse(readFileSync(join(DATA, name), 'utf8')) as { next: string; manifests: BuildManifests }),
  }));

/** What every build lists, whatever its version and bundler: `route kind runtime entry [prerendered]`. */
const EXPECTED = [
  'app / page nodejs app/page',
  'app /about page nodejs app/(marketing)/about/page',
  'app /blog/[...slug] page nodejs app/blog/[...slug]/page []',
  'app /dash page nodejs app/dash/page',
  'app /docs/[[...path]] page nodejs app/docs/[[...path]]/page [/docs /docs/a/b]',
  'app /edge-dash page edge app/edge-dash/page',
  'app /feed page nodejs app/feed/page',
  'app /photo/[id] page nodejs app/photo/[id]/page []',
  'app /products/[id] page nodejs app/products/[id]/page [/products/1 /products/2]',
  'app /api/db handler nodejs app/api/db/route',
  'app /api/edge-route handler edge app/api/edge-route/route',
  'app /api/static handler nodejs app/api/static/route',
  'app /api/users/[id] handler nodejs app/api/users/[id]/route []',
  'app /api/via-http handler nodejs app/api/via-http/route',
  'app /favicon.ico metadata nodejs app/favicon.ico/route',
  'app /opengraph-image metadata nodejs app/opengraph-image/route',
  'app /robots.txt metadata nodejs app/robots.txt/route',
  'app /sitemap.xml metadata nodejs app/sitemap.xml/route',
  'pages /gssp page nodejs pages/gssp',
  'pages /plain page nodejs pages/plain',
  'pages /posts/[id] page nodejs pages/posts/[id] [/posts/first /posts/second]',
  'pages /things/[slug] page nodejs pages/things/[slug] [/things/one]',
  'pages /users/[name] page nodejs pages/users/[name] []',
  'pages /api/edge-hello handler edge pages/api/edge-hello',
  'pages /api/hello handler nodejs pages/api/hello',
];

const KIND = { page: 0, handler: 1, metadata: 2 };
const listed = (manifests: BuildManifests) =>
  builtRoutes(manifests)
    .sort((a, b) => a.router.localeCompare(b.router) || KIND[a.kind] - KIND[b.kind] || a.route.localeCompare(b.route))
    .map(
      ({ router, route, kind, runtime, entry, dynamic, prerendered }) =>
        `${router} ${route} ${kind} ${runtime} ${entry}${dynamic ? ` [${prerendered.join(' ')}]` : ''}`,
    );

describe("the app's routes from its build", () => {
  it('reads builds of next 15.5, 16.4 and 16.5, each with webpack and with Turbopack', () => {
    expect(BUILDS.map(({ tag }) => tag).sort()).toEqual([
      '15.5.29-turbopack',
      '15.5.29-webpack',
      '16.4.5-turbopack',
      '16.4.5-webpack',
      '16.5.0-turbopack',
      '16.5.0-webpack',
    ]);
  });

  it.each(BUILDS.map((build) => [build.tag, build]))(
    "%s: lists both routers' pages and handlers, slots and intercepting routes folded, faultline's and Next's own left out",
    (_tag, { manifests }) => {
      expect(listed(manifests)).toEqual(EXPECTED);
    },
  );

  it.each(BUILDS.map((build) => [build.tag, build]))(
    '%s: every dynamic route has the regular expression Next matches its paths with',
    (_tag, { manifests }) => {
      const routes = builtRoutes(manifests).filter(({ dynamic }) => dynamic);
      for (const route of routes) expect(route.regex, route.route).toBeTruthy();
      const products = routes.find(({ route }) => route === '/products/[id]')!;
      expect(new RegExp(products.regex!).test('/products/42')).toBe(true);
      expect(new RegExp(products.regex!).test('/products/42/reviews')).toBe(false);
    },
  );

  it("tells a metadata route as Next's own isMetadataRoute does, on every entry of every build", () => {
    const entries = new Set(BUILDS.flatMap(({ manifests }) => Object.keys(manifests.appPathRoutes ?? {})));
    expect(entries.size).toBeGreaterThan(20);
    for (const entry of entries) expect(isMetadataEntry(entry), entry).toBe(isMetadataRoute(entry));
    for (const entry of ['/icon1/route', '/(site)/opengraph-image-abc123/route', '/sitemap/[__metadata_id__]/route', '/blog/twitter-image.png/route'])
      expect(isMetadataEntry(entry), entry).toBe(isMetadataRoute(entry));
  });
});
