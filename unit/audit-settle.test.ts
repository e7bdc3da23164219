import { describe, expect, it } from 'vitest';
import { settledLines } from '../worker/quiet-page';
import { servedPages } from './served-pages';

/**
 * The audit reads an app's screen once its page settled. After a click, "the unchanged page" is a
 * claim about the app (its control did nothing the user can see), so it is said only once the
 * whole settle window passed without a change: React may render a failure a moment after the
 * document went quiet with nothing in flight (a Server Action's error, under load on CI).
 */
describe("the audit's settled screen", () => {
  const page = (after: string) => `<!doctype html><button onclick="setTimeout(() => { ${after} }, 400)">Go</button><p>Before</p>`;
  // A page that shows nothing at first, then (or never) a line, with nothing in flight meanwhile.
  const blankThen = (later: boolean) =>
    `<!doctype html><body>${later ? "<script>setTimeout(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'Later' })), 400)</script>" : ''}</body>`;
  const served = servedPages((request, response) => {
    response.setHeader('content-type', 'text/html');
    if (request.url?.startsWith('/blank')) return void response.end(blankThen(request.url === '/blank-then-text'));
    response.end(page(request.url === '/changes' ? "document.querySelector('p').textContent = 'After'" : ''));
  });

  const loaded = (path: string) =>
    served.inPage(async (tab) => {
      await tab.goto(`${served.origin()}${path}`);
      return settledLines(tab, () => 0);
    });

  // A blank screen is a claim about the app (its failure leaves a blank page): seen on CI, a page
  // read blank 500 ms after its load whose screenshot a moment later showed the fallback.
  it('waits past a quiet moment for what a blank page shows later (400 ms on, nothing in flight)', async () => {
    expect(await loaded('/blank-then-text')).toEqual(['Later']);
  });

  it('says the page is blank when nothing showed within the window', async () => {
    expect(await loaded('/blank')).toEqual([]);
  });

  async function clicked(path: string) {
    return served.inPage(async (tab) => {
      await tab.goto(`${served.origin()}${path}`);
      const before = await settledLines(tab, () => 0);
      await tab.click('button');
      return { before, after: await settledLines(tab, () => 0, before) };
    });
  }

  it('waits past a quiet moment for what the click shows later (400 ms on, nothing in flight)', async () => {
    expect(await clicked('/changes')).toEqual({ before: ['Go', 'Before'], after: ['Go', 'After'] });
  });

  it('says the page is unchanged when nothing changed within the window', async () => {
    expect(await clicked('/stays')).toEqual({ before: ['Go', 'Before'], after: ['Go', 'Before'] });
  });
});
