import { describe, expect, it } from 'vitest';
import { digestsIn, linesWithDigest } from '../fixtures/harness/server-log';

const log = [
  '✓ Ready in 149ms',
  '⨯ Error: a: db password hunter2',
  '    at e (.next/server/chunks/ssr/x.js:1:1311) {',
  "  digest: '2010230941'",
  '}',
  '⨯ Error: b lookup failed',
  '    at f (.next/server/chunks/ssr/y.js:1:1) {',
  "  digest: '77',",
  '  [cause]: Error: b: db password hunter2',
  '}',
].join('\n');

describe('server log', () => {
  it('returns the error block that carries a digest, without stack frames', () => {
    expect(linesWithDigest(log, '2010230941')).toEqual(['⨯ Error: a: db password hunter2', "  digest: '2010230941'", '}']);
    expect(linesWithDigest(log, '77')).toEqual(['⨯ Error: b lookup failed', "  digest: '77',", '  [cause]: Error: b: db password hunter2', '}']);
  });

  it('finds nothing for a digest the server never printed', () => {
    expect(linesWithDigest(log, '1')).toEqual([]);
    expect(digestsIn(log)).toEqual(['2010230941', '77']);
  });
});
