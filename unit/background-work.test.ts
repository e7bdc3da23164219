import { describe, expect, it } from 'vitest';
import { findScenario } from '../scenarios/catalogue';
import { backgroundWorkShown } from '../worker/background-work';

const afterResponse = findScenario('after-callback-throws')!;
const awaited = 'the server ran the work after the response: its log shows "after-callback-throws: db password hunter2"';

describe('work after the response, as both targets wait for it', () => {
  it('is shown once the server log prints what its thrower throws', async () => {
    let log = '✓ Ready in 149ms\n';
    setTimeout(() => (log += '⨯ Error: after-callback-throws: db password hunter2\n'), 50);
    expect(await backgroundWorkShown(afterResponse, () => log, { timeoutMs: 2_000 })).toEqual({ awaited, missing: null });
  });

  it('says what never came, at its limit', async () => {
    expect(await backgroundWorkShown(afterResponse, () => '⨯ Error: healthy: db password hunter2\n', { timeoutMs: 100 })).toEqual({
      awaited,
      missing: 'the log never showed it within 0.1 s',
    });
  });

  it('may be shown by the start of the message alone, where an app masks the rest (an audit)', async () => {
    const masked = '⨯ Error: after-callback-throws: db password [redacted]\n';
    expect(await backgroundWorkShown(afterResponse, () => masked, { timeoutMs: 100 })).toMatchObject({ missing: 'the log never showed it within 0.1 s' });
    expect(await backgroundWorkShown(afterResponse, () => masked, { shows: 'after-callback-throws:', timeoutMs: 100 })).toMatchObject({ missing: null });
  });

  it('is nothing to wait for in an entry whose failure comes with the response', async () => {
    expect(await backgroundWorkShown(findScenario('server-page-throws')!, () => '', { timeoutMs: 100 })).toBeUndefined();
  });
});
