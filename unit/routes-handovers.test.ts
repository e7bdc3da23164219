import { describe, expect, it } from 'vitest';
import { AUDIT_DELIVERY_PREFIX } from '../contract';
import { handOversAt } from '../audit/kinds/routes/entry';

/**
 * How a route's load counts the errors Next handed to the app's `onRequestError` for it: the
 * lines faultline's counted instrumentation prints (audit/plumbing.ts), by the path Next names,
 * whatever its query; another route's are not its own.
 */
const delivered = (path: string) => `${AUDIT_DELIVERY_PREFIX}${JSON.stringify({ path, routeType: 'route' })}`;

describe("a route load's hand-overs to onRequestError", () => {
  it('counts those at its path, its query aside, and no other', () => {
    const log = [
      '▲ Next.js',
      delivered('/api/stock'),
      '⨯ TypeError: fetch failed',
      delivered('/api/stock?page=2'),
      delivered('/api/stocks'),
      delivered('/'),
    ].join('\n');
    expect(handOversAt(log, '/api/stock')).toBe(2);
    expect(handOversAt(log, '/')).toBe(1);
    expect(handOversAt(log, '/dashboard')).toBe(0);
  });

  it("under a basePath, counts Next's path with or without it", () => {
    const log = [delivered('/docs/api/stock'), delivered('/api/stock'), delivered('/')].join('\n');
    expect(handOversAt(log, '/docs/api/stock', '/docs')).toBe(2);
    expect(handOversAt(log, '/docs', '/docs')).toBe(1);
  });

  it('reads a line it cannot parse as no hand-over', () => {
    expect(handOversAt(`${AUDIT_DELIVERY_PREFIX}{not json`, '/api/stock')).toBe(0);
  });
});
