import { describe, expectTypeOf, it } from 'vitest';
import type { AuditObservation } from '../audit/kinds/placed/judge';
import type { AuditReport } from '../verdict/audit-reporting';
import type { Observed } from '../verdict/observation';
import type { SeenScreen } from '../verdict/screen-kind';
import type { Observation, ReportSummary, Screen } from '../verdict/verdict';

// Checked by the compiler (`npm run typecheck`, part of `npm test`): the run's and the audit's
// observations are one model, each target adding only what its verdict alone judges.
describe('one observation', () => {
  it("is the run's, with its screen's fallback parts and its report summaries", () => {
    expectTypeOf<Observation>().toExtend<Observed<ReportSummary, Screen>>();
  });

  it("is the audit's, with the screen as both targets read it and the reports as they arrived", () => {
    expectTypeOf<AuditObservation>().toExtend<Observed<AuditReport, SeenScreen>>();
    expectTypeOf<AuditObservation['screen']>().toEqualTypeOf<SeenScreen>();
  });
});
