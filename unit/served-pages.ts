import { createServer, type RequestListener, type Server } from 'node:http';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll } from 'vitest';
import { launchOptions, resolveChromium } from '../harness/chromium';

/**
 * Pages served on loopback by `handler` and a Chromium to open them in, for the tests of what
 * runs against a page (the driver, the audit's settling): started before the suite's tests, ended
 * after them.
 */
export function servedPages(handler: RequestListener): { origin(): string; inPage<T>(use: (page: Page) => Promise<T>): Promise<T> } {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let origin = '';
  beforeAll(async () => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await chromium.launch(launchOptions(await resolveChromium()));
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });
  return {
    origin: () => origin,
    /** Runs `use` in a new tab, closed after. */
    inPage: async (use) => {
      const page = await browser!.newPage();
      try {
        return await use(page);
      } finally {
        await page.close();
      }
    },
  };
}
