import { catalogue } from '../scenarios/catalogue';
import type { Scenario } from '../scenarios/schema';
import { expect, test } from '../fixtures/test';

/** The outcome column as a reader expects it, written here rather than taken from the page's own helper. */
function outcomeShown({ expect: { fallback, digest, status } }: Scenario): string {
  if (fallback === 'none') return `no fallback, ${status}`;
  return `${fallback} fallback${digest ? ' + digest' : ''}, ${status}`;
}

test('the home page links every scenario with its expected outcome', async ({ page }) => {
  await page.goto('/');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(catalogue.length + 1);
  for (const scenario of catalogue) {
    const row = rows.filter({ has: page.getByRole('link', { name: scenario.title, exact: true }) });
    await expect(row.getByRole('link')).toHaveAttribute('href', scenario.path);
    await expect(row.getByRole('cell').last()).toHaveText(outcomeShown(scenario));
  }
});
