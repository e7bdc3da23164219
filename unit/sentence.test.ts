import { describe, expect, it } from 'vitest';
import { displayHost, fallbackSentence, fallbackVariant } from '../app/_fallback/sentence';

describe('displayHost', () => {
  it.each([
    ['http://shop.example.test:3000/x', 'shop.example.test'],
    ['http://127.0.0.1:8080/', '127.0.0.1'],
    ['http://SHOP.EXAMPLE.TEST:3000/', 'shop.example.test'],
    ['http://bücher.example.test/', 'xn--bcher-kva.example.test'],
    ['http://[::1]:3000/', '[::1]'],
    ['https://example.com/', 'example.com'],
  ])('%s is shown as %s', (url, host) => {
    expect(displayHost(url)).toBe(host);
  });
});

describe('fallbackSentence', () => {
  it('names the host it is given, without a port', () => {
    const host = displayHost('http://SHOP.example.test:4000/');
    expect(fallbackSentence('server', host)).toContain(' while loading shop.example.test (see ');
    expect(fallbackSentence('client', host)).not.toContain('4000');
  });

  it('differs by variant in the side and where to look', () => {
    expect(fallbackSentence('server', 'h')).toMatch(/server-side .* the server logs/);
    expect(fallbackSentence('client', 'h')).toMatch(/client-side .* the browser console/);
  });
});

describe('fallbackVariant', () => {
  it('is server for errors with a digest, client otherwise', () => {
    expect(fallbackVariant({ digest: '123' })).toBe('server');
    expect(fallbackVariant({})).toBe('client');
    expect(fallbackVariant({ digest: '' })).toBe('client');
  });
});
