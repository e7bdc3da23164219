import { describe, expect, it } from 'vitest';
import { REGENERATION_AFTER_EDGE_PAGE, START_ON_A_TAKEN_PORT } from './server-log-excerpts';
import { lastError, linesWithDigest } from '../harness/server-log';
import { digestsInLog } from '../scenarios/golden';

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
  '⨯ Error: c: db password hunter2',
  "  digest: 'throws-error-with-digest@order-7f3a'",
  '}',
  '⨯ [object Object]',
  "  digest: '1164953051@E394'",
  '⨯ Error: d',
  `  digest: "it's mine"`,
].join('\n');

describe('server log', () => {
  it('returns the error block that carries a digest, without stack frames', () => {
    expect(linesWithDigest(log, '2010230941')).toEqual(['⨯ Error: a: db password hunter2', "  digest: '2010230941'", '}']);
    expect(linesWithDigest(log, '77')).toEqual(['⨯ Error: b lookup failed', "  digest: '77',", '  [cause]: Error: b: db password hunter2', '}']);
  });

  it('returns an error Next prints without ⨯ (a regeneration’s) alone, not from the error before it', () => {
    // Next 15 prints its errors one space in.
    const beside = [REGENERATION_AFTER_EDGE_PAGE, ' ⨯ Error: server-page-throws: db password hunter2', "  digest: '111'", '}'].join('\n');
    expect(linesWithDigest(beside, '3793833570')).toEqual(['Error: isr-regeneration-throws: db password hunter2', "  digest: '3793833570'", '}']);
    expect(linesWithDigest(beside, '111')).toEqual([' ⨯ Error: server-page-throws: db password hunter2', "  digest: '111'", '}']);
  });

  it('finds nothing for a digest the server never printed', () => {
    expect(linesWithDigest(log, '1')).toEqual([]);
  });

  it('reads every digest as the opaque string it is', () => {
    expect(digestsInLog(log)).toEqual(['2010230941', '77', 'throws-error-with-digest@order-7f3a', '1164953051@E394', "it's mine"]);
    expect(linesWithDigest(log, "it's mine")).toEqual(['⨯ Error: d', `  digest: "it's mine"`]);
    expect(linesWithDigest(log, 'throws-error-with-digest@order-7f3a')).toEqual([
      '⨯ Error: c: db password hunter2',
      "  digest: 'throws-error-with-digest@order-7f3a'",
      '}',
    ]);
  });

  it('says what a server that ended printed last by its first line: the error, not the properties Node prints under it', () => {
    expect(lastError(START_ON_A_TAKEN_PORT)).toBe('Error: listen EADDRINUSE: address already in use 127.0.0.1:23456');
    expect(lastError(`${REGENERATION_AFTER_EDGE_PAGE}\n\n`)).toBe('⨯ Error: edge-route-handler-throws: db password hunter2');
    expect(lastError('')).toBeUndefined();
  });
});
