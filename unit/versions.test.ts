import { describe, expect, it } from 'vitest';
import { catalogue, findScenario } from '../scenarios/catalogue';
import { CatalogueError, parseCatalogue } from '../scenarios/schema';
import { comparedVersion, forNext, OBSERVED_ON } from '../scenarios/versions';

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
    expect(comparedVersion('16.5.1')).toEqual({
      version: '16.4.5',
      outside:
        'next 16.5.1 is outside the versions this catalogue was pinned on (16.4.x, 16.3.x, 16.2.x, 16.1.x, 16.0.x, 15.5.x); comparing with the nearest, 16.4.5',
    });
    expect(comparedVersion('15.4.0').version).toBe('15.5.29');
    expect(comparedVersion(null).outside).toMatch(/no next is installed/);
  });
});
