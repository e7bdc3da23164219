import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectApp, type AuditedApp } from '../audit/app/inspect';
import { placeCatalogue } from '../audit/kinds/placed/placement';
import { passesFor, placePlumbing, reservedIn } from '../audit/plumbing';
import { catalogue } from '../scenarios/catalogue';
import { forNext } from '../scenarios/versions';
import { folderWith } from './folder-with';

const faultline = join(import.meta.dirname, '..');
const installed = {
  'package.json': JSON.stringify({ name: 'my-app', dependencies: { next: '16.4.5' } }),
  'node_modules/next/package.json': JSON.stringify({ name: 'next', version: '16.4.5' }),
};

/** An app of `files` as the audit reads it, its config resolved as Next's defaults. */
function audited(files: Record<string, string>, over: Partial<AuditedApp> = {}): AuditedApp {
  const inspected = inspectApp(folderWith({ ...installed, ...files }, 'faultline-pages-app-'));
  return { ...inspected, basePath: '', trailingSlash: false, authInterrupts: false, distDir: '.next', cacheComponents: false, ...over };
}

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)).map((file) => join(entry.name, file)) : [entry.name],
  );

/** The catalogue placed as an audit's build places it: the placed failures, then the audit's own plumbing. */
const place = (app: AuditedApp, ids: string[]) => {
  const reserved = reservedIn(app.root, app);
  const entries = catalogue.filter((scenario) => ids.includes(scenario.id)).map((scenario) => forNext(scenario, app.next));
  const placement = placeCatalogue(faultline, reserved, app, entries, passesFor(app, reserved));
  return { ...placement, ...placePlumbing(app, reserved, placement) };
};

const PAGES = ['pages-gssp-throws', 'pages-client-effect-throws', 'pages-api-throws', 'pages-app-gip-throws', 'pages-document-throws', 'pages-healthy'];

describe('an app with the Pages Router', () => {
  it("records where a Pages entry's error is made: the line of its `new Error` in the thrower its page imports, an arrow function's as much as a declared one's", () => {
    const app = audited({ 'pages/index.tsx': '' }, { sentry: true });
    const placement = place(app, ['pages-gssp-throws', 'pages-api-throws', 'pages-client-effect-throws']);
    const file = 'faultline-audit-throwers/pages.js';
    const lines = readFileSync(join(app.root, file), 'utf8').split('\n');
    const throwIn = (name: string) => {
      const start = lines.findIndex((line) => line.includes(`const ${name} =`));
      return lines.findIndex((line, at) => at > start && /throw new Error/.test(line)) + 1;
    };
    const thrower = (id: string) => placement.placed.find((entry) => entry.scenario.id === id)!.thrower;
    expect(thrower('pages-gssp-throws')).toEqual({ file, line: throwIn('throwingServerSideProps') });
    expect(thrower('pages-api-throws')).toEqual({ file, line: throwIn('throwingApiRoute') });
    // A page's other export that throws nothing (`getServerSideProps = perRequest`) leaves its component's thrower told.
    expect(thrower('pages-client-effect-throws')?.file).toBe('faultline-audit-throwers/client-throwers.jsx');
  });

  it('is audited when it has only pages/: which routers it has is read, nothing refused', () => {
    const app = audited({ 'pages/index.tsx': '' });
    expect([app.appRouter, app.pagesDir]).toEqual([false, 'pages']);
    expect(audited({ 'src/pages/index.tsx': '' }).pagesDir).toBe(join('src', 'pages'));
    expect(audited({ 'app/layout.tsx': '', 'pages/api/x.ts': '' })).toMatchObject({ appRouter: true, pagesDir: 'pages' });
    expect(audited({ 'app/layout.tsx': '' })).toMatchObject({ appRouter: true, pagesDir: null });
  });

  it("gets the Pages Router's failures under pages/faultline-audit/, beneath its own _app, _document and _error; the App Router's not applicable", () => {
    const app = audited({ 'pages/index.tsx': '', 'pages/_app.tsx': '// the app’s own\n' }, { sentry: true });
    const placement = place(app, [...PAGES, 'server-page-throws']);
    expect(placement.placed.map((entry) => [entry.scenario.id, entry.url])).toEqual([
      ['pages-gssp-throws', '/faultline-audit/pages-gssp-throws'],
      ['pages-client-effect-throws', '/faultline-audit/pages-client-effect-throws'],
      ['pages-api-throws', '/api/faultline-audit/pages-api-throws'],
      ['pages-healthy', '/faultline-audit/pages-healthy'],
    ]);
    expect(placement.notApplicable).toEqual([
      { id: 'server-page-throws', why: 'the app has no App Router (no app/ folder): its failures cannot happen there' },
      { id: 'pages-app-gip-throws', why: "_app is the app's own: faultline does not replace it" },
      { id: 'pages-document-throws', why: "_document is the app's own: faultline does not replace it" },
    ]);
    const pages = filesUnder(join(app.root, 'pages')).sort();
    expect(pages).toEqual([
      '_app.tsx',
      join('api', 'faultline-audit', 'flush.js'),
      join('api', 'faultline-audit', 'pages-api-throws.js'),
      join('faultline-audit', 'pages-client-effect-throws.jsx'),
      join('faultline-audit', 'pages-gssp-throws.jsx'),
      join('faultline-audit', 'pages-healthy.jsx'),
      'index.tsx',
    ]);
    expect(readFileSync(join(app.root, 'pages', '_app.tsx'), 'utf8'), 'its own _app, untouched').toBe('// the app’s own\n');
    expect(existsSync(join(app.root, 'app')), 'no App Router made for it').toBe(false);
    // Every file under pages/ is a route: faultline's throwers live beside it, never in it.
    const gssp = readFileSync(join(app.root, 'pages', 'faultline-audit', 'pages-gssp-throws.jsx'), 'utf8');
    const thrower = /from ["']([^"']+\/pages)["']/.exec(gssp)![1];
    expect(relative(app.root, join(app.root, 'pages', 'faultline-audit', thrower))).not.toMatch(/^pages\//);
    expect(
      existsSync(join(app.root, 'pages', 'faultline-audit', `${thrower}.ts`)) || existsSync(join(app.root, 'pages', 'faultline-audit', `${thrower}.js`)),
    ).toBe(true);
    expect(placement.flushRoute).toBe('/api/faultline-audit/flush');
  });

  it('keeps an app/ folder with no root layout in it (a Pages app’s workaround): no App Router page is placed there, which would not build', () => {
    const kept: Record<string, string>[] = [
      { 'app/.gitkeep': '', 'pages/index.tsx': '' },
      { 'app/api/edge/route.ts': 'export function GET() { return new Response(); }', 'pages/index.tsx': '' },
      { 'src/app/README.md': '', 'src/pages/index.tsx': '' },
    ];
    for (const files of kept) {
      const app = audited(files);
      expect([app.appRouter, app.layoutlessAppDir], Object.keys(files)[0]).toEqual([false, true]);
      const placement = place(app, ['server-page-throws', 'after-callback-throws', 'route-handler-throws', 'pages-gssp-throws']);
      expect(placement.placed.map((entry) => entry.scenario.id)).toEqual(['pages-gssp-throws']);
      const why = `the app has no App Router (its ${app.appDir}/ folder holds no root layout, so Next builds no page there): its failures cannot happen there`;
      expect(placement.notApplicable).toEqual(['server-page-throws', 'route-handler-throws', 'after-callback-throws'].map((id) => ({ id, why })));
      expect(existsSync(join(app.root, app.appDir, 'faultline-audit')), 'nothing placed in its app folder').toBe(false);
    }
    expect(() => audited({ 'app/.gitkeep': '' }), 'and no pages/ either').toThrow('app/ holds no root layout and');
  });

  it('gets both halves in a hybrid app; an App-only app, none of the Pages Router’s', () => {
    const hybrid = place(audited({ 'app/layout.tsx': '<html></html>', 'pages/api/x.ts': '' }), ['server-page-throws', 'pages-gssp-throws']);
    expect(hybrid.placed.map((entry) => entry.scenario.id)).toEqual(['server-page-throws', 'pages-gssp-throws']);
    const appOnly = place(audited({ 'app/layout.tsx': '<html></html>' }), ['server-page-throws', 'pages-gssp-throws']);
    expect(appOnly.notApplicable).toEqual([
      { id: 'pages-gssp-throws', why: 'the app has no Pages Router (no pages/ folder): its failures cannot happen there' },
    ]);
  });
});
