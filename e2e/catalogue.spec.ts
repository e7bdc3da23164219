import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeCatalogue, selectedScenarios } from '../scenarios/active';
import { observeEntry } from '../fixtures/observe-entry';
import { BARE_MS, SCREENSHOTS_ENV, SETTLE_MS, VERDICT_MS } from '../fixtures/annotations';
import { BENCH_ENV } from '../fixtures/floor';
import { TRACE_ANNOTATION, type CheckTrace } from '../fixtures/check-trace';
import { ENTRY_ANNOTATION, attachVerdict, verdictFailure } from '../fixtures/verdict-attachment';
import { judge } from '../verdict/verdict';
import { test } from '../fixtures/test';

for (const scenario of selectedScenarios(activeCatalogue(), join(import.meta.dirname, '..'))) {
  const details = { annotation: [{ type: ENTRY_ANNOTATION, description: scenario.id }, { type: 'title', description: scenario.title }] };
  test(scenario.id, details, async ({ page, app, serverLog, reports, bare }, testInfo) => {
    let checkTrace: CheckTrace | undefined;
    const observed = await observeEntry(page, scenario, app.url, {
      collect: reports.collect,
      serverLog: serverLog ? serverLog.text : null,
      timed: (trace, settleMs) => {
        checkTrace = trace;
        testInfo.annotations.push({ type: VERDICT_MS, description: trace.verdictMs.toFixed(1) }, { type: SETTLE_MS, description: settleMs.toFixed(1) });
      },
    });
    const verdict = judge(scenario, app.url, observed);
    // What the user was shown, for a check that deviated and for `faultline matrix` (one image of
    // each distinct screen); on every passing check it cost about a seventh of the catalogue's time.
    const screens = process.env[SCREENSHOTS_ENV];
    if (observed.screen.fallback !== 'none' && (verdict.differences.length > 0 || screens)) {
      const shot = await page.screenshot();
      await testInfo.attach('fallback', { body: shot, contentType: 'image/png' });
      if (screens) writeFileSync(join(screens, `${scenario.id}.png`), shot);
    }
    await attachVerdict(testInfo, verdict);
    // The bench's bare limit of this entry, sampled right after its check so that both see the same
    // machine; after, so that what the sample causes on the server (an ISR regeneration) is not the check's.
    if (process.env[BENCH_ENV]) {
      const bareTrace = await bare.sample(scenario);
      testInfo.annotations.push(
        { type: BARE_MS, description: bareTrace.outcomeMs.toFixed(1) },
        { type: TRACE_ANNOTATION, description: JSON.stringify({ check: checkTrace, bare: bareTrace }) },
      );
    }
    // One line per difference: the verdict is the message (a diff of the same list would repeat it).
    if (verdict.differences.length > 0) throw new Error(verdictFailure(verdict));
  });
}
