import { catalogue } from '../scenarios/catalogue';
import type { Scenario } from '../scenarios/schema';
import { expect, test } from '../fixtures/test';

/** The outcome column as a reader expects it, written here rather than taken from the page's own helper. */
function outcomeShown({ expect: { fallback, digest, status } }: Scenario): string {
  if (fallback === 'none') return `no fallback, ${status}`;
  return `${fallback} fallback${digest ? ' + digest' : ''}, ${status}`;
}

test('the home page links every scenario under its failure class, with its expected outcome and note', async ({ page }) => {
  await page.goto('/');
  const classes = [...new Set(catalogue.map((scenario) => scenario.failureClass))];
  await expect(page.getByRole('region')).toHaveCount(classes.length);
  await expect(page.getByRole('row')).toHaveCount(catalogue.length + classes.length);
  for (const scenario of catalogue) {
    const section = page.getByRole('region').filter({ has: page.locator(`h2[id="${scenario.failureClass}"]`) });
    const row = section.getByRole('row').filter({ has: page.getByRole('link', { name: scenario.title, exact: true }) });
    await expect(row.getByRole('link')).toHaveAttribute('href', scenario.path);
    await expect(row.getByRole('cell').nth(2)).toHaveText(outcomeShown(scenario));
    await expect(row.getByRole('cell').nth(3)).toHaveText(scenario.note ?? '');
  }
});
