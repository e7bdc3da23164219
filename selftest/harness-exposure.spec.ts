import { readFileSync } from 'node:fs';
import { expect, skipUnlessStarted, test } from '../worker/test';
import { HARNESS_ENDPOINTS, HARNESS_SECRET_HEADER } from '../contract';

/** The local addresses of the sockets listening on `port`, from the kernel's own tables. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Field 1 is ADDRESS:PORT in hex, field 3 the state (0A: listening).
      .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => fields[1].split(':')[0]),
  );
}

const LOOPBACK = ['0100007F', '00000000000000000000000001000000'];

test('a harness server listens on loopback only', async ({ app }) => {
  skipUnlessStarted(app);
  const addresses = listeningAddresses(Number(new URL(app.url).port));
  expect(addresses.length, 'something listens on the port').toBeGreaterThan(0);
  expect(
    addresses.filter((address) => !LOOPBACK.includes(address)),
    'listening beyond this machine (0.0.0.0, ::, an interface)',
  ).toEqual([]);
});

test('the harness endpoints answer only the process that started the server', async ({ app, reports }) => {
  skipUnlessStarted(app);
  for (const endpoint of [HARNESS_ENDPOINTS.reports, HARNESS_ENDPOINTS.ingest, HARNESS_ENDPOINTS.unclaimed]) {
    const url = `${app.url}${endpoint}?test=any`;
    expect((await fetch(url)).status, `${endpoint} without the secret`).toBe(404);
    expect((await fetch(url, { headers: { [HARNESS_SECRET_HEADER]: 'guessed' } })).status, `${endpoint} with a wrong secret`).toBe(404);
    expect((await fetch(url, { headers: { [HARNESS_SECRET_HEADER]: app.harness.secret } })).status, `${endpoint} with the secret`).toBe(200);
  }
  // A check's endpoints answer the harness only about a check: without its marker, a 400.
  for (const endpoint of [HARNESS_ENDPOINTS.reports, HARNESS_ENDPOINTS.ingest])
    expect((await fetch(`${app.url}${endpoint}`, { headers: { [HARNESS_SECRET_HEADER]: app.harness.secret } })).status, `${endpoint} without ?test=`).toBe(400);
  // Where the Edge runtime's SDK sends: a client report, which carries no error event.
  const edgeIngest = (secret?: string) =>
    fetch(`${app.url}${HARNESS_ENDPOINTS.edgeIngest}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope', ...(secret ? { [HARNESS_SECRET_HEADER]: secret } : {}) },
      body: '{}\n{"type":"client_report"}\n{"timestamp":0,"discarded_events":[]}\n',
    });
  expect((await edgeIngest()).status, 'edge-ingest without the secret').toBe(404);
  expect((await edgeIngest('guessed')).status, 'edge-ingest with a wrong secret').toBe(404);
  expect((await edgeIngest(app.harness.secret)).status, 'edge-ingest with the secret').toBe(200);
  // Where the Edge runtime counts Next's deliveries: one with this test's marker, which the test then owns.
  const delivery = (secret?: string) =>
    fetch(`${app.url}${HARNESS_ENDPOINTS.deliveries}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { [HARNESS_SECRET_HEADER]: secret } : {}) },
      body: JSON.stringify({
        marker: reports.marker,
        delivery: { runtime: 'edge', routeType: 'render', renderSource: null, routePath: '/x', message: 'exposure', digest: null },
      }),
    });
  expect((await delivery()).status, 'deliveries without the secret').toBe(404);
  expect((await delivery('guessed')).status, 'deliveries with a wrong secret').toBe(404);
  expect((await delivery(app.harness.secret)).status, 'deliveries with the secret').toBe(204);
});
