import { READY_PATH } from '../harness/app-server';
import { blockUrls, failRscRequests, undoConditions, withoutScripts } from '../worker/page-conditions';
import { expect, test } from '../worker/test';
import { catalogue } from '../scenarios/catalogue';

// The page fixture resets only what the harness set on the shared page: a check that failed half-way must not leave it for the next.
test('undoConditions releases every condition a check left on the page', async ({ page }) => {
  const clicked = catalogue.find((scenario) => scenario.id === 'client-click-render-throws')!;
  if (clicked.trigger.kind !== 'click') throw new Error('client-click-render-throws is no longer a click entry');
  const button = page.getByRole('button', { name: clicked.trigger.button });
  const statuses = () =>
    page.evaluate(async () => {
      const status = (url: string) =>
        fetch(url).then(
          (response) => response.status,
          () => 'failed',
        );
      return { rsc: await status('/?_rsc=probe'), blocked: await status('/?blocked-probe') };
    });

  await page.goto(READY_PATH);
  await failRscRequests(page, 'status-500');
  await blockUrls(page, ['*blocked-probe*']);
  expect(await statuses()).toEqual({ rsc: 500, blocked: 'failed' });
  await withoutScripts(page);
  await page.goto(clicked.path);
  await expect(button).toBeDisabled();

  await undoConditions(page);
  await page.goto(clicked.path);
  await expect(button).toBeEnabled();
  expect(await statuses()).toEqual({ rsc: 200, blocked: 200 });
});

// A check whose condition failed nothing did not test what its entry names (the verdict's `trigger` check).
test('a condition counts the requests it failed, and only those', async ({ page }) => {
  const fetchFromPage = (urls: string[]) =>
    page.evaluate(
      (all) =>
        Promise.all(
          all.map((url) =>
            fetch(url).then(
              (response) => response.status,
              () => 'failed',
            ),
          ),
        ),
      urls,
    );
  await page.goto(READY_PATH);
  const answered500 = await failRscRequests(page, 'status-500');
  const blocked = await blockUrls(page, ['*blocked-probe*']);
  expect(await fetchFromPage(['/?_rsc=a', '/?_rsc=b', '/?blocked-probe', '/?neither'])).toEqual([500, 500, 'failed', 200]);
  await expect.poll(() => [answered500.failed(), blocked.failed()]).toEqual([2, 1]);
  await undoConditions(page);

  const aborted = await failRscRequests(page, 'aborted');
  expect(await fetchFromPage(['/?_rsc=c', '/?neither'])).toEqual(['failed', 200]);
  await expect.poll(() => aborted.failed()).toBe(1);
});
