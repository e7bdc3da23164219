import { describe, expect, it } from 'vitest';
import { entryOutcomes } from '../audit/judge';
import { notDrivenRecord, NotDriven, RuledOutHere } from '../audit/kinds/placed/worker/drive';

describe("an entry the app's own shape rules out, found while driving it", () => {
  it('is recorded as not applicable, with the reason: not as not judged, which makes the audit incomplete', () => {
    const ruledOut = new RuledOutHere('its navigation asks for no RSC payload after the click (the app had it already): a failed payload cannot happen there');
    expect(notDrivenRecord('navigation-rsc-500', ruledOut)).toEqual({ id: 'navigation-rsc-500', notApplicable: ruledOut.message });
    expect(notDrivenRecord('server-page-throws', new NotDriven('its page did not load within 30 s'))).toEqual({
      id: 'server-page-throws',
      notJudged: 'its page did not load within 30 s',
    });
  });

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
