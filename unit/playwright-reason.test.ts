import { describe, expect, it } from 'vitest';
import { whyPlaywrightGaveUp } from '../worker/session';

/** What an audit says when Playwright gave up on an entry's step, for every kind of entry: what stood in the way, in Playwright's words. */
describe("Playwright's reason, in a line", () => {
  it('names what stood in the way of a click where Playwright says it', () => {
    const error = new Error(
      'locator.click: Timeout 15000ms exceeded.\nCall log:\n  - waiting for getByRole(\'button\')\n  - <div class="overlay"> intercepts pointer events\n  - retrying click action',
    );
    expect(whyPlaywrightGaveUp(error)).toBe('<div class="overlay"> intercepts pointer events');
  });

  it("is the error's first line otherwise, and a thrown value as it reads", () => {
    expect(whyPlaywrightGaveUp(new Error('page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:3000/\nCall log:\n  - navigating'))).toBe(
      'page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:3000/',
    );
    expect(whyPlaywrightGaveUp('closed')).toBe('closed');
  });
});
