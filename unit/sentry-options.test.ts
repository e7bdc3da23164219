import { describe, expect, it } from 'vitest';
import { sharedOptions } from '../app/_sentry/options';

describe("the app's Sentry options", () => {
  it('leave tracing off: with tracesSampleRate 0 each flush also sends a client report of the transactions dropped', () => {
    // Measured (docs/harness.md, Error reports): one envelope more per request and page, 6-9% more CPU per check.
    expect(Object.keys(sharedOptions)).not.toContain('tracesSampleRate');
    expect(Object.keys(sharedOptions)).not.toContain('tracesSampler');
  });
});
