import { describe, expect, it } from 'vitest';
import { entriesFor, readTruth, routesFor, untrueSaid, untruths, type AuditOutcome, type Truth } from '../corpus/truth';

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

describe("an app's own routes under backend faults, compared with the hand look", () => {
  type Report = NonNullable<AuditOutcome['report']>;
  type Row = NonNullable<NonNullable<Report['entries'][number]['route']>['faults']>[number];
  const secret = { check: 'no leak', what: 'with localhost:54321 answering 500: the backend\'s secret "fl_backend_secret_5e9c2a" in what the route answered' };
  const row = (backend: string | null, fault: string | null, status: number, screen: string, extra: Partial<Row> = {}): Row => ({
    backend,
    fault,
    status,
    screen,
    findings: [],
    reports: [],
    ...extra,
  });
  const routeEntry = (id: string, backends: string[], faults: Row[]): Report['entries'][number] => ({
    id,
    failureClass: 'route',
    status: faults[0]?.status ?? 200,
    screen: faults[0]?.screen ?? 'a page',
    findings: faults.flatMap((fault) => fault.findings),
    route: { backends: backends.map((backend) => ({ backend, sides: ['node'] })), faults },
  });
  const audit = (entries: Report['entries'], notApplicable: { id: string; why: string }[] = []): AuditOutcome => ({
    exit: 1,
    line: '',
    report: { entries, appFindings: [], notApplicable },
  });
  const routes = (part: Partial<NonNullable<Truth['routes']>>): Truth => truth({}, { routes: { checked: [], notReached: [], noBackend: [], ...part } });
  const listUsers = {
    route: '/api/list-users',
    url: '/api/list-users',
    backend: 'localhost:54321',
    asIs: { status: 200, screen: 'a response' as const },
    faults: {
      refused: { status: 200, screen: 'a response' as const, leak: false, reports: 1 },
      '500': { status: 200, screen: 'a response' as const, leak: true },
      hang: { status: 200, screen: 'a response' as const, leak: false },
    },
  };
  const agreeing = () =>
    routeEntry(
      '/api/list-users',
      ['127.0.0.1:54321'],
      [
        row(null, null, 200, 'a response'),
        row('127.0.0.1:54321', 'refused', 200, 'a response', { reports: [{ runtime: 'node' }, { runtime: 'browser' }] }),
        row('127.0.0.1:54321', '500', 200, 'a response', { findings: [secret] }),
        row('127.0.0.1:54321', 'hang', 200, 'a response'),
      ],
    );

  it('is truthful when each fault of each checked route shows what the hand look saw (loopback named either way)', () => {
    expect(untruths(routes({ checked: [listUsers] }), audit([agreeing()]))).toEqual([]);
  });

  it('names a checked route the audit did not judge, or judged without its backend', () => {
    expect(untruths(routes({ checked: [listUsers] }), audit([]))).toEqual([
      '/api/list-users: not judged as a route, where the hand look saw it call localhost:54321',
    ]);
    expect(
      untruths(routes({ checked: [listUsers] }), audit([routeEntry('/api/list-users', ['localhost:5432'], [row(null, null, 200, 'a response')])])),
    ).toEqual(['/api/list-users: localhost:54321 not among its backends (localhost:5432), where the hand look saw it called']);
  });

  it('names each fault whose status, screen, leak or server reports differ, and a fault the audit did not apply', () => {
    const entry = routeEntry(
      '/api/list-users',
      ['localhost:54321'],
      [row(null, null, 200, 'a response'), row('localhost:54321', 'refused', 500, 'a response'), row('localhost:54321', '500', 200, 'a response')],
    );
    expect(untruths(routes({ checked: [listUsers] }), audit([entry]))).toEqual([
      '/api/list-users with localhost:54321 refused: status 500, where the hand look saw 200',
      '/api/list-users with localhost:54321 refused: 0 server reports, where the hand look counted 1',
      '/api/list-users with localhost:54321 answering 500: no "no leak" finding, where the hand look saw the secret reach the user',
      '/api/list-users with localhost:54321 hanging: not applied, where the hand look saw it',
    ]);
    const page = {
      ...listUsers,
      route: '/',
      url: '/',
      asIs: { status: 200, screen: 'a page' as const },
      faults: { refused: { status: 500, screen: 'classic fallback' as const, leak: false } },
    };
    const shown = routeEntry(
      '/',
      ['localhost:54321'],
      [
        row(null, null, 200, 'a page'),
        row('localhost:54321', 'refused', 500, "the app's own error UI", { findings: [{ ...secret, what: 'with localhost:54321 refused: x' }] }),
      ],
    );
    expect(untruths(routes({ checked: [page] }), audit([shown]))).toEqual([
      "/ with localhost:54321 refused: the app's own error UI, where the hand look saw classic fallback",
      '/ with localhost:54321 refused: a "no leak" finding (with localhost:54321 refused: x), where the hand look saw nothing leak',
    ]);
  });

  it('compares the load with the backends as they are', () => {
    const entry = routeEntry('/api/list-users', ['localhost:54321'], [row(null, null, 500, 'a response'), ...agreeing().route!.faults.slice(1)]);
    expect(untruths(routes({ checked: [listUsers] }), audit([entry]))).toEqual([
      '/api/list-users with its backends as they are: status 500, where the hand look saw 200',
    ]);
  });

  it('wants a route the hand look could not reach named not reached, with why', () => {
    const wall = routes({ notReached: [{ route: '/dashboard', includes: '/sign-in' }] });
    expect(untruths(wall, audit([], [{ id: '/dashboard', why: 'not reached: the app redirected /dashboard to http://localhost:4000/sign-in' }]))).toEqual([]);
    expect(untruths(wall, audit([], [{ id: '/dashboard', why: 'not reached: the app answered /dashboard with 401' }]))).toEqual([
      '/dashboard: "not reached: the app answered /dashboard with 401", where the hand look saw it not reached: /sign-in',
    ]);
    expect(untruths(wall, audit([routeEntry('/dashboard', [], [row(null, null, 200, 'a page')])]))).toEqual([
      '/dashboard: judged, where the hand look saw it not reached: /sign-in',
    ]);
    expect(untruths(wall, audit([]))).toEqual(['/dashboard: neither judged nor said not reached, where the hand look saw it not reached: /sign-in']);
  });

  it('wants a POST-only route handler said as not loaded with GET, never as one that calls no backend', () => {
    const postOnly = routes({ notReached: [{ route: '/api/text', includes: 'answers GET with 405 (it answers POST)' }] });
    const said = 'not loaded: /api/text answers GET with 405 (it answers POST): faultline asks a route handler with GET alone';
    expect(untruths(postOnly, audit([], [{ id: '/api/text', why: said }]))).toEqual([]);
    expect(untruths(postOnly, audit([], [{ id: '/api/text', why: 'a metadata route: answers GET with 405 (it answers POST)' }]))).toHaveLength(1);
  });

  it('wants a route that called no backend judged with none', () => {
    const none = routes({ noBackend: ['/'] });
    expect(untruths(none, audit([routeEntry('/', [], [row(null, null, 200, 'a page')])]))).toEqual([]);
    expect(untruths(none, audit([routeEntry('/', ['localhost:3000'], [row(null, null, 200, 'a page')])]))).toEqual([
      '/: backends localhost:3000, where the hand look saw it call none',
    ]);
    expect(untruths(none, audit([]))).toEqual(['/: not judged as a route, where the hand look saw it call no backend']);
  });

  it('asks the audit for every route the truth speaks of, at the path the hand look loaded where it names one', () => {
    const expected = routes({ checked: [listUsers], notReached: [{ route: '/dashboard', includes: '/sign-in' }], noBackend: ['/'] });
    expect(routesFor(expected)).toEqual(['/api/list-users', '/dashboard', '/']);
    const localized = routes({
      checked: [{ ...listUsers, route: '/[locale]/counter', url: '/fr/counter' }],
      notReached: [{ route: '/[locale]/dashboard', url: '/fr/dashboard', includes: 'clerk' }],
      noBackend: [{ route: '/[locale]', url: '/fr' }, '/robots.txt'],
    });
    expect(routesFor(localized)).toEqual(['/fr/counter', '/fr/dashboard', '/fr', '/robots.txt']);
    expect(routesFor(truth({}))).toEqual([]);
  });

  it('reads a route given with the path it was loaded at by its route', () => {
    const localized = routes({
      notReached: [{ route: '/[locale]/dashboard', url: '/fr/dashboard', includes: 'clerk' }],
      noBackend: [{ route: '/[locale]', url: '/fr' }],
    });
    const why = 'not reached: the app redirected /fr/dashboard to https://x.clerk.accounts.dev/v1/client/handshake';
    expect(untruths(localized, audit([routeEntry('/[locale]', [], [row(null, null, 200, 'a page')])], [{ id: '/[locale]/dashboard', why }]))).toEqual([]);
    expect(untruths(localized, audit([]))).toEqual([
      '/[locale]/dashboard: neither judged nor said not reached, where the hand look saw it not reached: clerk',
      '/[locale]: not judged as a route, where the hand look saw it call no backend',
    ]);
  });

  it("holds the routes part in its schema: the audit's screens, the three faults, nothing else", () => {
    const page = (value: unknown) => `# app\n\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\`\n`;
    const expected = routes({ checked: [listUsers], noBackend: ['/'] });
    expect(readTruth(page(expected), 'x.md').routes?.checked[0].faults['500']?.leak).toBe(true);
    const bad = (change: (checked: typeof listUsers) => unknown) =>
      readTruth(page({ ...expected, routes: { ...expected.routes, checked: [change(structuredClone(listUsers))] } }), 'x.md');
    expect(() => bad((checked) => ({ ...checked, faults: { ...checked.faults, timeout: checked.faults.hang } }))).toThrow('x.md');
    expect(() => bad((checked) => ({ ...checked, asIs: { status: 200, screen: 'a spinner' } }))).toThrow('x.md');
    expect(() => bad((checked) => ({ ...checked, backend: 'localhost' }))).toThrow('x.md');
  });
});
