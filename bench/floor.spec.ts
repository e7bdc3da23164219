import { FLOOR_MS } from '../fixtures/annotations';
import { expect, test } from '../fixtures/test';

const LOADS_PER_TEST = 3;

// The floor the catalogue's verdict times are compared with: a healthy page, in the same page and fixtures.
test('floor: a healthy static page loads', async ({ page }, testInfo) => {
  for (let i = 0; i < LOADS_PER_TEST; i++) {
    const started = performance.now();
    await page.goto('/scenarios/healthy');
    await expect(page.getByText('Healthy page', { exact: true })).toBeVisible();
    testInfo.annotations.push({ type: FLOOR_MS, description: (performance.now() - started).toFixed(1) });
  }
});
