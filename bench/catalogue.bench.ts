import { activeCatalogue, selectedScenarios } from '../scenarios/active';
import { faultlineRoot } from '../harness/root';
import { checkEntry, failOnDifferences } from '../worker/check-entry';
import { entryDetails } from '../verdict/attachment';
import type { CheckTrace } from '../worker/check-trace';
import { BARE_MS, BARE_PAGE_MS, SETTLE_MS, TRACE_ANNOTATION, VERDICT_MS } from './worker/annotations';
import { bareLimitOf } from './excess';
import { test } from './worker/test';

/** The catalogue as `e2e/catalogue.spec.ts` checks it, each check timed and followed by its entry's bare limit. */
for (const scenario of selectedScenarios(activeCatalogue(), faultlineRoot)) {
  test(scenario.id, entryDetails(scenario), async ({ page, app, check, bare }, testInfo) => {
    let checkTrace: CheckTrace | undefined;
    const verdict = await checkEntry(scenario, { page, app, check }, testInfo, (trace, settleMs) => {
      checkTrace = trace;
      testInfo.annotations.push({ type: VERDICT_MS, description: trace.verdictMs.toFixed(1) }, { type: SETTLE_MS, description: settleMs.toFixed(1) });
    });
    // Sampled right after its check so that both see the same machine; after, so that what the
    // sample causes on the server (an ISR regeneration) is not the check's.
    const bareTrace = await bare.sample(scenario);
    testInfo.annotations.push(
      // A sample whose expected reports never arrived has no limit: its outcome alone would flatter the harness.
      ...(bareTrace.reportsMissing === 0 ? [{ type: BARE_MS, description: bareLimitOf(bareTrace).toFixed(1) }] : []),
      { type: BARE_PAGE_MS, description: bareTrace.outcomeMs.toFixed(1) },
      { type: TRACE_ANNOTATION, description: JSON.stringify({ check: checkTrace, bare: bareTrace }) },
    );
    failOnDifferences(verdict);
  });
}
