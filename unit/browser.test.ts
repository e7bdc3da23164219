import { describe, expect, it } from 'vitest';
import { BrowserNotFoundError, findChromium } from '../harness/chromium';
import { ENV } from '../contract';

const onDisk =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('findChromium', () => {
  it('uses the path the environment variable names', () => {
    expect(findChromium({ [ENV.chromium]: process.execPath })).toBe(process.execPath);
  });

  it('fails with a one-line message naming the variable when that path does not exist', () => {
    const find = () => findChromium({ [ENV.chromium]: '/nowhere/chromium' });
    expect(find).toThrow(BrowserNotFoundError);
    expect(find).toThrow(new RegExp(`^No Chromium found \\(${ENV.chromium}=/nowhere/chromium does not exist\\)\\. Set ${ENV.chromium} `));
  });

  it("prefers Debian's headless shell for headless runs, and a full Chromium for headed ones", () => {
    const exists = onDisk('/usr/bin/chromium-headless-shell', '/usr/bin/chromium');
    expect(findChromium({}, { exists })).toBe('/usr/bin/chromium-headless-shell');
    expect(findChromium({}, { exists, headless: false })).toBe('/usr/bin/chromium');
  });

  it("asks for Playwright's own browser only when no system one is found", () => {
    let asked = 0;
    const playwrightChromium = () => (asked++, '/cache/ms-playwright/chrome');
    expect(findChromium({}, { exists: onDisk('/usr/bin/chromium', '/cache/ms-playwright/chrome'), playwrightChromium })).toBe('/usr/bin/chromium');
    expect(asked).toBe(0);
    expect(findChromium({}, { exists: onDisk('/cache/ms-playwright/chrome'), playwrightChromium })).toBe('/cache/ms-playwright/chrome');
  });

  it('names every place it looked when there is no browser at all', () => {
    const find = () => findChromium({}, { exists: onDisk(), headless: false });
    expect(find).toThrow(
      /^No Chromium found \(looked in \/usr\/bin\/chromium, \/usr\/bin\/chromium-browser, \/usr\/bin\/google-chrome and Playwright's cache\)/,
    );
  });
});
