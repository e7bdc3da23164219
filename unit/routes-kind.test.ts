import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditedApp } from '../audit/app/inspect';
import type { AuditEntryRecord } from '../verdict/attachment';
import type { ErrorEvent } from '@sentry/core';
import type { PlacingContext, SettledRun } from '../audit/entry-kind';
import { kindsFor } from '../audit/kinds';
import { routesOfApp } from '../audit/kinds/routes/kind';
import { MANIFEST_FILES, type BuildManifests } from '../audit/kinds/routes/manifests';
import { UsageError } from '../harness/failures';

/**
 * The routes' kind as the pipeline asks it: nothing placed
 * before the build, its entries from the build's manifests (next 16.5.0's Turbopack build of the
 * probe app, `unit/data/routes-manifests/`), every route beside any.
 */

const { manifests } = JSON.parse(readFileSync(join(import.meta.dirname, 'data', 'routes-manifests', '16.5.0-turbopack.json'), 'utf8')) as {
  manifests: BuildManifests;
};
const dir = mkdtempSync(join(tmpdir(), 'faultline-routes-kind-'));
for (const [name, file] of Object.entries(MANIFEST_FILES) as [keyof BuildManifests, string][]) {
  mkdirSync(dirname(join(dir, '.next', file)), { recursive: true });
  writeFileSync(join(dir, '.next', file), JSON.stringify(manifests[name] ?? {}));
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The app as the team has it: the workspace's copy holds what faultline placed besides (robots.ts below).
const appRoot = mkdtempSync(join(tmpdir(), 'faultline-routes-app-'));
afterAll(() => rmSync(appRoot, { recursive: true, force: true }));
const app = (basePath = '') => ({ root: appRoot, distDir: '.next', basePath, appDir: 'app' }) as AuditedApp;
const builtFor = (kind: ReturnType<typeof routesOfApp>, basePath = '') => kind.built(kind.place({} as PlacingContext), { dir, app: app(basePath) });

describe("the routes' kind", () => {
  const kinds = (options: { scenarios?: string[]; routePicks?: string[]; noRoutes?: boolean }) =>
    kindsFor({ scenarios: [], routePicks: [], noRoutes: false, routes: {}, ...options }).map((kind) => kind.name);

  it('runs beside the placed failures by default; --scenario picks placed failures only, --route routes only, both both; --no-routes none', () => {
    expect(kinds({})).toEqual(['placed', 'routes']);
    expect(kinds({ scenarios: ['server-page-throws'] })).toEqual(['placed']);
    expect(kinds({ routePicks: ['/dashboard'] })).toEqual(['routes']);
    expect(kinds({ scenarios: ['server-page-throws'], routePicks: ['/dashboard'] })).toEqual(['placed', 'routes']);
    expect(kinds({ noRoutes: true })).toEqual(['placed']);
  });

  it('plans from the build: nothing placed before it is no reason to refuse the audit', () => {
    expect(routesOfApp().place({} as PlacingContext).fromBuild).toBe(true);
  });

  it("places nothing: its entries are the build's routes, pages first, each dynamic one at a path its build prerendered", () => {
    const kind = routesOfApp();
    const placed = kind.place({} as PlacingContext);
    expect(placed.entries).toEqual([]);
    expect(placed.holds).toEqual([]);
    const { entries, notApplicable } = builtFor(kind);
    expect(entries.slice(0, 3).map(({ id, url, from }) => `${id} ${url} ${from}`)).toEqual(['/ / static', '/about /about static', '/dash /dash static']);
    expect(entries.find((entry) => entry.id === '/products/[id]')).toMatchObject({ url: '/products/1', from: 'prerendered', entry: 'app/products/[id]/page' });
    expect(notApplicable.find((entry) => entry.id === '/sitemap.xml')?.why).toMatch(/^a metadata route/);
    // A dynamic route nothing of the build gives a path to awaits a link on the pages the audit loads, every route beside it to tell which serves a link.
    const awaiting = entries.find((entry) => entry.id === '/photo/[id]')!;
    expect(awaiting).toMatchObject({ url: null, from: 'a link at request time' });
    expect(awaiting.linkedFrom?.pages[0]).toBe('/');
    expect(awaiting.linkedFrom?.routes.map(({ route }) => route)).toContain('/products/[id]');
  });

  it('loads under the basePath, runs every route beside any, and names none by its errors', () => {
    const kind = routesOfApp({ picks: ['/products/7'] });
    const { entries } = builtFor(kind, '/shop');
    expect(entries.map(({ id, url }) => `${id} ${url}`)).toEqual(['/products/[id] /shop/products/7']);
    expect(kind.groups([...entries, ...entries])).toEqual([[entries[0]], [entries[0]]]);
    expect(kind.named(entries)).toEqual([]);
  });

  it("leaves out a route whose file faultline placed in the workspace: it is not the app's", () => {
    const placed = join(dir, 'app', 'robots.ts');
    mkdirSync(dirname(placed), { recursive: true });
    writeFileSync(placed, 'export default function robots() {}\n');
    try {
      const ids = (kind: ReturnType<typeof routesOfApp>) => [...builtFor(kind).entries, ...builtFor(kind).notApplicable].map((entry) => entry.id);
      expect(ids(routesOfApp())).not.toContain('/robots.txt');
      mkdirSync(join(appRoot, 'app'), { recursive: true });
      writeFileSync(join(appRoot, 'app', 'robots.ts'), 'export default function robots() {}\n');
      expect(ids(routesOfApp())).toContain('/robots.txt');
    } finally {
      rmSync(placed);
      rmSync(join(appRoot, 'app'), { recursive: true, force: true });
    }
  });

  it("claims a server report about one of its routes that came after the route's check: never one nobody claims", () => {
    const kind = routesOfApp({ picks: ['/products/7'] });
    const { entries } = builtFor(kind);
    const about = (url: string) => ({ runtime: 'node' as const, event: { type: undefined, request: { url: `http://127.0.0.1:3000${url}` } } as ErrorEvent });
    const late = kind.late(entries, new Map(), [about('/products/7'), about('/elsewhere')], {} as SettledRun);
    expect(late.left).toEqual([about('/elsewhere')]);
  });

  it("accounts for the reports a background reporter sent naming no route, as many as its routes' errors it could not tell apart: never nobody's", () => {
    const kind = routesOfApp({ picks: ['/products/7'] });
    const { entries } = builtFor(kind);
    const nameless = (id: string) => ({ runtime: 'node' as const, reporter: 'PostHog' as const, event: { type: undefined, event_id: id } as ErrorEvent });
    const sentry = { runtime: 'node' as const, event: { type: undefined, event_id: 's1' } as ErrorEvent };
    const record = { id: entries[0].id, judged: { route: { backends: [], faults: [{ unattributed: 1 }, {}] } } } as unknown as AuditEntryRecord;
    const late = kind.late(entries, new Map([[record.id, record]]), [nameless('p1'), nameless('p2'), sentry], {} as SettledRun);
    expect(late.left.map(({ event }) => event.event_id)).toEqual(['p2', 's1']);
  });

  it('refuses a pick that names no route of the build', () => {
    expect(() => builtFor(routesOfApp({ picks: ['/nowhere'] }))).toThrow(UsageError);
    expect(() => builtFor(routesOfApp({ config: { include: ['/nowhere'] } }))).toThrow(/routes.include names no route of the app's build: \/nowhere/);
  });
});
