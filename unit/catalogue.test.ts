import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_IDS, CONFIGURATIONS, nextConfigFor, type ConfigurationId } from '../scenarios/configurations';
import { notApplicableIn } from '../scenarios/versions';
import { catalogue } from '../scenarios/catalogue';
import { CatalogueError, parseCatalogue } from '../scenarios/schema';
import { pinnedIn, pinnedWhere } from '../scenarios/active';
import { ENV } from '../contract';
import { config as proxyConfig } from '../proxy';

const root = join(import.meta.dirname, '..');
const valid = {
  id: 'some-entry',
  title: 'A title',
  failureClass: 'control',
  path: '/scenarios/healthy',
  trigger: { kind: 'load' },
  expect: { fallback: 'none', digest: false, status: 200, sees: 'Healthy page' },
  reports: [],
};

function problemsOf(entries: unknown[]): string[] {
  try {
    parseCatalogue(entries);
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  return [];
}

describe('catalogue schema', () => {
  it('accepts a well-formed entry', () => {
    expect(problemsOf([valid])).toEqual([]);
  });

  it('names the entry and the field of a malformed entry', () => {
    const broken = { ...valid, expect: { ...valid.expect, status: 'ok' } };
    expect(problemsOf([broken])).toEqual([expect.stringMatching(/^entry "some-entry": expect\.status: /)]);
  });

  it('names entries without an id by position', () => {
    const { id: _id, ...noId } = valid;
    expect(problemsOf([valid, noId])).toEqual([expect.stringMatching(/^entry #1: id: /)]);
  });

  it('rejects duplicate ids', () => {
    expect(problemsOf([valid, valid])).toEqual(['entry "some-entry": id: duplicate id']);
  });

  it('rejects ids that are not kebab-case and unknown fields', () => {
    expect(problemsOf([{ ...valid, id: 'Some_Entry', colour: 'red' }])).toEqual([
      expect.stringMatching(/id: must be kebab-case/),
      expect.stringMatching(/\(entry\): Unrecognized key: "colour"/),
    ]);
  });

  it.each([
    ['//127.0.0.1:59999/x', 'a protocol-relative path'],
    ['/\\127.0.0.1:59999/x', 'a backslash path'],
    ['/ok/\\..\\x', 'a backslash anywhere'],
    ['//evil.test', 'another host'],
  ])('rejects %s (%s): a browser would load it from another origin', (path) => {
    expect(problemsOf([{ ...valid, path }])).toEqual([expect.stringMatching(/^entry "some-entry": path: must /)]);
    expect(problemsOf([{ ...valid, expect: { ...valid.expect, url: path } }])).toEqual([expect.stringMatching(/^entry "some-entry": expect\.url: must /)]);
  });

  it.each(['healthy\u200b', '\u2060healthy', 'heal\u00adthy', 'healthy\n'])('rejects the id %j: invisible characters', (id) => {
    expect(problemsOf([{ ...valid, id }])).toEqual([expect.stringMatching(/: id: must be kebab-case/)]);
  });

  it('rejects a button or link name with invisible characters', () => {
    expect(problemsOf([{ ...valid, trigger: { kind: 'click', button: 'Break\u200b the page' } }])).toEqual([
      expect.stringMatching(/trigger\.button: must hold no invisible or control characters/),
    ]);
  });

  it('rejects a digest on a non-server fallback and a silent no-fallback entry', () => {
    const problems = problemsOf([{ ...valid, expect: { fallback: 'none', digest: true, status: 200 } }]);
    expect(problems).toEqual([
      'entry "some-entry": expect.digest: only the server fallback shows a digest',
      'entry "some-entry": expect.sees: a scenario without fallback must say what the user sees',
    ]);
  });

  it("takes a response body's start for a request entry only: a page's text is matched exactly", () => {
    const request = { ...valid, trigger: { kind: 'request' }, expect: { ...valid.expect, sees: { startsWith: '<!DOCTYPE html>' } } };
    expect(problemsOf([request])).toEqual([]);
    expect(problemsOf([{ ...request, trigger: { kind: 'load' } }])).toEqual([
      'entry "some-entry": expect.sees: only a request entry may give the start of what it sees (a page\'s text is matched exactly)',
    ]);
    expect(problemsOf([{ ...valid, overrides: [{ next: '<16.0.0-0', expect: { sees: { startsWith: '<' } }, note: 'n' }] }])).toEqual([
      'entry "some-entry": overrides.0.expect.sees: only a request entry may give the start of what it sees (a page\'s text is matched exactly)',
    ]);
  });
});

/** Metadata routes: the URL's last part, and the file that serves it. */
const METADATA_ROUTES: Record<string, string> = { 'sitemap.xml': 'sitemap', 'robots.txt': 'robots' };

/** The files that could serve `path` in the build of `configuration`: those its page extensions take in, in `app/` or `pages/`. */
function routeFilesFor(path: string, configuration: ConfigurationId): string[] {
  // Route groups like (site) do not appear in URLs: look in each of them.
  const groups = readdirSync(join(root, 'app')).filter((name) => /^\(.+\)$/.test(name));
  const last = path.split('/').at(-1)!;
  const [dir, names] = METADATA_ROUTES[last] ? [path.slice(0, -last.length - 1), [METADATA_ROUTES[last]]] : [path, ['page', 'route']];
  const { pageExtensions } = nextConfigFor(CONFIGURATIONS[configuration], '16.4.5');
  const files = names.flatMap((name) => pageExtensions.map((extension) => `${name}.${extension}`));
  const inApp = ['', ...groups].flatMap((group) => files.map((file) => join(root, 'app', group, dir, file)));
  // The Pages Router's: a file named as its path.
  const inPages = pageExtensions.map((extension) => join(root, 'pages', `${path}.${extension}`));
  return [...inApp, ...inPages];
}

describe('the catalogue', () => {
  it('has at least 52 entries over 14 failure classes, 7 of them without fallback', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(52);
    expect(new Set(catalogue.map((s) => s.failureClass)).size).toBeGreaterThanOrEqual(14);
    expect(catalogue.filter((s) => s.expect.fallback === 'none').length).toBeGreaterThanOrEqual(7);
  });

  it.each(catalogue.map((s) => [s.id, s] as const))(
    '%s has a route in app/ (or the proxy) in each configuration it is applicable in, and none where it is not',
    (id, scenario) => {
      // A page of its own, a metadata route in its own segment, the app's robots.txt, or a Pages Router API route.
      expect([`/scenarios/${id}`, `/scenarios/${id}/sitemap.xml`, '/robots.txt', `/api/scenarios/${id}`]).toContain(scenario.path);
      const servedByProxy = [proxyConfig.matcher].flat().includes(scenario.path);
      for (const configuration of CONFIGURATION_IDS) {
        const built = servedByProxy || routeFilesFor(scenario.path, configuration).some(existsSync);
        expect(built, `a route for ${scenario.path} in the ${configuration} build`).toBe(notApplicableIn(scenario, configuration) === null);
      }
    },
  );

  it.each(catalogue.map((s) => [s.id, s] as const))('%s is pinned in the file a deviation names', (id, scenario) => {
    expect(readFileSync(join(root, pinnedIn(scenario, {})), 'utf8')).toContain(`route('${id}')`);
  });

  it('names the JSON catalogue a run checks instead, as it was given', () => {
    expect(pinnedIn(catalogue[0], { [ENV.catalogue]: 'ci/catalogue.json' })).toBe('ci/catalogue.json');
  });

  it('names the next installed where the app ran and the replay of the check as it ran', () => {
    expect(pinnedWhere(catalogue[0], root, null, {})).toEqual({
      file: 'scenarios/entries/server-component.ts',
      // The next this checkout pins, as its package.json declares it.
      next: (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: { next: string } }).dependencies.next,
      replay: 'npx faultline repro server-page-throws',
    });
    expect(pinnedWhere(catalogue[0], root, 'https://shop.example.com/', { [ENV.catalogue]: "ci/our team's.json" })).toEqual({
      file: "ci/our team's.json",
      next: null,
      replay: `${ENV.catalogue}='ci/our team'\\''s.json' npx faultline repro server-page-throws --base-url https://shop.example.com/`,
    });
  });
});
