import { describe, expect, it } from 'vitest';
import { BrowserNotFoundError, CHROMIUM_ENV, findChromium } from '../fixtures/harness/browser';

describe('findChromium', () => {
  it('uses the path the environment variable names', () => {
    expect(findChromium({ [CHROMIUM_ENV]: process.execPath })).toBe(process.execPath);
  });

  it('fails with a one-line message naming the variable when that path does not exist', () => {
    const find = () => findChromium({ [CHROMIUM_ENV]: '/nowhere/chromium' });
    expect(find).toThrow(BrowserNotFoundError);
    expect(find).toThrow(new RegExp(`^No Chromium found \\(${CHROMIUM_ENV}=/nowhere/chromium does not exist\\)\\. Set ${CHROMIUM_ENV} `));
  });
});
