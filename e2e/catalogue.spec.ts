import { activeCatalogue, selectedScenarios } from '../scenarios/active';
import { FAULTLINE_ROOT } from '../harness/root';
import { checkEntry, entryDetails, failOnDifferences } from '../fixtures/worker/check-entry';
import { test } from '../fixtures/worker/test';

for (const scenario of selectedScenarios(activeCatalogue(), FAULTLINE_ROOT)) {
  test(scenario.id, entryDetails(scenario), async ({ page, app, check }, testInfo) => {
    failOnDifferences(await checkEntry(scenario, { page, app, check }, testInfo));
  });
}
