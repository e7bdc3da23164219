import { describe, expect, it } from 'vitest';
import { sharedOptions } from '../app/_sentry/options';

describe("the app's Sentry options", () => {
  it('leave tracing off: with tracesSampleRate 0 each flush also sends a client report of the transactions dropped', () => {
    // Measured (docs/harness.md, Error reports): one envelope more per request and page, 6-9% more CPU per check.
    expect(Object.keys(sharedOptions)).not.toContain('tracesSampleRate');
    expect(Object.keys(sharedOptions)).not.toContain('tracesSampler');
  });
});

describe('the headers a report keeps', () => {
  it("are the app's list and the checking side's, each written out on its side and held equal here", async () => {
    const { KEPT_HEADERS } = await import('../app/_sentry/options');
    const { ALLOWED_HEADERS } = await import('../verdict/privacy');
    expect([...KEPT_HEADERS].sort()).toEqual([...ALLOWED_HEADERS].sort());
  });
});
