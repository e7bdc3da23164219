import { activeCatalogue, selectedScenarios } from '../scenarios/active';
import { faultlineRoot } from '../harness/root';
import { checkEntry, failOnDifferences } from '../worker/check-entry';
import { entryDetails } from '../verdict/attachment';
import { test } from '../worker/test';

for (const scenario of selectedScenarios(activeCatalogue(), faultlineRoot)) {
  test(scenario.id, entryDetails(scenario), async ({ page, app, check }, testInfo) => {
    failOnDifferences(await checkEntry(scenario, { page, app, check }, testInfo));
  });
}
