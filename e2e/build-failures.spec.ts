import { buildToFailure } from '../harness/build-failure';
import { faultlineRoot } from '../harness/root';
import { selectedBuildFailures } from '../scenarios/active';
import { buildFailureDifferences } from '../verdict/build-failure';
import { expect, skipUnlessStarted, test } from '../worker/test';

// The catalogue's build-time part (scenarios/build-failures.ts): each entry stops a `next build`
// of its own. One at a time: they share that build's folder, and each takes both cores.
test.describe.configure({ mode: 'serial' });

for (const { entry, notApplicable } of selectedBuildFailures(faultlineRoot)) {
  test(`${entry.id}: next build stops as pinned, naming the route and why`, async ({ app }) => {
    test.skip(notApplicable !== null, notApplicable ?? '');
    skipUnlessStarted(app);
    test.setTimeout(360_000);
    const observed = await buildToFailure(faultlineRoot, entry);
    expect(buildFailureDifferences(entry.expect, observed), `what next build printed: ${observed.log}`).toEqual([]);
  });
}
