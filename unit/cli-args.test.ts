import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMergeArgs } from '../cli/merge';
import { parseReproArgs } from '../cli/repro';
import { parseRunArgs } from '../cli/run';
import { playwrightArgs } from '../cli/run-args';
import { UsageError } from '../cli/usage-error';
import { CatalogueError } from '../scenarios/schema';
import { findScenario } from '../scenarios/catalogue';
import { ENV } from '../contract';

describe('parseRunArgs', () => {
  it('checks the default configuration unless asked for Cache Components', () => {
    expect(parseRunArgs([]).configuration).toBe('default');
    expect(parseRunArgs(['--cache-components']).configuration).toBe('cache-components');
  });

  it('checks each configuration asked for, the default first: --configuration both', () => {
    expect(parseRunArgs(['--configuration', 'both'])).toMatchObject({ configuration: 'default', configurations: ['default', 'cache-components'] });
    expect(parseRunArgs(['--configuration', 'cache-components'])).toMatchObject({ configuration: 'cache-components', configurations: ['cache-components'] });
    expect(parseRunArgs([]).configurations).toEqual(['default']);
  });

  it('takes repeatable scenarios and the run options', () => {
    expect(parseRunArgs(['--scenario', 'healthy', '--scenario', 'server-page-throws', '--shard', '2/3', '--workers', '4', '--port', '4100'])).toMatchObject({
      scenarios: ['healthy', 'server-page-throws'],
      shard: { current: 2, total: 3 },
      workers: 4,
      port: 4100,
      out: 'faultline-report',
    });
  });

  it("selects a build-time entry by its id, as the catalogue's", () => {
    const options = parseRunArgs(['--cache-components', '--scenario', 'uncached-data-outside-suspense']);
    expect(options.scenarios).toEqual(['uncached-data-outside-suspense']);
    // Only the spec that checks it runs: the catalogue's would find nothing selected, and a run that checks nothing is incomplete.
    expect(playwrightArgs(options)).toContain('e2e/build-failures.spec.ts');
    expect(playwrightArgs(options)).not.toContain('e2e/catalogue.spec.ts');
    expect(playwrightArgs(parseRunArgs(['--scenario', 'healthy', '--scenario', 'use-cache-build-throws']))).toEqual(
      expect.arrayContaining(['e2e/catalogue.spec.ts', 'e2e/build-failures.spec.ts']),
    );
  });

  it.each([
    [['--shard', '4/3'], /Bad shard "4\/3"/],
    [['--shard', 'one'], /Bad shard "one"/],
    [['--workers', '0'], /Bad --workers "0"/],
    [['--workers', '-1'], /^Bad --workers "-1": a whole number from 1 to 16$/],
    [['--workers', '64'], /Bad --workers "64"/],
    [['--repeat', '1000'], /Bad --repeat "1000": a whole number from 1 to 100/],
    [['--port', '70000'], /Bad --port "70000"/],
    [['--port', '4100', '--base-url', 'http://x.test'], /cannot be combined with --base-url/],
    [['--configuration', 'all'], /^Bad --configuration "all": use default, cache-components or both$/],
    [['--configuration', 'both', '--cache-components'], /^--cache-components is --configuration cache-components: give one of them$/],
    [['--configuration', 'both', '--base-url', 'http://x.test'], /^--base-url is one deployed app, built in one configuration/],
    [['--scenario', 'nope'], /Unknown scenario "nope"/],
    [['--frobnicate'], /Unknown option '--frobnicate'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseRunArgs(argv)).toThrow(UsageError);
    expect(() => parseRunArgs(argv)).toThrow(message);
  });

  it('validates a --catalogue file up front, naming the entry and the field', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'faultline-')), 'c.json');
    writeFileSync(file, JSON.stringify([{ id: 'x', title: 'X', path: '/x', trigger: { kind: 'load' }, expect: { fallback: 'maybe' }, reports: [] }]));
    expect(() => parseRunArgs(['--catalogue', file])).toThrow(CatalogueError);
    expect(() => parseRunArgs(['--catalogue', file])).toThrow(/entry "x": expect\.fallback: /);
  });

  it('refuses an empty --catalogue: the run would check nothing', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'faultline-')), 'c.json');
    writeFileSync(file, '[]');
    expect(() => parseRunArgs(['--catalogue', file])).toThrow(/holds no entry: a run of it would check nothing/);
  });

  it('resolves --scenario against the --catalogue file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'faultline-')), 'c.json');
    writeFileSync(file, JSON.stringify([{ ...findScenario('healthy'), id: 'mine' }]));
    expect(parseRunArgs(['--catalogue', file, '--scenario', 'mine']).scenarios).toEqual(['mine']);
    expect(() => parseRunArgs(['--catalogue', file, '--scenario', 'healthy'])).toThrow(/Unknown scenario "healthy"/);
  });
});

describe('parseReproArgs', () => {
  it('takes a catalogue id, headless without a display', () => {
    expect(parseReproArgs(['server-page-throws'], {})).toMatchObject({ scenario: { id: 'server-page-throws' }, headed: false, dev: false, json: false });
  });

  it('is headed when a display is available, or with --headed', () => {
    expect(parseReproArgs(['healthy'], { DISPLAY: ':0' }).headed).toBe(true);
    expect(parseReproArgs(['healthy', '--headed'], {}).headed).toBe(true);
  });

  it('takes any route with --path', () => {
    expect(parseReproArgs(['--path', '/anything', '--json', '--dev'], {})).toMatchObject({ scenario: undefined, path: '/anything', json: true, dev: true });
  });

  it('replays an entry under Cache Components, as it is pinned there, with --cache-components or its variable', () => {
    expect(parseReproArgs(['server-page-throws'], {})).toMatchObject({ configuration: 'default', scenario: { expect: { status: 500 } } });
    for (const [argv, env] of [
      [['server-page-throws', '--cache-components'], {}],
      [['server-page-throws'], { [ENV.cacheComponents]: '1' }],
    ] as const)
      expect(parseReproArgs([...argv], env)).toMatchObject({ configuration: 'cache-components', scenario: { expect: { status: 200 } } });
  });

  it('refuses an entry that does not exist under Cache Components, saying why', () => {
    expect(() => parseReproArgs(['edge-page-throws', '--cache-components'], {})).toThrow(
      /^edge-page-throws is not applicable under Cache Components: its route sets `runtime = 'edge'` \(route segment config\)/,
    );
  });

  it('replays a build-time entry by its build, under its configuration only, never against a server', () => {
    expect(parseReproArgs(['use-cache-build-throws', '--cache-components'], {})).toMatchObject({
      buildFailure: { id: 'use-cache-build-throws' },
      scenario: undefined,
    });
    expect(() => parseReproArgs(['use-cache-build-throws'], {})).toThrow(/^use-cache-build-throws is not applicable without Cache Components: /);
    expect(() => parseReproArgs(['use-cache-build-throws', '--cache-components', '--base-url', 'http://x.test'], {})).toThrow(
      /stops next build: it is replayed by building the reference app here, without --dev or --base-url/,
    );
  });

  it.each([
    [[], /one scenario id or --path/],
    [['healthy', '--path', '/x'], /one scenario id or --path/],
    [['--path', 'x'], /Bad --path "x"/],
    [['healthy', '--dev', '--base-url', 'http://x.test'], /--dev .* cannot be combined with --base-url/],
    // What run refuses of the options both take, repro refuses in the same words: each rule is declared once, with its option.
    [['healthy', '--port', '4100', '--base-url', 'http://x.test'], /^--port is for the app faultline starts; it cannot be combined with --base-url$/],
    [['healthy', '--port', '70000'], /^Bad --port "70000": a whole number from 1 to 65535$/],
    [['healthi'], /Unknown scenario "healthi"\. Did you mean: healthy/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseReproArgs(argv, {})).toThrow(message);
  });
});

describe('parseMergeArgs', () => {
  it('needs folders that hold blob reports', () => {
    const empty = mkdtempSync(join(tmpdir(), 'faultline-'));
    expect(() => parseMergeArgs([])).toThrow(/merge takes the --out folders/);
    expect(() => parseMergeArgs([empty])).toThrow(/holds no blob report/);
  });

  /** The --out folder of a faultline run: a blob report and the run's manifest. */
  const runDir = (shard: { current: number; total: number } | null, selection = 'sel') => {
    const dir = mkdtempSync(join(tmpdir(), 'faultline-'));
    mkdirSync(join(dir, 'blob'));
    writeFileSync(join(dir, 'blob', 'report-1.zip'), Buffer.from(`PK\x05\x06${'\0'.repeat(18)}`, 'latin1'));
    writeFileSync(join(dir, 'report.json'), JSON.stringify({ run: { planned: 1, shard, selection, errors: [], status: 'passed' } }));
    return dir;
  };

  it('takes every shard of one run once, and an --out that is not one of them', () => {
    const [a, b] = [1, 2].map((current) => runDir({ current, total: 2 }));
    expect(parseMergeArgs([a, b, '--out', join(tmpdir(), 'merged')])).toEqual({ dirs: [a, b], out: join(tmpdir(), 'merged'), selection: 'sel', audit: false });
    expect(() => parseMergeArgs([a, b, '--out', a])).toThrow(/is one of the folders to merge/);
  });

  it.each([
    ['one shard of three', () => [runDir({ current: 1, total: 3 })], /shards 2\/3, 3\/3 missing/],
    ['the same shard twice', () => [1, 1].map((current) => runDir({ current, total: 2 })), /shard 1\/2 is given twice/],
    ['shards of two selections', () => [runDir({ current: 1, total: 2 }), runDir({ current: 2, total: 2 }, 'other')], /is a shard of another run/],
    ['a whole run with a shard', () => [runDir(null), runDir({ current: 1, total: 2 })], /is a whole run, not a shard/],
  ])('refuses %s in one line', (_why, dirs, message) => {
    expect(() => parseMergeArgs(dirs())).toThrow(UsageError);
    expect(() => parseMergeArgs(dirs())).toThrow(message);
  });
});

describe('merging the shards of an audit', () => {
  const auditDir = (shard: { current: number; total: number } | null, selection = 'sel', entries: { id: string }[] = []) => {
    const dir = mkdtempSync(join(tmpdir(), 'faultline-audit-shard-'));
    const result = { app: { name: 'app' }, shard, selection, entries, notJudged: [], notApplicable: [], appFindings: [], substituted: [], testSeconds: 1 };
    writeFileSync(join(dir, 'report.json'), JSON.stringify(result));
    return dir;
  };

  it('takes the out folders of an audit, which hold no blob report', () => {
    const [a, b] = [1, 2].map((current) => auditDir({ current, total: 2 }));
    expect(parseMergeArgs([a, b, '--out', join(tmpdir(), 'merged-audit')])).toEqual({
      dirs: [a, b],
      out: join(tmpdir(), 'merged-audit'),
      selection: '',
      audit: true,
    });
  });

  it.each([
    ['one shard of two', () => [auditDir({ current: 1, total: 2 })], /shard 2\/2 missing/],
    ['the same shard twice', () => [1, 1].map((current) => auditDir({ current, total: 2 })), /shard 1\/2 is given twice/],
    ['shards of two audits', () => [auditDir({ current: 1, total: 2 }), auditDir({ current: 2, total: 2 }, 'other')], /is a shard of another run/],
  ])('refuses %s, naming it, before writing anything (exit 2)', async (_why, dirs, message) => {
    const { merge } = await import('../cli/merge');
    const out = join(mkdtempSync(join(tmpdir(), 'faultline-merged-')), 'out');
    await expect(merge(parseMergeArgs([...dirs(), '--out', out]), process.cwd())).rejects.toThrow(message);
    expect(existsSync(out), 'nothing written').toBe(false);
  });
});

describe('ports', () => {
  it('says what is wrong with a port in one line', async () => {
    const { portProblem } = await import('../harness/app-server');
    expect(portProblem(80, 'EACCES')).toMatch(/^Port 80 needs more privileges than this process has \(EACCES: ports below 1024 need root\)/);
    expect(portProblem(4000, 'EADDRINUSE')).toMatch(/^Port 4000 is already in use/);
  });

  it.each(['6000', '6667', '10080'])('refuses --port %s, which Chromium will not load', (port) => {
    expect(() => parseRunArgs(['--port', port])).toThrow(/Chromium refuses to load pages from it \(ERR_UNSAFE_PORT\)/);
  });
});

describe('reporters', () => {
  it('adds GitHub annotations in GitHub Actions only', async () => {
    const { reporters } = await import('../cli/run-report');
    const names = (env: Record<string, string>) => reporters('out', { env }).map((r) => (r as string[])[0]);
    expect(names({ GITHUB_ACTIONS: 'true' })[0]).toBe('github');
    expect(names({})).not.toContain('github');
  });
});

describe("Playwright's runner as the run and the audit both ask it", () => {
  it('says the project, refuses a stray .only, and passes the workers, the shard and the limit each command gives', async () => {
    const { checksArgs } = await import('../harness/engine');
    expect(checksArgs({ project: 'audit', workers: 2, shard: { current: 1, total: 3 }, timeoutSeconds: 120 })).toEqual([
      'test',
      '--project',
      'audit',
      '--forbid-only',
      '--workers',
      '2',
      '--shard',
      '1/3',
      '--timeout',
      '120000',
    ]);
    const run = playwrightArgs(parseRunArgs(['--workers', '3', '--shard', '2/2', '--scenario', 'healthy']));
    expect(run.slice(0, 4)).toEqual(['test', '--project', 'conformance', '--forbid-only']);
    expect(run).toEqual(expect.arrayContaining(['--workers', '3', '--shard', '2/2', 'e2e/catalogue.spec.ts']));
    expect(run).not.toContain('--timeout');
  });
});
