import { catalogue } from '../scenarios/catalogue';
import { expectedOutcome } from '../scenarios/outcome';
import { expect, test } from '../fixtures/test';

test('the home page links every scenario with its expected outcome', async ({ page }) => {
  await page.goto('/');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(catalogue.length + 1);
  for (const scenario of catalogue) {
    const row = rows.filter({ has: page.getByRole('link', { name: scenario.title, exact: true }) });
    await expect(row.getByRole('link')).toHaveAttribute('href', scenario.path);
    await expect(row.getByRole('cell').last()).toHaveText(expectedOutcome(scenario));
  }
});
