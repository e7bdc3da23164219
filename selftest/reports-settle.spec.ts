import { READY_PATH } from '../harness/app-server';
import { expect, test } from '../worker/test';

// "Nothing was sent" is proven by flushing the browser SDK; a page without one must not pass as silent.
test('a page without a Sentry client fails the report check instead of passing as "nothing sent"', async ({ page, reports }) => {
  await page.goto(READY_PATH);
  await page.evaluate(() => delete (window as { __SENTRY__?: unknown }).__SENTRY__);
  await expect(reports.settle()).rejects.toThrow(/has no Sentry client to flush/);
});
