import { activeCatalogue } from '../scenarios/active';
import { recordResponseBodies } from '../fixtures/response-bodies';
import { comparableScreen, digestParagraph, expectedScreen, observeScreen, shownDigest, triggerAndSettle } from '../fixtures/scenario-driver';
import { linesWithDigest } from '../fixtures/harness/server-log';
import { REMOTE_SKIP_REASON } from '../fixtures/harness/target';
import { comparableReports, expectedReports } from '../fixtures/reports';
import { secretMessage } from '../fixtures/throwers/secret';
import { SETTLE_MS, SKIPPED_CHECK, VERDICT_MS } from '../fixtures/annotations';
import { expect, test } from '../fixtures/test';

for (const scenario of activeCatalogue()) {
  test(scenario.id, { annotation: { type: 'title', description: scenario.title } }, async ({ page, context, app, serverLog, reports }, testInfo) => {
    const responseBodies = recordResponseBodies(page);
    const started = performance.now();
    const triggered = await triggerAndSettle(page, scenario);
    // The page has settled: reading the screen and flushing the reports can go on at once.
    const settling = performance.now();
    const [screen, sent] = await Promise.all([
      observeScreen(page, scenario, triggered),
      reports.settle().finally(() => testInfo.annotations.push({ type: SETTLE_MS, description: (performance.now() - settling).toFixed(1) })),
    ]);
    const expected = expectedScreen(scenario, app.url);
    const observedReports = comparableReports([...(sent.server ?? []), ...sent.browser]);
    const promisedReports = expectedReports(scenario.reports, shownDigest(screen), sent.server !== null);
    // Everything the verdict needs is in hand: what `npm run bench` compares with a page load.
    testInfo.annotations.push({ type: VERDICT_MS, description: (performance.now() - started).toFixed(1) });
    if (sent.server === null) testInfo.annotations.push({ type: SKIPPED_CHECK, description: `server reports: ${REMOTE_SKIP_REASON}` });
    if (!serverLog) testInfo.annotations.push({ type: SKIPPED_CHECK, description: `server log carries the digest: ${REMOTE_SKIP_REASON}` });
    await testInfo.attach('faultline-screen', {
      body: JSON.stringify({ expected, observed: screen, reports: { expected: scenario.reports, observed: observedReports } }),
      contentType: 'application/json',
    });
    if (screen.fallback !== 'none') await testInfo.attach('fallback', { body: await page.screenshot(), contentType: 'image/png' });

    expect(comparableScreen(screen), `${scenario.id}: what the user saw (expected vs observed)`).toEqual(expected);

    expect(observedReports, `${scenario.id}: error reports sent, each once (expected vs observed)`).toEqual(promisedReports);

    const digest = shownDigest(screen);
    if (digest && serverLog) {
      expect(linesWithDigest(serverLog.text(), digest), `${scenario.id}: the server log prints digest ${digest}`).not.toEqual([]);
    }

    const { directLoad } = scenario.expect;
    if (directLoad) {
      const direct = await context.newPage();
      await direct.goto(directLoad.path);
      await expect(digestParagraph(direct), `${scenario.id}: a direct load of ${directLoad.path} shows a digest`).toHaveText(/^Digest: \d+$/);
      const directLine = await digestParagraph(direct).textContent();
      await direct.close();
      expect({ sameDigest: directLine === screen.digestLine }, `${scenario.id}: digest vs a direct load`).toEqual({ sameDigest: directLoad.sameDigest });
    }

    const secret = secretMessage(scenario.id);
    expect(await page.content(), `${scenario.id}: the secret message is not in the document`).not.toContain(secret);
    const leaking = (await responseBodies.stop()).filter((body) => body.includes(secret));
    expect(leaking, `${scenario.id}: no response carries the secret message`).toEqual([]);
  });
}
