import { describe, expect, it } from 'vitest';
import { catalogue, findScenario } from '../scenarios/catalogue';
import { CatalogueError, parseCatalogue } from '../scenarios/schema';
import { comparedVersion, forNext, notApplicableIn, OBSERVED_ON } from '../scenarios/versions';

const base = findScenario('navigate-to-failing-route')!;

describe('per-version expectations', () => {
  it('apply the first override whose range holds the version', () => {
    expect(forNext(base, '16.1.7').expect.directLoad).toEqual({ path: '/scenarios/server-page-throws', sameDigest: true });
    expect(forNext(base, '16.1.7').note).toMatch(/^next <16\.3\.0: Observed on 15\.5\.29, 16\.0\.11, 16\.1\.7 and 16\.2\.12/);
    expect(forNext(base, '16.4.5')).toBe(base);
  });

  it('replace the reports when the override names them', () => {
    const throwsString = findScenario('throws-string')!;
    expect(forNext(throwsString, '16.1.7').reports[0].value).toEqual({ startsWith: 'An error occurred in the Server Components render.' });
    expect(forNext(throwsString, '16.4.5').reports).toBe(throwsString.reports);
  });

  it('are validated like the entry: a range, and an expectation that still holds together', () => {
    const entry = {
      ...catalogue[0],
      overrides: [
        { next: 'sixteen', note: 'n' },
        { next: '16.x', expect: { fallback: 'none' }, note: 'n' },
      ],
    };
    let problems: string[] = [];
    try {
      parseCatalogue([entry]);
    } catch (error) {
      problems = (error as CatalogueError).problems;
    }
    expect(problems).toEqual([
      'entry "server-page-throws": overrides.0.next: must be a semver range',
      'entry "server-page-throws": overrides.1.expect.digest: only the server fallback shows a digest',
      'entry "server-page-throws": overrides.1.expect.sees: a scenario without fallback must say what the user sees',
    ]);
  });
});

describe('the version a run compares with', () => {
  it('is the installed one on a minor the catalogue was pinned on', () => {
    expect(comparedVersion('16.1.3')).toEqual({ version: '16.1.3' });
    expect(comparedVersion(OBSERVED_ON[0])).toEqual({ version: OBSERVED_ON[0] });
  });

  it('is the nearest pinned one otherwise, and the run says so', () => {
    expect(comparedVersion('16.6.1')).toEqual({
      version: '16.5.0',
      outside:
        'next 16.6.1 is outside the versions this catalogue was pinned on (16.5.x, 16.4.x, 16.3.x, 16.2.x, 16.1.x, 16.0.x, 15.5.x); comparing with the nearest, 16.5.0',
    });
    expect(comparedVersion('15.4.0').version).toBe('15.5.29');
    expect(comparedVersion(null).outside).toMatch(/no next is installed/);
  });
});

describe('per-configuration expectations', () => {
  const streamed = {
    ...findScenario('server-page-throws')!,
    overrides: [
      { configuration: 'cache-components', next: '<16.2.0', expect: { status: 500 }, note: 'older' },
      { configuration: 'cache-components', expect: { status: 200 }, note: 'the shell streamed first' },
      { next: '<16.0.0-0', expect: { status: 503 }, note: 'fifteen' },
    ],
  };
  const [entry] = parseCatalogue([streamed]);

  it('apply the first override whose configuration and range both hold', () => {
    expect(forNext(entry, '16.4.5', 'cache-components').expect.status).toBe(200);
    expect(forNext(entry, '16.4.5', 'cache-components').note).toBe('under Cache Components: the shell streamed first');
    expect(forNext(entry, '16.1.7', 'cache-components').expect.status).toBe(500);
    expect(forNext(entry, '16.1.7', 'cache-components').note).toBe('under Cache Components, next <16.2.0: older');
  });

  it('never apply an override of another configuration, nor one of a configuration by default', () => {
    expect(forNext(entry, '16.4.5').expect.status).toBe(500);
    expect(forNext(entry, '16.4.5', 'default').expect.status).toBe(500);
    expect(forNext(entry, '15.5.29', 'default').expect.status).toBe(503);
  });

  it("compose: a version's change holds in every configuration, the configuration's own on top of it", () => {
    const [throwsString] = parseCatalogue([
      {
        ...findScenario('throws-string')!,
        overrides: [
          { configuration: 'cache-components', expect: { status: 200 }, note: 'the shell streamed first' },
          { next: '<16.3.0', reports: [{ runtime: 'server', type: 'Error', value: { startsWith: 'An error occurred' }, digest: true }], note: 'redacted' },
        ],
      },
    ]);
    const cached = forNext(throwsString, '16.1.7', 'cache-components');
    expect([cached.expect.status, cached.reports[0].value]).toEqual([200, { startsWith: 'An error occurred' }]);
    expect(cached.note).toBe('next <16.3.0: redacted under Cache Components: the shell streamed first');
    expect(forNext(throwsString, '16.4.5', 'cache-components').reports).toBe(throwsString.reports);
  });

  it('say where an entry is not applicable, and why', () => {
    const [edge] = parseCatalogue([
      { ...findScenario('healthy')!, notApplicable: [{ configuration: 'cache-components', why: 'route segment config `runtime` is refused there' }] },
    ]);
    expect(notApplicableIn(edge, 'cache-components')).toBe('not applicable under Cache Components: route segment config `runtime` is refused there');
    expect(notApplicableIn(edge, 'default')).toBeNull();
  });

  it('are validated: an override names a range or a configuration, a configuration that exists', () => {
    let problems: string[] = [];
    try {
      parseCatalogue([
        {
          ...catalogue[0],
          overrides: [
            { note: 'n', expect: { status: 200 } },
            { configuration: 'turbo', note: 'n' },
          ],
        },
        { ...findScenario('healthy')!, notApplicable: [{ configuration: 'cache-components', why: '' }] },
      ]);
    } catch (error) {
      problems = (error as CatalogueError).problems;
    }
    expect(problems).toEqual([
      'entry "server-page-throws": overrides.0: an override names the versions (next) or the configuration it holds for',
      'entry "server-page-throws": overrides.1.configuration: Invalid option: expected one of "default"|"cache-components"',
      'entry "healthy": notApplicable.0.why: Too small: expected string to have >=1 characters',
    ]);
  });
});
