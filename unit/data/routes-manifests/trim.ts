/**
 * `tsx unit/data/routes-manifests/trim.ts DIST VERSION-BUNDLER`: the manifests of the build in
 * DIST (an app's `.next`), trimmed to what audit/kinds/routes/manifests.ts reads, written to
 * `VERSION-BUNDLER.json` beside this file. The app is the `create-next-app` template with a route of
 * each shape (`probe-routes.mjs APP`), built with `next build` (Turbopack on 16, webpack on 15.5)
 * and `next build --webpack` (16) or `--turbopack` (15.5).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifests } from '../../../audit/kinds/routes/manifests';

const [dist, tag] = process.argv.slice(2);
const manifests = readManifests(dist);
const [next, bundler] = tag.split('-');
const trimmed = {
  next,
  bundler,
  manifests: {
    appPathRoutes: manifests.appPathRoutes,
    pages: manifests.pages,
    prerender: { routes: Object.fromEntries(Object.entries(manifests.prerender?.routes ?? {}).map(([path, { srcRoute }]) => [path, { srcRoute }])) },
    routes: { basePath: manifests.routes?.basePath, dynamicRoutes: manifests.routes?.dynamicRoutes?.map(({ page, regex }) => ({ page, regex })) },
    middleware: { functions: Object.fromEntries(Object.keys(manifests.middleware?.functions ?? {}).map((name) => [name, {}])) },
  },
};
writeFileSync(join(import.meta.dirname, `${tag}.json`), `${JSON.stringify(trimmed, null, 2)}\n`);
