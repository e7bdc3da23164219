import { fallbackHeading } from '../worker/scenario-driver';
import { privacyProblems } from '../verdict/privacy';
import { expect, skipUnlessStarted, test } from '../worker/test';
import { TEST_MARKER_HEADER } from '../contract';

/** Values that identify a user, under names Sentry filters, names it does not, and names no list has ever seen. */
const secrets = {
  sessionCookie: 'session-value-s3cr3t',
  emailCookie: 'cookie-mail@example.test',
  unseenCookie: 'unseen-cookie-s3cr3t',
  bearer: 'bearer-token-s3cr3t',
  forwardedFor: '203.0.113.7',
  clientIp: '203.0.113.8',
  clusterClientIp: '203.0.113.9',
  fastlyClientIp: '203.0.113.10',
  unseenHeader: 'visitor-s3cr3t',
  token: 'query-token-s3cr3t',
  code: 'query-code-s3cr3t',
  sig: 'query-sig-s3cr3t',
  email: 'query-mail@example.test',
  unseenQuery: 'query-unseen-s3cr3t',
  pushedQuery: 'pushed-query-s3cr3t',
};

const query = `token=${secrets.token}&code=${secrets.code}&sig=${secrets.sig}&email=${encodeURIComponent(secrets.email)}&zq9=${secrets.unseenQuery}`;

function expectNothingPrivate(events: unknown[]) {
  const sent = JSON.stringify(events);
  for (const [what, value] of Object.entries(secrets)) {
    expect(sent, `${what} in a report`).not.toContain(value);
    expect(sent, `${what} in a report`).not.toContain(encodeURIComponent(value));
  }
  expect(privacyProblems(events as never[]), 'what a report may carry').toEqual([]);
}

test('server reports carry no cookie, credential, client address, query value or unknown header', async ({ page, context, reports, app }) => {
  skipUnlessStarted(app);
  await context.addCookies(
    [
      ['session', secrets.sessionCookie],
      ['user_email', secrets.emailCookie],
      ['zq9_pref', secrets.unseenCookie],
    ].map(([name, value]) => ({ name, value, url: app.url })),
  );
  await context.setExtraHTTPHeaders({
    // Replaces the context's extra headers: keep the marker that attributes reports to this test.
    [TEST_MARKER_HEADER]: reports.marker,
    authorization: `Bearer ${secrets.bearer}`,
    'x-forwarded-for': secrets.forwardedFor,
    'x-client-ip': secrets.clientIp,
    'x-cluster-client-ip': secrets.clusterClientIp,
    'fastly-client-ip': secrets.fastlyClientIp,
    'x-zq9-visitor': secrets.unseenHeader,
  });
  await page.goto(`/scenarios/server-page-throws?${query}`);
  await expect(fallbackHeading(page)).toBeVisible();
  const { server, rawServer } = await reports.settle();
  expect(server, 'the error was reported').toHaveLength(1);
  expectNothingPrivate(rawServer);
  expect(rawServer.map((event) => event.user?.ip_address ?? null)).toEqual([null]);
});

test('browser reports carry no query value, in the request or in navigation breadcrumbs', async ({ page, reports }) => {
  await page.goto(`/scenarios/client-click-render-throws?${query}`);
  // A client-side navigation with a query of its own: the SDK records it as a breadcrumb (from, to).
  await page.evaluate((value) => history.pushState(null, '', `?zq9=${value}`), secrets.pushedQuery);
  await page.getByRole('button', { name: 'Break the page' }).click();
  await expect(fallbackHeading(page)).toBeVisible();
  const { browser, rawBrowser } = await reports.settle();
  expect(browser, 'the error was reported').toHaveLength(1);
  expect(JSON.stringify(rawBrowser), 'the report has a navigation breadcrumb to check').toContain('"category":"navigation"');
  expectNothingPrivate(rawBrowser);
});
