import { catalogue } from '../scenarios/catalogue';
import { expect, test } from '../worker/test';

test('the home page links every scenario under its failure class', async ({ page }) => {
  await page.goto('/');
  const classes = [...new Set(catalogue.map((scenario) => scenario.failureClass))];
  await expect(page.getByRole('region')).toHaveCount(classes.length);
  await expect(page.getByRole('region').getByRole('listitem')).toHaveCount(catalogue.length);
  for (const scenario of catalogue) {
    const section = page.getByRole('region').filter({ has: page.locator(`h2[id="${scenario.failureClass}"]`) });
    await expect(section.getByRole('link', { name: scenario.title, exact: true })).toHaveAttribute('href', scenario.path);
  }
});
