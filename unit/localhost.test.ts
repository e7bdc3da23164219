import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchOptions, resolveChromium } from '../harness/chromium';

/**
 * Next listens on 127.0.0.1 alone; faultline relays [::1] to it for the pages that load that
 * address by name (the host checks). A page of `localhost` must reach Next directly: Chromium
 * tries [::1] first, and the relay, a Node process's socket pipe, would carry every request of
 * every page: a hop of faultline's own between the browser and the app, and the CLI's busiest
 * code in a profiled audit.
 */
describe('a page of localhost, in every browser faultline drives', () => {
  let server: HttpServer;
  let ipv6: Server | null = null;
  let port = 0;
  let relayed = 0;

  beforeAll(async () => {
    server = createHttpServer((_request, response) => response.end('<p>served on 127.0.0.1</p>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    // Where the relay would listen: a connection here is one that did not go to Next directly.
    const listener = createServer((socket) => (relayed++, socket.destroy()));
    ipv6 = await new Promise<Server | null>((resolve) => {
      listener.once('error', () => resolve(null));
      listener.listen({ port, host: '::1', ipv6Only: true }, () => resolve(listener));
    });
  });

  afterAll(() => {
    server.close();
    ipv6?.close();
  });

  it('reaches 127.0.0.1 directly, never [::1]', async (context) => {
    if (!ipv6) return context.skip('no IPv6 loopback on this machine: nothing loads [::1]');
    const browser = await chromium.launch(launchOptions(await resolveChromium()));
    try {
      const page = await browser.newPage();
      await page.goto(`http://localhost:${port}/`);
      expect(await page.textContent('p')).toBe('served on 127.0.0.1');
      expect(relayed).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
