import { describe, expect, it } from 'vitest';
import { entryOutcomes } from '../audit/judge';
import { isOutcome, NotJudged, outcomeRecord, RuledOut } from '../worker/audited-check';

describe("an entry the app's own shape rules out, found while checking it, whatever its kind", () => {
  it('is recorded as not applicable, with the reason: not as not judged, which makes the audit incomplete', () => {
    const ruledOut = new RuledOut('its navigation asks for no RSC payload after the click (the app had it already): a failed payload cannot happen there');
    expect(outcomeRecord('navigation-rsc-500', ruledOut)).toEqual({ id: 'navigation-rsc-500', notApplicable: ruledOut.message });
    expect(outcomeRecord('server-page-throws', new NotJudged('its page did not load within 30 s'))).toEqual({
      id: 'server-page-throws',
      notJudged: 'its page did not load within 30 s',
    });
  });

  it("keeps what answered instead (a wall of the app's) beside a placed entry's reason, and a route's word as the routes kind says it", () => {
    expect(outcomeRecord('server-page-throws', new NotJudged('not reached: /login answered', '/login answered'))).toEqual({
      id: 'server-page-throws',
      notJudged: 'not reached: /login answered',
      unreached: '/login answered',
    });
    const route = new RuledOut('not reached: the app answered /admin with 401 (a wall of its own; a session past it: --cookie NAME=VALUE)');
    expect(outcomeRecord('/admin', route)).toEqual({ id: '/admin', notApplicable: route.message });
  });

  it("is told from an error of faultline's or of Playwright's, which is never an entry's record", () => {
    expect([new NotJudged('x'), new RuledOut('y'), new Error('z'), 'a string'].map(isOutcome)).toEqual([true, true, false, false]);
  });
});

describe("an entry's outcomes joined", () => {
  it("joins the placement's not-applicable entries, in the catalogue's order; only what faultline failed to judge is not judged", () => {
    const outcomes = entryOutcomes(
      ['a', 'b', 'c'],
      [{ id: 'z', why: 'the app has no Pages Router' }],
      [
        { id: 'c', notJudged: 'its page did not load' },
        { id: 'b', notApplicable: 'its navigation asks for no RSC payload' },
      ],
    );
    expect(outcomes.notApplicable).toEqual([
      { id: 'z', why: 'the app has no Pages Router' },
      { id: 'b', why: 'its navigation asks for no RSC payload' },
    ]);
    expect(outcomes.notJudged).toEqual([{ id: 'c', why: 'its page did not load' }]);
    expect(outcomes.judged).toEqual([]);
  });
});
