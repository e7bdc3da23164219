import { activeCatalogue, selectedEntries } from '../scenarios/active';
import { faultlineRoot } from '../harness/root';
import { checkEntry, failOnDifferences } from '../worker/check-entry';
import { entryDetails } from '../verdict/attachment';
import { test } from '../worker/test';

for (const { scenario, notApplicable } of selectedEntries(activeCatalogue(), faultlineRoot)) {
  test(scenario.id, entryDetails(scenario), async ({ page, app, check }, testInfo) => {
    // The configuration's build has no route for it: listed, skipped with why.
    test.skip(notApplicable !== null, notApplicable ?? '');
    failOnDifferences(await checkEntry(scenario, { page, app, check }, testInfo));
  });
}
