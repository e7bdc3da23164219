import { describe, expect, it } from 'vitest';
import { digestLine, fallbackSentence, fallbackVariant } from '../app/_fallback/sentence';
import { CLASSIC_SENTENCE, DIGEST_LINE_PREFIX, digestOf, expectedHost } from '../scenarios/golden';

// The app's copy against the golden one: a changed character fails here and in every check that sees a fallback.
describe("the app's fallback wording", () => {
  it.each(['example.com', 'shop.example.test', '127.0.0.1', '[::1]', 'xn--bcher-kva.example.test'])('is the classic wording for %s', (host) => {
    expect(fallbackSentence('server', host)).toBe(CLASSIC_SENTENCE.server(host));
    expect(fallbackSentence('client', host)).toBe(CLASSIC_SENTENCE.client(host));
  });

  it('writes the digest line with the classic prefix, whatever the digest', () => {
    for (const digest of ['938357510', '1164953051@E394', 'order-7f3a']) {
      expect(digestLine(digest)).toBe(`${DIGEST_LINE_PREFIX}${digest}`);
      expect(digestOf(digestLine(digest))).toBe(digest);
    }
  });
});

describe('expectedHost (golden)', () => {
  it.each([
    ['http://shop.example.test:3000/x', 'shop.example.test'],
    ['http://127.0.0.1:8080/', '127.0.0.1'],
    ['http://SHOP.EXAMPLE.TEST:3000/', 'shop.example.test'],
    ['http://bücher.example.test/', 'xn--bcher-kva.example.test'],
    ['http://[::1]:3000/', '[::1]'],
    ['https://example.com/', 'example.com'],
  ])('%s is shown as %s', (url, host) => {
    expect(expectedHost(url)).toBe(host);
  });
});

describe('digestOf (golden)', () => {
  it('takes any string after the prefix, and nothing from an empty or other line', () => {
    expect(digestOf('Digest: 1164953051@E394')).toBe('1164953051@E394');
    expect(digestOf('Digest: ')).toBeNull();
    expect(digestOf('Reference: 12')).toBeNull();
    expect(digestOf(null)).toBeNull();
  });
});

describe('fallbackVariant', () => {
  it('is server for errors with a digest, client otherwise', () => {
    expect(fallbackVariant({ digest: '123' })).toBe('server');
    expect(fallbackVariant({ digest: 'order-7f3a' })).toBe('server');
    expect(fallbackVariant({})).toBe('client');
    expect(fallbackVariant({ digest: '' })).toBe('client');
  });
});
