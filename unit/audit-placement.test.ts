import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditedApp } from '../harness/audit/app';
import { placeCatalogue } from '../harness/audit/placement';
import { catalogue } from '../scenarios/catalogue';
import { forNext } from '../scenarios/versions';

const faultline = join(import.meta.dirname, '..');

/** A workspace holding `files`, and the app as the audit reads it. */
function workspaceWith(files: string[], over: Partial<AuditedApp> = {}): { dir: string; app: AuditedApp } {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-placement-'));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  const app: AuditedApp = {
    root: dir,
    name: 'my-app',
    appDir: 'app',
    next: '16.4.5',
    sentry: false,
    typescript: true,
    basePath: '',
    trailingSlash: false,
    ownProxy: null,
    authInterrupts: false,
    packageManager: 'npm',
    configFile: null,
    otherReporters: [],
    sentrySetup: null,
    monorepo: null,
    distDir: '.next',
    cacheComponents: false,
    ...over,
  };
  return { dir, app };
}

const place = (dir: string, app: AuditedApp, ids: string[]) =>
  placeCatalogue(
    faultline,
    dir,
    app,
    catalogue.filter((scenario) => ids.includes(scenario.id)).map((scenario) => forNext(scenario, app.next)),
  );

describe("the catalogue placed in another app's workspace", () => {
  it('refuses an app with a route of its own under the reserved segment: its page would answer instead of what is placed', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx', 'app/faultline-audit/[id]/page.tsx']);
    expect(() => place(dir, app, ['server-page-throws'])).toThrow(
      /^it has a route of its own at app\/faultline-audit\/, the segment faultline reserves for the failures it places: its pages would answer instead of them/,
    );
  });

  it('places a throwing proxy that runs for its own route only, when the app has none', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx', 'app/page.tsx']);
    const placement = place(dir, app, ['proxy-throws']);
    expect(placement.notApplicable).toEqual([]);
    expect(placement.placed.map((entry) => entry.url)).toEqual(['/faultline-audit/proxy-throws']);
    const proxy = readFileSync(join(dir, 'proxy.js'), 'utf8');
    expect(proxy).toContain('export function proxy(');
    expect(proxy).toContain("secretMessage('proxy-throws')");
    expect(proxy).toMatch(/matcher: \["\/faultline-audit\/proxy-throws",\s*"\/faultline-audit\/proxy-throws\/"\]/);
    expect(existsSync(join(dir, 'app', 'faultline-audit', '_throwers', 'secret.js')), 'the thrower it imports').toBe(true);
  });

  it("follows the app's next: middleware.js on Next 15, on Node.js from 15.5", () => {
    const { dir, app } = workspaceWith(['src/app/layout.tsx'], { next: '15.5.29', appDir: join('src', 'app') });
    place(dir, app, ['proxy-throws']);
    const middleware = readFileSync(join(dir, 'src', 'middleware.js'), 'utf8');
    expect(middleware).toContain('export function middleware(');
    expect(middleware).toContain('runtime: "nodejs"');
    expect(existsSync(join(dir, 'src', 'proxy.js'))).toBe(false);
  });

  it('leaves the proxy entry out, saying why, when the app has its own', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx', 'middleware.ts'], { ownProxy: 'middleware.ts' });
    expect(place(dir, app, ['proxy-throws']).notApplicable).toEqual([
      { id: 'proxy-throws', why: 'the app has its own proxy (middleware.ts), which a placed one would replace' },
    ]);
  });

  it("places robots.ts at the app's root when the app has none, and a sitemap under the segment", () => {
    const { dir, app } = workspaceWith(['app/layout.tsx']);
    const placement = place(dir, app, ['robots-throws', 'sitemap-throws']);
    expect(placement.placed.map((entry) => entry.url)).toEqual(['/faultline-audit/sitemap-throws/sitemap.xml', '/robots.txt']);
    expect(readFileSync(join(dir, 'app', 'robots.js'), 'utf8')).toContain('secretMessage("robots-throws")');
  });

  it('leaves robots out when the app serves its own (a robots route or a file in public/)', () => {
    for (const own of ['app/robots.ts', 'public/robots.txt']) {
      const { dir, app } = workspaceWith(['app/layout.tsx', own]);
      expect(place(dir, app, ['robots-throws']).notApplicable).toEqual([
        { id: 'robots-throws', why: `the app serves its own /robots.txt (${own}), which a placed one would replace` },
      ]);
    }
  });

  it('honours basePath and trailingSlash in the placed URLs', () => {
    const { dir, app } = workspaceWith(['app/layout.tsx'], { basePath: '/shop', trailingSlash: true });
    expect(place(dir, app, ['server-page-throws', 'robots-throws']).placed.map((entry) => entry.url)).toEqual([
      '/shop/faultline-audit/server-page-throws/',
      '/shop/robots.txt',
    ]);
  });
});
