import { describe, expect, it } from 'vitest';
import { reproInWords, type ReproResult } from '../cli/repro';

const result = (reports: ReproResult['reports']): ReproResult => ({
  scenario: 'client-throws-everywhere',
  url: 'http://localhost:4000/scenarios/client-throws-everywhere',
  screen: { text: 'Application error', variant: 'server', digest: '42', status: 500 },
  serverLog: [],
  reports,
  verdict: null,
});
const report = { type: 'Error', value: 'client-throws-everywhere: db password hunter2', handled: false, mechanism: null, digest: null };

describe('faultline repro: each report’s frame as sent and as resolved', () => {
  it('prints the raw top frame beside where the build’s maps resolve it, or why they do not', () => {
    const words = reproInWords(
      result([
        {
          runtime: 'server',
          ...report,
          source: {
            resolved: { file: 'bundled/client.tsx', line: 24, column: 9, function: null },
            raw: { file: 'app:///_next/server/chunks/ssr/_1z3c7lzqqab17._.js', line: 1, column: 2480, function: 'a.s.signal' },
          },
        },
        {
          runtime: 'browser',
          ...report,
          source: { unresolved: 'no map', raw: { file: 'app:///_next/static/chunks/1zmza1yq-mypa.js', line: 1, column: 3106, function: 'a.s.signal' } },
        },
        // Where the build was not read (--base-url, --dev): the report's line alone.
        { runtime: 'browser', ...report },
      ]),
    );
    expect(words.split('\n').slice(-7)).toEqual([
      '  reports    server Error: client-throws-everywhere: db password hunter2 (unhandled)',
      '               raw      app:///_next/server/chunks/ssr/_1z3c7lzqqab17._.js:1:2480 in a.s.signal',
      '               resolved bundled/client.tsx:24:9',
      '             browser Error: client-throws-everywhere: db password hunter2 (unhandled)',
      '               raw      app:///_next/static/chunks/1zmza1yq-mypa.js:1:3106 in a.s.signal',
      '               resolved (no map)',
      '             browser Error: client-throws-everywhere: db password hunter2 (unhandled)',
    ]);
  });
});
