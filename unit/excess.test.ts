import { describe, expect, it } from 'vitest';
import { EXCESS_PARTS, bareLimitOf, excessOf, fixedPartsRatio, medianExcess, reportWaits } from '../bench/excess';
import type { CheckTrace } from '../worker/check-trace';
import type { BareTrace } from '../bench/worker/annotations';

const sum = (parts: Record<string, number>) => Object.values(parts).reduce((a, b) => a + b, 0);

describe('where a check spends its time beyond its bare limit', () => {
  it('splits a load into before the document, the page, the notice and the reports, adding up to verdict minus bare', () => {
    const check: CheckTrace = {
      documentMs: 30,
      hydratedMs: null,
      clickedMs: null,
      outcomeMs: 330,
      noticedMs: 350,
      browserReportsMs: 380,
      serverReportsMs: 415,
      verdictMs: 420,
    };
    const bare: BareTrace = { hydratedMs: null, clickedMs: null, outcomeMs: 250, reportsMs: null, reportsMissing: 0 };
    const excess = excessOf(check, bare);
    expect(excess).toEqual({ beforeDocument: 30, click: 0, page: 50, notice: 20, reports: 70 });
    expect(sum(excess)).toBe(check.verdictMs - bare.outcomeMs);
  });

  it('counts the round trip between hydration and the real click apart from the page', () => {
    // The harness's page: hydrated at 200 ms after its start, clicked 40 ms later; the bare page clicks at once.
    const check: CheckTrace = {
      documentMs: 10,
      hydratedMs: 210,
      clickedMs: 250,
      outcomeMs: 400,
      noticedMs: 410,
      browserReportsMs: 440,
      serverReportsMs: 445,
      verdictMs: 450,
    };
    const bare: BareTrace = { hydratedMs: 190, clickedMs: 191, outcomeMs: 330, reportsMs: null, reportsMissing: 0 };
    const excess = excessOf(check, bare);
    expect(excess.click).toBe(39);
    expect(excess.page).toBe(400 - 10 - 40 - (330 - 1));
    expect(sum(excess)).toBe(check.verdictMs - bare.outcomeMs);
  });

  it('gives a request entry (no document) its request and its reports only', () => {
    const check: CheckTrace = {
      documentMs: null,
      hydratedMs: null,
      clickedMs: null,
      outcomeMs: 25,
      noticedMs: 25,
      browserReportsMs: 26,
      serverReportsMs: 105,
      verdictMs: 110,
    };
    const excess = excessOf(check, { hydratedMs: null, clickedMs: null, outcomeMs: 13, reportsMs: null, reportsMissing: 0 });
    expect(excess).toEqual({ beforeDocument: 0, click: 0, page: 12, notice: 0, reports: 85 });
  });

  it("holds the bare page's reports too: its limit is the later of its outcome and its last report's arrival", () => {
    const bare: BareTrace = { hydratedMs: null, clickedMs: null, outcomeMs: 250, reportsMs: 290, reportsMissing: 0 };
    expect(bareLimitOf(bare)).toBe(290);
    // A report that arrived before the outcome's frame (a server report ahead of the streamed page) does not lengthen it.
    expect(bareLimitOf({ ...bare, reportsMs: 200 })).toBe(250);
    const check: CheckTrace = {
      documentMs: 30,
      hydratedMs: null,
      clickedMs: null,
      outcomeMs: 330,
      noticedMs: 350,
      browserReportsMs: 380,
      serverReportsMs: 415,
      verdictMs: 420,
    };
    const excess = excessOf(check, bare);
    // The bare page waited 40 ms for its reports after its outcome: the harness's reports part is what it waited beyond that.
    expect(excess).toEqual({ beforeDocument: 30, click: 0, page: 50, notice: 20, reports: 30 });
    expect(sum(excess)).toBe(check.verdictMs - bareLimitOf(bare));
  });

  it('takes the median of each part over rounds, in the order the parts are printed', () => {
    const rounds = [10, 30, 20].map((ms) =>
      excessOf(
        {
          documentMs: ms,
          hydratedMs: null,
          clickedMs: null,
          outcomeMs: ms + 100,
          noticedMs: ms + 100,
          browserReportsMs: ms + 100,
          serverReportsMs: null,
          verdictMs: ms + 100,
        },
        { hydratedMs: null, clickedMs: null, outcomeMs: 100, reportsMs: null, reportsMissing: 0 },
      ),
    );
    const median = medianExcess(rounds);
    expect(Object.keys(median)).toEqual([...EXCESS_PARTS]);
    expect(median.beforeDocument).toBe(20);
  });

  it('says which of the reports the verdict waited on, from the moment the page settled', () => {
    const check: CheckTrace = {
      documentMs: 30,
      hydratedMs: null,
      clickedMs: null,
      outcomeMs: 330,
      noticedMs: 350,
      browserReportsMs: 380,
      serverReportsMs: 415,
      verdictMs: 420,
    };
    expect(reportWaits(check)).toEqual({ browser: 30, server: 65 });
    expect(reportWaits({ ...check, serverReportsMs: null })).toEqual({ browser: 30, server: null });
  });

  it('gives the ratio an entry would keep if the harness added nothing to its page or click: the fixed parts only', () => {
    const excess = { beforeDocument: 20, click: 55, page: 90, notice: 10, reports: 50 };
    expect(fixedPartsRatio({ outcomeMs: 200, limitMs: 200 }, excess)).toBeCloseTo((200 + 20 + 10 + 50) / 200);
    expect(fixedPartsRatio({ outcomeMs: 200, limitMs: 200 }, excess, { withReports: false })).toBeCloseTo((200 + 20 + 10) / 200);
    // A part the harness page happened to beat the bare page on is no saving the harness can count on.
    expect(fixedPartsRatio({ outcomeMs: 100, limitMs: 100 }, { ...excess, beforeDocument: -5, notice: -3 })).toBeCloseTo(1.5);
  });

  it("counts the fixed parts from the bare page's outcome, over the limit that holds its reports", () => {
    const excess = { beforeDocument: 20, click: 55, page: 90, notice: 10, reports: 50 };
    // Outcome at 200 ms, last report at 240 ms: the reports part (50) is already what the harness waited beyond those 40 ms.
    expect(fixedPartsRatio({ outcomeMs: 200, limitMs: 240 }, excess)).toBeCloseTo((240 + 20 + 10 + 50) / 240);
    expect(fixedPartsRatio({ outcomeMs: 200, limitMs: 240 }, excess, { withReports: false })).toBeCloseTo((200 + 20 + 10) / 200);
  });
});
