import { checkAuditEntry } from './check';
import { auditTest as test } from '../../../../worker/audited-test';
import { entryDetails } from '../../../../verdict/attachment';
import { sideBySideGroups } from '../lanes';
import { auditPlanOf } from '../../../../harness/audited-app';
import { appTarget } from '../../../../harness/target';
import { placedIn } from '../entry';

/**
 * The placed failures' checks: one test per entry the CLI placed in the audited app. Entries
 * whose claims could not be told apart run in order in one worker (`sideBySideGroups`); every
 * other entry runs beside any.
 */
const placed = placedIn(auditPlanOf(appTarget()));

for (const group of sideBySideGroups(placed)) {
  const declare = () => {
    for (const entry of group)
      test(entry.scenario.id, entryDetails(entry.scenario), async ({ session }, testInfo) => checkAuditEntry(session, entry, testInfo));
  };
  if (group.length === 1) declare();
  else {
    test.describe(`one after another from ${group[0].scenario.id}`, () => {
      test.describe.configure({ mode: 'default' });
      declare();
    });
  }
}
