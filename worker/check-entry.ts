import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { ENV } from '../contract';
import { faultlineRoot } from '../harness/root';
import { isStarted, type AppTarget } from '../harness/target';
import { pinnedWhere } from '../scenarios/active';
import type { Scenario } from '../scenarios/schema';
import { verdictAttachment, verdictFailure } from '../verdict/attachment';
import { judge, type Verdict } from '../verdict/verdict';
import { observeEntry, type Timed } from './observe-entry';
import type { SessionCheck } from './session';

/**
 * One catalogue entry checked: its trigger run and everything observed, judged by the one verdict,
 * and the verdict attached for the reporter. What the user was shown is attached as a screenshot
 * for a check that deviated, and written for `faultline matrix` (one image of each distinct screen);
 * on every passing check it cost about a seventh of the catalogue's time.
 */
export async function checkEntry(
  scenario: Scenario,
  { page, app, check }: { page: Page; app: AppTarget; check: SessionCheck },
  testInfo: TestInfo,
  timed?: Timed,
): Promise<Verdict> {
  const observed = await observeEntry(page, scenario, app.url, check, timed);
  const verdict = judge(scenario, app.url, observed, pinnedWhere(scenario, faultlineRoot, isStarted(app) ? null : app.url));
  const screens = process.env[ENV.screenshots];
  if (observed.screen.fallback !== 'none' && (verdict.differences.length > 0 || screens)) {
    const shot = await page.screenshot();
    await testInfo.attach('fallback', { body: shot, contentType: 'image/png' });
    if (screens) writeFileSync(join(screens, `${scenario.id}.png`), shot);
  }
  await verdictAttachment.attach(testInfo, verdict);
  return verdict;
}

/** One line per difference: the verdict is the message (a diff of the same list would repeat it). */
export function failOnDifferences(verdict: Verdict): void {
  if (verdict.differences.length > 0) throw new Error(verdictFailure(verdict));
}
