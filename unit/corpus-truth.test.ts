import { describe, expect, it } from 'vitest';
import { entriesFor, readTruth, untrueSaid, untruths, type AuditOutcome, type Truth } from '../corpus/truth';

const truth = (audit: Partial<Truth['audit']>, rest: Partial<Truth> = {}): Truth => ({
  slug: 'some-app',
  cannot: null,
  env: {},
  hand: [],
  ...rest,
  audit: { outcome: 'findings', refused: null, must: [], mustNot: [], ...audit },
});

const report = (entries: Record<string, string[]>, appFindings: string[] = [], unseen: string[] = []): AuditOutcome['report'] => ({
  entries: Object.entries(entries).map(([id, whats]) => ({ id, findings: whats.map((what) => ({ check: what.split(': ')[0], what: what.split(': ')[1] })) })),
  appFindings: appFindings.map((what) => ({ check: 'reported once', what })),
  unseen,
});

describe('an audit compared with the truth observed by hand', () => {
  it('is truthful when it says what must be said and nothing it must not', () => {
    const expected = truth({
      must: [{ check: 'reported once', entry: 'server-page-throws', includes: 'reported twice' }],
      mustNot: [{ check: 'reported once', includes: 'never reported' }],
    });
    const audited = { exit: 1, line: '', report: report({ 'server-page-throws': ['reported once: reported twice: by the server, and again'] }) };
    expect(untruths(expected, audited)).toEqual([]);
  });

  it('names a claim the audit left out, and one made on another entry only', () => {
    const expected = truth({ must: [{ check: 'reported once', entry: 'server-page-throws', includes: 'reported twice' }] });
    const audited = { exit: 1, line: '', report: report({ 'server-page-throws': [], healthy: ['reported once: reported twice'] }) };
    expect(untruths(expected, audited)).toEqual(['missing: reported once on server-page-throws "reported twice"']);
  });

  it('names an untrue finding in the words the audit used, on an entry or about the whole app', () => {
    const expected = truth({ mustNot: [{ check: 'reported once', includes: 'no failure claims' }] });
    const audited = { exit: 1, line: '', report: report({}, ['5 reports no failure claims (sent while none ran)']) };
    expect(untruths(expected, audited)).toEqual(['untrue: reported once "5 reports no failure claims (sent while none ran)"']);
  });

  it('says an entry the truth speaks of was not judged', () => {
    const expected = truth({ must: [{ check: 'screen', entry: 'client-effect-throws', includes: 'blank' }] });
    expect(untruths(expected, { exit: 1, line: '', report: report({}) })).toEqual([
      'client-effect-throws not judged, where the truth says screen on client-effect-throws "blank"',
    ]);
  });

  it('takes an exit 2 for a finding-making app as untrue, with the line the audit ended on', () => {
    expect(untruths(truth({}), { exit: 2, line: 'faultline: the build: next build failed', report: null })).toEqual([
      'exit 2 (findings expected): faultline: the build: next build failed',
    ]);
  });

  it('wants a refusal to name the cause the truth gives', () => {
    const refused = truth({ outcome: 'refused', refused: { owner: 'faultline', includes: 'uses the Pages Router only' } });
    expect(untruths(refused, { exit: 2, line: 'faultline: the app: uses the Pages Router only: …', report: null })).toEqual([]);
    expect(untruths(refused, { exit: 2, line: 'faultline: the build: next build failed', report: null })).toEqual([
      `refused with "faultline: the build: next build failed", not "uses the Pages Router only" (the faultline's)`,
    ]);
  });

  it('reads unseen lines for an unseen claim', () => {
    const expected = truth({ outcome: 'clean', mustNot: [{ check: 'unseen', includes: 'does not read' }] });
    expect(untruths(expected, { exit: 0, line: '', report: report({}, [], ['errors go to X, which faultline does not read']) })).toEqual([
      'untrue: unseen "errors go to X, which faultline does not read"',
    ]);
  });
});

describe('traceable to source, compared with the hand look', () => {
  type Traced = { runtime: string; reporter: string; result: string };
  const traced = (entries: Record<string, Traced[]>): AuditOutcome['report'] => ({
    entries: Object.entries(entries).map(([id, traceableToSource]) => ({ id, findings: [], traceableToSource })),
    appFindings: [],
  });
  const sentry = (runtime: string, result: string): Traced => ({ runtime, reporter: 'Sentry', result });

  it('is truthful when every result the audit gave a runtime is the one the hand look found', () => {
    const expected = truth({}, { source: { node: 'ok', edge: 'no debug ID', browser: 'upload not seen' } });
    const audited = traced({
      'server-page-throws': [sentry('node', 'ok'), sentry('browser', 'no stack')],
      'route-handler-throws': [sentry('node', 'ok')],
      'edge-route-handler-throws': [sentry('edge', 'no debug ID')],
      'client-effect-throws': [sentry('browser', 'upload not seen'), sentry('browser', 'not judged')],
    });
    expect(untruths(expected, { exit: 1, line: '', report: audited })).toEqual([]);
  });

  it('names a runtime whose results differ from the hand look, with the entries that gave each', () => {
    const expected = truth({}, { source: { node: 'ok', browser: 'upload not seen' } });
    const audited = traced({
      'server-page-throws': [sentry('node', 'ok')],
      'route-handler-throws': [sentry('node', 'resolved to a wrong place')],
      'client-effect-throws': [sentry('browser', 'map missing')],
    });
    expect(untruths(expected, { exit: 1, line: '', report: audited })).toEqual([
      'traceable to source: the node runtime\'s frames "resolved to a wrong place" on route-handler-throws, where the hand look found "ok"',
      'traceable to source: the browser runtime\'s frames "map missing" on client-effect-throws, where the hand look found "upload not seen"',
    ]);
  });

  it('takes the results a runtime gave as a set where the hand look found several (some entries ok, others resolved elsewhere)', () => {
    const expected = truth({}, { source: { node: ['ok', 'resolved to a wrong place'] } });
    const both = traced({ 'server-page-throws': [sentry('node', 'ok')], 'route-handler-throws': [sentry('node', 'resolved to a wrong place')] });
    expect(untruths(expected, { exit: 1, line: '', report: both })).toEqual([]);
    const one = traced({ 'server-page-throws': [sentry('node', 'ok')] });
    expect(untruths(expected, { exit: 1, line: '', report: one })).toEqual([
      'traceable to source: the node runtime\'s frames never "resolved to a wrong place", where the hand look found "ok", "resolved to a wrong place"',
    ]);
  });

  it('says a runtime the truth speaks of that the audit said nothing of (no stack and not judged say nothing)', () => {
    const expected = truth({}, { source: { node: 'map missing', edge: 'no debug ID' } });
    const audited = traced({ 'server-page-throws': [sentry('node', 'map missing')], 'edge-route-handler-throws': [sentry('edge', 'not judged')] });
    expect(untruths(expected, { exit: 1, line: '', report: audited })).toEqual([
      'traceable to source: said nothing of the edge runtime\'s frames, where the hand look found "no debug ID"',
    ]);
    expect(untruths(expected, { exit: 1, line: '', report: report({ 'server-page-throws': [] }) })).toEqual([
      'traceable to source: said nothing of the node runtime\'s frames, where the hand look found "map missing"',
      'traceable to source: said nothing of the edge runtime\'s frames, where the hand look found "no debug ID"',
    ]);
  });

  it('asks nothing of the source where the truth has no hand look of it', () => {
    expect(untruths(truth({}), { exit: 1, line: '', report: traced({ 'server-page-throws': [sentry('node', 'map missing')] }) })).toEqual([]);
  });

  it('holds only the results the audit can give, per runtime', () => {
    const page = (json: string) => `# app\n\n\`\`\`json\n${json}\n\`\`\`\n`;
    expect(readTruth(page(JSON.stringify(truth({}, { source: { edge: 'no debug ID' } }))), 'x.md').source).toEqual({ edge: 'no debug ID' });
    expect(() => readTruth(page(JSON.stringify(truth({}, { source: { node: 'no stack' } as never }))), 'x.md')).toThrow('x.md');
    expect(() => readTruth(page(JSON.stringify(truth({}, { source: { worker: 'ok' } as never }))), 'x.md')).toThrow('x.md');
  });
});

describe('a corpus page', () => {
  const page = (json: string) => `# app\n\nprose\n\n\`\`\`json\n${json}\n\`\`\`\n`;

  it('says a miss its truth explains in the row, after how the audit disagrees', () => {
    expect(untrueSaid('exit 2', ['refused with "x", not "y" (the app\'s)'], { known: 'the wall renders under the route' })).toBe(
      'exit 2; refused with "x", not "y" (the app\'s); known miss: the wall renders under the route',
    );
    expect(untrueSaid('exit 1, 3 entries judged', ['missing: a'], {})).toBe('exit 1, 3 entries judged; missing: a');
  });

  it('holds exactly one truth, in the schema', () => {
    expect(readTruth(page(JSON.stringify(truth({}))), 'x.md').slug).toBe('some-app');
    expect(() => readTruth('# no block', 'x.md')).toThrow('0 json blocks');
    expect(() => readTruth(page(JSON.stringify({ ...truth({}), extra: 1 })), 'x.md')).toThrow('x.md');
    expect(() => readTruth(page(JSON.stringify(truth({ outcome: 'refused' }))), 'x.md')).toThrow('says why');
  });

  it('asks the audit for the base entries and every entry its truth names', () => {
    const expected = truth(
      { must: [{ check: 'screen', entry: 'metadata-throws', includes: 'x' }] },
      {
        hand: [
          {
            placed: '',
            like: 'client-effect-throws',
            url: '/',
            status: 200,
            screen: '',
            reports: { server: 0, browser: 1 },
            digest: { screen: false, log: false, report: false },
          },
        ],
      },
    );
    expect(entriesFor(expected, ['healthy', 'client-effect-throws'])).toEqual(['healthy', 'client-effect-throws', 'metadata-throws']);
  });
});
