import { CLASSIC_SENTENCE, expectedHost } from '../scenarios/golden';
import { fallbackHeading } from '../worker/scenario-driver';
import { TEST_DOMAIN } from '../harness/chromium';
import { entryUnderTest } from '../scenarios/active';
import { faultlineRoot } from '../harness/root';
import { expect, skipUnlessStarted, test } from '../worker/test';

// Chromium maps *.example.test to 127.0.0.1 (see chromiumArgs); the server runs on a non-default port.
const hostnames = [`shop.${TEST_DOMAIN}`, '127.0.0.1', `SHOP.${TEST_DOMAIN.toUpperCase()}`, `bücher.${TEST_DOMAIN}`, '[::1]'];

// Each router's own error page: the App Router's global-error.tsx and the Pages Router's _error.tsx.
for (const id of ['server-page-throws', 'client-effect-throws', 'pages-gssp-throws', 'pages-client-effect-throws']) {
  const scenario = entryUnderTest(id, faultlineRoot);
  const variant = scenario.expect.fallback as 'server' | 'client';
  for (const hostname of hostnames) {
    test(`${id} names the host ${hostname}`, async ({ page, app }) => {
      skipUnlessStarted(app);
      const port = new URL(app.url).port;
      const url = `http://${hostname}:${port}${scenario.path}`;
      await page.goto(url);
      const host = expectedHost(url);
      await expect(fallbackHeading(page)).toHaveText(CLASSIC_SENTENCE[variant](host));
      expect(host, 'the host is shown without the port').not.toContain(port);
    });
  }
}
