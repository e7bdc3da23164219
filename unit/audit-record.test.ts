import { describe, expect, it } from 'vitest';
import { recordAnnotations, type AuditEntryRecord } from '../verdict/attachment';

/**
 * What Playwright's report says of an audited entry, for every kind alike, read from the record its
 * check attaches (one source): each finding with its fix, and why an entry was not judged or does
 * not apply, named as such.
 */
describe("an audited entry's annotations", () => {
  it('names each finding with its fix', () => {
    const record = {
      id: '/api/items',
      judged: {
        findings: [
          { check: 'reported once', what: 'answered 500 and reported nothing', fix: 'report what you catch' },
          { check: 'screen', what: 'a blank page' },
        ],
      },
    } as unknown as AuditEntryRecord;
    expect(recordAnnotations(record)).toEqual([
      { type: 'finding', description: 'reported once: answered 500 and reported nothing (fix: report what you catch)' },
      { type: 'finding', description: 'screen: a blank page' },
    ]);
  });

  it('says an entry not judged as not judged, and one ruled out as not applicable, whichever kind', () => {
    expect(recordAnnotations({ id: '/dashboard', notJudged: 'not judged: a send never landed' })).toEqual([
      { type: 'not judged', description: 'not judged: a send never landed' },
    ]);
    expect(recordAnnotations({ id: '/old', notApplicable: 'not reached: the app redirected /old to /fallback' })).toEqual([
      { type: 'not applicable', description: 'not reached: the app redirected /old to /fallback' },
    ]);
  });
});
