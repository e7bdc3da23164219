import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendEvent, followRun } from '../harness/events';

const eventsFile = () => join(mkdtempSync(join(tmpdir(), 'faultline-follow-run-')), '.faultline', 'events.jsonl');

describe('a run followed through its events, as the audit and both matrices follow theirs', () => {
  it("starts from this run's events: the last run's, still in the file, are not read again", () => {
    const file = eventsFile();
    const first = followRun<{ id: string }>(file, () => {});
    appendEvent(file, { end: { id: 'old' } });
    first.stop();
    const ended: string[] = [];
    const followed = followRun<{ id: string }>(file, ({ id }) => ended.push(id));
    appendEvent(file, { end: { id: 'new' } });
    followed.stop();
    expect(ended).toEqual(['new']);
  });

  it('keeps how many tests the runner plans, the one under way, and the errors outside any test', () => {
    const file = eventsFile();
    const followed = followRun<{ id: string }>(file, () => {});
    expect(followed.seen).toEqual({ planned: null, inFlight: '', errors: [] });
    appendEvent(file, { planned: 3 });
    appendEvent(file, { begin: 'server-page-throws' });
    appendEvent(file, { error: 'SyntaxError in the spec' });
    followed.stop();
    expect(followed.seen).toEqual({ planned: 3, inFlight: 'server-page-throws', errors: ['SyntaxError in the spec'] });
  });

  it('reads a line its writer is still appending only once it is whole', () => {
    const file = eventsFile();
    const ended: string[] = [];
    const followed = followRun<{ id: string }>(file, ({ id }) => ended.push(id));
    writeFileSync(file, '{"end":{"id":"a"}}\n{"end":{"id":');
    followed.stop();
    expect(ended).toEqual(['a']);
  });
});
