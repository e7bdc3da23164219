import { fallbackHeading } from '../worker/scenario-driver';
import { expect, test } from '../worker/test';

const WCAG2_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const path of ['/scenarios/server-page-throws', '/scenarios/client-effect-throws']) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the fallback at ${path} has no WCAG 2 A/AA violations (${colorScheme})`, async ({ context }) => {
      // A page of its own: the emulated colour scheme ends with it (the shared page is not reset).
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await expect(fallbackHeading(page)).toBeVisible();
      // Loaded here, not at the top: every conformance run lists this file, few run it.
      const { default: AxeBuilder } = await import('@axe-core/playwright');
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG2_A_AA).analyze();
      expect(violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual([]);
    });
  }
}
