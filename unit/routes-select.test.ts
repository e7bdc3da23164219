import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuiltRoute } from '../audit/kinds/routes/manifests';
import { linksIn, linksInBuild } from '../audit/kinds/routes/links';
import { pathWith, planRoutes, RoutesConfigSchema } from '../audit/kinds/routes/select';

const route = (name: string, more: Partial<BuiltRoute> = {}): BuiltRoute => ({
  route: name,
  router: 'app',
  kind: 'page',
  runtime: 'nodejs',
  entry: `app${name === '/' ? '' : name}/page`,
  dynamic: name.includes('['),
  prerendered: [],
  ...more,
});

const ROUTES: BuiltRoute[] = [
  route('/api/items', { kind: 'handler', entry: 'app/api/items/route' }),
  route('/products/[id]', { regex: '^/products/([^/]+?)(?:/)?$', prerendered: ['/products/1', '/products/2'] }),
  route('/blog/[...slug]', { regex: '^/blog/(.+?)(?:/)?$' }),
  route('/sitemap.xml', { kind: 'metadata', entry: 'app/sitemap.xml/route' }),
  route('/dashboard'),
  route('/'),
  route('/admin/users'),
];

const audited = (plan: ReturnType<typeof planRoutes>) => plan.audited.map(({ path, from }) => `${path} (${from})`);

describe("the routes an audit loads, from the build's", () => {
  it('loads pages before route handlers, the home first, each dynamic route once at a path its build prerendered', () => {
    const plan = planRoutes(ROUTES);
    expect(audited(plan)).toEqual([
      '/ (static)',
      '/admin/users (static)',
      '/dashboard (static)',
      '/products/1 (prerendered)',
      '/api/items (static)',
      'null (a link at request time)',
    ]);
    expect(plan.notAudited).toEqual([
      { route: '/sitemap.xml', why: 'a metadata route: crawlers and browsers ask for it, no user sees it (routes.include names it to load it)' },
    ]);
    expect(plan.unknown).toEqual([]);
  });

  it('loads a dynamic route its build prerendered nothing for at a path a prerendered page links to, bounded to what the build holds', () => {
    const links = ['/', '/about', '/blog/2026/first-post', '/products/9', '/blog/2026/second-post'];
    const plan = planRoutes(ROUTES, {}, [], links);
    expect(audited(plan)).toContain('/blog/2026/first-post (a link)');
    // A route the build prerendered keeps its own path: a link is for what has none.
    expect(audited(plan)).toContain('/products/1 (prerendered)');
    expect(plan.notAudited.map(({ route }) => route)).not.toContain('/blog/[...slug]');
  });

  it('gives a link to the most specific dynamic route it matches, as Next serves it', () => {
    const catchAll = route('/[...path]', { regex: '^/(.+?)(?:/)?$' });
    const plan = planRoutes([catchAll, route('/blog/[...slug]', { regex: '^/blog/(.+?)(?:/)?$' })], {}, [], ['/blog/a']);
    expect(audited(plan)).toEqual(['/blog/a (a link)', 'null (a link at request time)']);
    expect(plan.audited[1].route.route).toBe('/[...path]');
  });

  it("leaves a dynamic route nothing of the build gives a path to for a link on the plan's pages at request time, last, within the limit", () => {
    const plan = planRoutes(ROUTES);
    const awaiting = plan.audited.at(-1)!;
    expect(awaiting).toMatchObject({ path: null, from: 'a link at request time' });
    // The pages the audit loads, the home first: never a route handler's answer.
    expect('pages' in awaiting && awaiting.pages).toEqual(['/', '/admin/users', '/dashboard', '/products/1']);
    expect(planRoutes(ROUTES, { limit: 2 }).notAudited).toContainEqual({ route: '/blog/[...slug]', why: 'beyond the first 2 routes (routes.limit raises it)' });
  });

  it("takes the team's params for a dynamic route, before what the build prerendered", () => {
    const plan = planRoutes(ROUTES, { params: { '/blog/[...slug]': [{ slug: ['2026', 'hello world'] }], '/products/[id]': { id: '42' } } });
    expect(audited(plan)).toContain('/blog/2026/hello%20world (routes.params)');
    expect(audited(plan)).toContain('/products/42 (routes.params)');
    expect(planRoutes(ROUTES, { params: { '/blog/[...slug]': { other: 'x' } } }).notAudited[0]).toEqual({
      route: '/blog/[...slug]',
      why: 'routes.params names /blog/[...slug] without a value for each of its params',
    });
  });

  it('keeps to what routes.include names (a route, a path of one, a folder), leaves out what routes.exclude names, and says what named nothing', () => {
    const plan = planRoutes(ROUTES, { include: ['/products/7', '/admin/**', '/sitemap.xml', '/nowhere'], exclude: ['/admin/users'] });
    expect(audited(plan)).toEqual(['/products/7 (routes.include)', '/sitemap.xml (static)']);
    expect(plan.notAudited).toContainEqual({ route: '/admin/users', why: 'routes.exclude names it' });
    expect(plan.notAudited).toContainEqual({ route: '/dashboard', why: 'not among those routes.include names' });
    expect(plan.unknown).toEqual(['/nowhere']);
  });

  it('--route picks win over routes.include', () => {
    const plan = planRoutes(ROUTES, { include: ['/dashboard'] }, ['/']);
    expect(audited(plan)).toEqual(['/ (static)']);
    expect(plan.notAudited).toContainEqual({ route: '/dashboard', why: 'not among those --route names' });
  });

  it('names every route past its bound as not audited', () => {
    const plan = planRoutes(ROUTES, { limit: 2 });
    expect(audited(plan)).toEqual(['/ (static)', '/admin/users (static)']);
    expect(plan.notAudited.filter(({ why }) => why.startsWith('beyond')).map(({ route }) => route)).toEqual([
      '/blog/[...slug]',
      '/dashboard',
      '/products/[id]',
      '/api/items',
    ]);
    expect(plan.notAudited.find(({ route }) => route === '/dashboard')?.why).toBe('beyond the first 2 routes (routes.limit raises it)');
  });
});

describe('a dynamic route with params', () => {
  it.each([
    ['/products/[id]', { id: '7' }, '/products/7'],
    ['/blog/[...slug]', { slug: ['a', 'b'] }, '/blog/a/b'],
    ['/docs/[[...path]]', { path: [] }, '/docs'],
    ['/docs/[[...path]]', {}, '/docs'],
    ['/[[...all]]', {}, '/'],
    ['/[locale]/shop/[id]', { locale: 'en', id: 'a/b' }, '/en/shop/a%2Fb'],
    ['/blog/[...slug]', { slug: [] }, null],
    ['/products/[id]', {}, null],
  ])('%s with %j is %s', (name, params, path) => {
    expect(pathWith(name, params)).toBe(path);
  });
});

describe("the team's routes config", () => {
  it('takes routes, paths and params as the docs show them, and names each problem by its field', () => {
    const given = { include: ['/dashboard', '/admin/**'], exclude: ['/admin/debug'], params: { '/products/[id]': { id: '42' } }, limit: 80 };
    expect(RoutesConfigSchema.parse(given)).toEqual(given);
    const problems = RoutesConfigSchema.safeParse({ include: ['dashboard'], limit: 0, paths: [] }).error!.issues.map((issue) => issue.path.join('.'));
    expect(problems.sort()).toEqual(['', 'include.0', 'limit']);
  });
});

describe("the links the build's prerendered pages hold", () => {
  it("reads same-origin paths, without query, fragment or basePath, Next's own left out", () => {
    const html =
      '<a href="/blog/2026/first-post?ref=home#top">a</a><a class="x" href="/shop/products/9">b</a>' +
      '<a href="//cdn.example.com/x">c</a><a href="https://example.com/">d</a><link href="/_next/static/x.css"><a href="/_next/image">e</a>';
    expect(linksIn(html, '')).toEqual(['/blog/2026/first-post', '/shop/products/9']);
    expect(linksIn(html, '/shop')).toEqual(['/blog/2026/first-post', '/products/9']);
  });

  it("reads both routers' HTML in the build, each link once", () => {
    const dist = mkdtempSync(join(tmpdir(), 'faultline-links-'));
    try {
      mkdirSync(join(dist, 'server', 'app', 'blog'), { recursive: true });
      mkdirSync(join(dist, 'server', 'pages'), { recursive: true });
      writeFileSync(join(dist, 'server', 'app', 'index.html'), '<a href="/blog/a">a</a><a href="/about">b</a>');
      writeFileSync(join(dist, 'server', 'app', 'blog', 'a.html'), '<a href="/blog/b">b</a><a href="/about">b</a>');
      writeFileSync(join(dist, 'server', 'pages', 'old.html'), '<a href="/posts/1">p</a>');
      writeFileSync(join(dist, 'server', 'app', 'page.js'), '"<a href=\\"/not-html\\">"');
      expect(linksInBuild(dist, '')).toEqual(['/blog/b', '/about', '/blog/a', '/posts/1']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
