import { buildToFailure } from '../harness/build-failure';
import { ENV } from '../harness/contract';
import { faultlineRoot } from '../harness/root';
import { buildFailureNotApplicable, buildFailureOn, buildFailures } from '../scenarios/build-failures';
import { configurationOf } from '../scenarios/configurations';
import { comparedVersion, installedNext } from '../scenarios/versions';
import { buildFailureDifferences } from '../verdict/build-failure';
import { REMOTE_SKIP_REASON } from '../verdict/verdict';
import { expect, test } from '../worker/test';

// The catalogue's build-time part (scenarios/build-failures.ts): each entry stops a `next build`
// of its own. One at a time: they share that build's folder, and each takes both cores.
test.describe.configure({ mode: 'serial' });

const configuration = configurationOf(process.env).id;
const version = process.env[ENV.nextVersion] || comparedVersion(installedNext(faultlineRoot)).version;
const selected = process.env[ENV.scenarios]?.split(',').filter((id) => id !== '');
// The built-in catalogue's part: a run of another catalogue (--catalogue) checks that one alone.
const ofThisRun = process.env[ENV.catalogue] ? [] : buildFailures.filter(({ id }) => !selected?.length || selected.includes(id));

for (const entry of ofThisRun) {
  test(`${entry.id}: next build stops as pinned, naming the route and why`, async ({ app }) => {
    const notApplicable = buildFailureNotApplicable(entry, configuration);
    test.skip(notApplicable !== null, notApplicable ?? '');
    test.skip(!app.local, REMOTE_SKIP_REASON);
    test.setTimeout(360_000);
    const observed = await buildToFailure(faultlineRoot, entry);
    expect(buildFailureDifferences(buildFailureOn(entry, version).expect, observed), `what next build printed: ${observed.log}`).toEqual([]);
  });
}
