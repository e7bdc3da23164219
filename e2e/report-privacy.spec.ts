import { REMOTE_SKIP_REASON } from '../fixtures/harness/target';
import { TEST_MARKER_HEADER } from '../fixtures/ingest/marker';
import { fallbackHeading } from '../fixtures/scenario-driver';
import { expect, test } from '../fixtures/test';

const secrets = {
  cookie: 'session-value-s3cr3t',
  bearer: 'bearer-token-s3cr3t',
  ip: '203.0.113.7',
  query: 'query-token-s3cr3t',
};

test('server reports carry no cookie, authorization, client IP or secret query value', async ({ page, context, reports, app }) => {
  test.skip(!app.local, REMOTE_SKIP_REASON);
  await context.addCookies([{ name: 'session', value: secrets.cookie, url: app.url }]);
  await context.setExtraHTTPHeaders({
    // Replaces the context's extra headers: keep the marker that attributes reports to this test.
    [TEST_MARKER_HEADER]: reports.marker,
    authorization: `Bearer ${secrets.bearer}`,
    'x-forwarded-for': secrets.ip,
  });
  await page.goto(`/scenarios/server-page-throws?token=${secrets.query}`);
  await expect(fallbackHeading(page)).toBeVisible();
  const { raw, server } = await reports.settle();
  expect(server, 'the error was reported').toHaveLength(1);
  const sent = JSON.stringify(raw);
  for (const [what, value] of Object.entries(secrets)) expect(sent, `${what} value in a report`).not.toContain(value);
  expect(raw.map((event) => event.user?.ip_address ?? null)).toEqual([null]);
});
