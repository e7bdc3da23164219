import { chromium, type Browser } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { launchOptions, resolveChromium } from '../harness/chromium';
import { interceptBrowserIngest, loadIngestCode } from '../worker/browser-ingest';
import { Session } from '../worker/session';

/**
 * What a session is on any target (the reference app's `HarnessedSession`, an audited app's
 * `AuditedSession`): its browser watched while it is open, a browser that ends then said (the run
 * or the audit stops naming it), one that ends after the session closed not at all, and what the
 * target holds closed with it.
 */
class BareSession extends Session<string> {
  targetClosed = 0;

  static async open(browser: Browser): Promise<BareSession> {
    return new BareSession(browser, await interceptBrowserIngest(browser, {}, loadIngestCode()));
  }

  override async begin(label: string): Promise<string> {
    this.ingest.record.reset();
    return label;
  }

  protected async closeTarget(): Promise<void> {
    this.targetClosed++;
  }
}

/** A session on a browser of its own, watched: what it said of the browser is in `ended`. */
async function watched() {
  const browser = await chromium.launch(launchOptions(await resolveChromium()));
  const session = await BareSession.open(browser);
  const ended: string[] = [];
  session.watchBrowser(() => ended.push('the browser ended'));
  return { browser, session, ended };
}

describe('a session on any target', () => {
  it('says a browser that ends while the session is open', async () => {
    const { browser, ended } = await watched();
    await browser.close();
    expect(ended).toEqual(['the browser ended']);
  });

  it('says nothing of a browser that ends after the session closed, and closes its target once', async () => {
    const { browser, session, ended } = await watched();
    await session.close();
    await browser.close();
    expect(ended).toEqual([]);
    expect(session.targetClosed).toBe(1);
  });
});
