import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { drivePage, type PagePolicy } from '../worker/trigger';
import type { Scenario } from '../scenarios/schema';
import { servedPages } from './served-pages';

/**
 * The one driver of an entry's page, for the run and the audit alike: the trigger's conditions go
 * on the page's requests at the moments the trigger names (a navigation's chunks blocked only once
 * the page it leaves is up, so that page loads whole), the click comes once the target's policy
 * says the control is ready, and nothing the driver put on the page outlives it.
 */
describe("the one driver of an entry's page", () => {
  // Its own chunk loads with the page; the link's click asks for another, and says whether it came.
  const html = `<!doctype html><script src="/_next/static/chunks/boot.js"></script>
<a href="#" onclick="const s = document.createElement('script'); s.src = '/_next/static/chunks/next.js';
  s.onload = () => (document.querySelector('p').textContent = 'Loaded'); s.onerror = () => (document.querySelector('p').textContent = 'Chunk failed');
  document.head.append(s); return false">Next</a><p>Before</p>`;

  const served = servedPages((request, response) => {
    const chunk = request.url?.startsWith('/_next/static/chunks/');
    response.setHeader('content-type', chunk ? 'text/javascript' : 'text/html');
    response.end(chunk ? `window.chunks = [...(window.chunks ?? []), ${JSON.stringify(request.url)}];` : html);
  });

  const navigate: Scenario['trigger'] = { kind: 'navigate', link: 'Next', blockChunks: true };
  const lines = (page: Page) => page.locator('p').innerText();

  /** A target's policy as small as it gets: the load's own event, the link by its text, the paragraph's change. */
  const policy = (steps: string[]): PagePolicy<number, string> => ({
    load: async (page, path) => {
      steps.push('load');
      return (await page.goto(`${served.origin()}${path}`, { waitUntil: 'load' }))?.status() ?? 0;
    },
    ready: async (page) => {
      steps.push('ready');
      return { linesBefore: [await lines(page)], click: () => page.getByText('Next').click() };
    },
    settle: async (page) => {
      steps.push('settle');
      await page.waitForFunction(() => document.querySelector('p')?.textContent !== 'Before');
      return lines(page);
    },
  });

  it('blocks a navigation’s chunks only after its page is ready, counts what failed after the click, and releases them', async () => {
    await served.inPage(async (page) => {
      const steps: string[] = [];
      const driven = await drivePage(page, navigate, '/', policy(steps));
      expect(steps).toEqual(['load', 'ready', 'settle']);
      expect(driven).toEqual({ loaded: 200, linesBefore: ['Before'], settled: 'Chunk failed', failuresMet: 1 });
      // The page it left loaded whole, and after the driver nothing is blocked any more.
      expect(await page.evaluate(() => (window as unknown as { chunks: string[] }).chunks)).toEqual(['/_next/static/chunks/boot.js']);
      await page.getByText('Next').click();
      await expect.poll(() => lines(page)).toBe('Loaded');
    });
  });

  it('releases what it put on the page when a step fails', async () => {
    await served.inPage(async (page) => {
      const failing = { ...policy([]), settle: async () => Promise.reject(new Error('the page never settled')) };
      await expect(drivePage(page, navigate, '/', failing)).rejects.toThrow('the page never settled');
      await page.getByText('Next').click();
      await expect.poll(() => lines(page)).toBe('Loaded');
    });
  });

  it('clicks nothing and sets no condition where the page clicks for itself (the policy says not ready)', async () => {
    await served.inPage(async (page) => {
      const driven = await drivePage(page, navigate, '/', { ...policy([]), ready: async () => null, settle: async (page) => lines(page) });
      expect(driven).toEqual({ loaded: 200, linesBefore: null, settled: 'Before', failuresMet: null });
    });
  });
});

describe('a navigation that rides on its link’s prefetch (next 15)', () => {
  // The page prefetches its link's payload and another link's; the click loads the document, asking for no payload after it.
  const start = `<!doctype html><script>fetch('/next?_rsc=1').catch(() => {}); fetch('/other?_rsc=1').catch(() => {});</script>
<a href="/next">Next</a><p>Before</p>`;
  const served = servedPages((request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(request.url?.startsWith('/next') ? '<!doctype html><p>Landed</p>' : start);
  });
  const failRsc: Scenario['trigger'] = { kind: 'navigate', link: 'Next', failRsc: 'status-500' };

  it('counts the failed prefetch of where it went as the failure the navigation met, and no other link’s', async () => {
    await served.inPage(async (page) => {
      const driven = await drivePage(page, failRsc, '/', {
        load: async (page, path) => {
          const status = (await page.goto(`${served.origin()}${path}`, { waitUntil: 'load' }))?.status() ?? 0;
          await page.waitForFunction(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('_rsc')).length === 2);
          return status;
        },
        ready: async (page) => ({ linesBefore: null, click: () => page.getByText('Next').click() }),
        settle: async (page) => {
          await page.waitForURL(/\/next$/);
          return page.locator('p').innerText();
        },
      });
      expect(driven).toEqual({ loaded: 200, linesBefore: null, settled: 'Landed', failuresMet: 1 });
    });
  });
});
