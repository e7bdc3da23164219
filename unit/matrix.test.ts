import { describe, expect, it } from 'vitest';
import type { EntryReport } from '../verdict/report';
import { cellMark, header, matrixAsMarkdown, matrixAsTable } from '../outputs/matrix-render';
import { matrixAsHtml } from '../outputs/matrix-html';
import { DEFAULT_VERSIONS, matrixExit, matrixPlan, parseMatrixArgs } from '../cli/matrix';
import { versionProblem } from '../harness/next-versions';
import { npmFailure, workspaceDir } from '../harness/next-workspace';
import { findScenario } from '../scenarios/catalogue';
import { adaptationsFor } from '../scenarios/next-adaptations';
import { cellOf, columnOutcome, digestAgreement, drift, markChanges, missingEntries, type Matrix, type MatrixColumn } from '../verdict/matrix';
import { judge, type Observation, type Screen } from '../verdict/verdict';
import { serverFailure } from './observations';

const serverPage = findScenario('server-page-throws')!;
const BASE = 'http://localhost:3000';

const observation = (digest: string, screen: Partial<Screen> = {}, over: Omit<Partial<Observation>, 'screen'> = {}) =>
  serverFailure(digest, { ...over, screen });

/** Next 16.4's own screen: the digest on a line of its own wording. */
const redesign = (digest: string) =>
  observation(digest, {
    fallback: 'other',
    heading: 'This page couldn’t load',
    digestLine: null,
    lines: ['This page couldn’t load', 'A server error occurred. Reload to try again.', 'Reload', `ERROR ${digest}`],
    kind: "Next's built-in screen",
  });

function row(observed: Observation): EntryReport {
  const verdict = judge(serverPage, BASE, observed);
  return {
    id: serverPage.id,
    entry: true,
    title: serverPage.title,
    file: 'e2e/catalogue.spec.ts',
    outcome: verdict.differences.length ? 'failed' : 'passed',
    startedAt: '',
    durationMs: 1,
    worker: 0,
    verdict,
    reasons: [],
    skippedChecks: [],
  };
}

function column(next: string, cells: ReturnType<typeof cellOf>[], error?: string): MatrixColumn {
  return {
    next,
    fallback: 'builtin',
    pinsOf: error ? null : next,
    adaptations: [],
    seconds: { install: 0, build: 0, run: 0 },
    reused: { install: false, build: false, run: false },
    observedAt: null,
    cells,
    ...(error ? { error } : {}),
  };
}

describe('a matrix cell', () => {
  it('matches its pin when the one verdict finds no difference', () => {
    const cell = cellOf(row(observation('42')));
    expect(cell).toMatchObject({ matchesPin: true, differences: [], short: '' });
    expect(cell.observed?.digests).toEqual({ screen: '42', reports: ['42'], inLog: true, agree: true });
  });

  it('names what differs in a few words, and every difference in full', () => {
    const cell = cellOf(row(redesign('42')));
    expect(cell.matchesPin).toBe(false);
    expect(cell.short).toBe('fallback, heading, digest line');
    expect(cell.differences[0]).toBe('screen: fallback: expected "server", observed "other"');
  });

  it('finds the digest another screen shows on a line of its own wording', () => {
    expect(digestAgreement(redesign('1164953051@E394'))).toEqual({ screen: '1164953051@E394', reports: ['1164953051@E394'], inLog: true, agree: true });
  });

  it('says when screen, report and log name different digests', () => {
    const split = observation(
      '42',
      {},
      { reports: [{ runtime: 'server', type: 'Error', value: 'v', handled: false, mechanism: 'm', digest: '43' }], serverLogDigests: ['43'] },
    );
    expect(digestAgreement(split)).toMatchObject({ screen: '42', inLog: false, agree: false });
    expect(digestAgreement(observation('42', {}, { serverLogDigests: null })).inLog).toBeNull();
  });

  it('is "not observed", with the first line of why, when the check ended without a verdict', () => {
    const cell = cellOf({
      ...row(observation('1')),
      verdict: undefined,
      outcome: 'failed',
      reasons: ['The button "Throw" was not hydrated within 10000 ms\n  at …'],
    });
    expect(cell).toMatchObject({ matchesPin: false, observed: null, error: 'The button "Throw" was not hydrated within 10000 ms' });
  });
});

describe('changes between versions', () => {
  it('ignore digest values and mark a screen that changed', () => {
    const columns = markChanges([
      column('16.1.7', [cellOf(row(observation('111')))]),
      column('16.2.12', [cellOf(row(observation('222')))]),
      column('16.4.5', [cellOf(row(redesign('333')))]),
    ]);
    expect(columns.map((c) => c.cells[0].changed)).toEqual([null, false, true]);
  });

  it('compare with the last version that ran, skipping one that could not', () => {
    const columns = markChanges([
      column('16.1.7', [cellOf(row(observation('1')))]),
      column('16.2.99', [], 'ETARGET'),
      column('16.3.8', [cellOf(row(observation('2')))]),
    ]);
    expect(columns[2].cells[0].changed).toBe(false);
  });

  it('name the entries a column holds no cell for: a column that checked less than it claims', () => {
    expect(missingEntries([cellOf(row(observation('1')))], ['server-page-throws', 'healthy'])).toEqual(['healthy']);
    expect(missingEntries([cellOf(row(observation('1')))], ['server-page-throws'])).toEqual([]);
  });

  it('count every cell off its pin as drift', () => {
    const matrix = { columns: [column('16.1.7', [cellOf(row(observation('1')))]), column('16.4.5', [cellOf(row(redesign('2')))])] };
    expect(drift(matrix)).toEqual([{ next: '16.4.5', entry: 'server-page-throws', short: 'fallback, heading, digest line' }]);
  });
});

describe('the matrix as text', () => {
  const matrix: Matrix = {
    generatedAt: '2026-11-23T00:00:00Z',
    fallback: 'builtin',
    entries: [{ id: serverPage.id, title: serverPage.title }],
    columns: markChanges([
      column('16.1.7', [cellOf(row(observation('1')))]),
      column('16.4.5', [cellOf(row(redesign('2')))]),
      column('14.2.0', [], 'older than 15.3.0'),
    ]),
  };

  it('is a table of entries by versions: a mark for the pin, what differs otherwise, Δ for a change', () => {
    const lines = matrixAsTable(matrix).split('\n');
    expect(lines[0]).toMatch(/^entry\s+16\.1\.7 \(builtin\)\s+16\.4\.5 \(builtin\)\s+14\.2\.0 \(builtin\)$/);
    expect(lines[2]).toMatch(/^server-page-throws\s+✓\s+Δ ✗ fallback, heading, di…\s+—$/);
    expect(lines.at(-1)).toBe('next 14.2.0: older than 15.3.0');
  });

  it('is markdown with the pins each column compared with and every difference in full', () => {
    const md = matrixAsMarkdown(matrix);
    expect(md).toContain('| `server-page-throws` | ✓ | Δ ✗ fallback, heading, digest line | — |');
    expect(md).toContain('| *pins of* | 16.1.7 | 16.4.5 | — |');
    expect(md).toContain('- `server-page-throws` on 16.4.5 (builtin): screen: fallback: expected "server", observed "other";');
  });

  it('is HTML whose cells title each screen by what the user saw, in the words a run and an audit share', () => {
    const html = matrixAsHtml(matrix, '/tmp');
    expect(html).toContain('<h3>Screen (classic fallback)</h3>');
    expect(html).toContain('<h3>Screen (Next&#39;s built-in screen)</h3>');
  });
});

describe('a report no check claims in a column', () => {
  const stray = 'a node report no check claims: Error: healthy: a stray report (at 12:42:53.562, with no request data)';
  const matrix: Matrix = {
    generatedAt: '2026-11-27T00:00:00Z',
    fallback: 'builtin',
    entries: [{ id: serverPage.id, title: serverPage.title }],
    columns: markChanges([column('16.1.7', [cellOf(row(observation('1')))]), { ...column('16.4.5', [cellOf(row(observation('2')))]), unaccounted: [stray] }]),
  };

  it('is a deviation of that version, though every cell is as pinned: the matrix exits 1', () => {
    expect(drift(matrix)).toEqual([]);
    expect(matrixExit(matrix)).toBe(1);
    expect(matrixExit({ ...matrix, columns: matrix.columns.map(({ unaccounted: _, ...rest }) => rest) })).toBe(0);
  });

  it('is said under the table, in matrix.md and in matrix.html, a line each, with its version', () => {
    expect(matrixAsTable(matrix).split('\n')).toContain(`next 16.4.5: ${stray}`);
    expect(matrixAsMarkdown(matrix)).toContain(`- **next 16.4.5 (builtin)**: install 0 s, build 0 s, run 0 s; ${stray}`);
    expect(matrixAsHtml(matrix, '/tmp')).toContain(`; ${stray}</li>`);
  });

  it("is said in the column's progress line, which never ends at every cell as pinned", () => {
    expect(columnOutcome(matrix.columns[1])).toBe('1 of 1 as pinned for 16.4.5, and 1 report no check claims');
    expect(columnOutcome({ ...matrix.columns[1], unaccounted: [stray, stray] })).toBe('1 of 1 as pinned for 16.4.5, and 2 reports no check claims');
  });

  it('leaves the matrix as it was where every report was claimed', () => {
    expect(columnOutcome(matrix.columns[0])).toBe('1 of 1 as pinned for 16.1.7');
    expect(matrixExit({ ...matrix, columns: [matrix.columns[0]] })).toBe(0);
    expect(matrixAsMarkdown(matrix)).toContain('- **next 16.1.7 (builtin)**: install 0 s, build 0 s, run 0 s\n');
  });
});

describe('matrix input', () => {
  it('defaults to the newest patch of each minor from 15.5 to 16.5, classic fallback', () => {
    expect(parseMatrixArgs([])).toMatchObject({ versions: DEFAULT_VERSIONS, fallbacks: ['classic'], scenarios: [] });
    expect(parseMatrixArgs(['--next', '16.1.7,16.4.5', '--next', '16.1.7', '--fallback', 'both']).versions).toEqual(['16.1.7', '16.4.5']);
  });

  it.each([
    ['16.1', 'not an exact version (like 16.1.7)'],
    ['14.2.35', 'older than 15.3.0, the first version the app runs on (instrumentation-client.ts came in 15.3)'],
    ['17.0.0', 'newer than next 16.x, the last major the catalogue knows'],
  ])('refuses %s before installing anything: %s', (version, problem) => {
    expect(versionProblem(version)).toBe(problem);
  });

  it('accepts every default version', () => {
    expect(DEFAULT_VERSIONS.map(versionProblem)).toEqual(DEFAULT_VERSIONS.map(() => null));
  });

  it.each([
    [
      'npm error code ETARGET\nnpm error notarget No matching version found for next@16.4.99.\nnpm error A complete log of this run can be found in: /x',
      'ETARGET: No matching version found for next@16.4.99.',
    ],
    [
      'npm error code ECONNREFUSED\nnpm error syscall connect\nnpm error errno ECONNREFUSED\nnpm error FetchError: request to http://127.0.0.1:9/next failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      'ECONNREFUSED: FetchError: request to http://127.0.0.1:9/next failed, reason: connect ECONNREFUSED 127.0.0.1:9',
    ],
    ['', 'npm failed without a message'],
  ])('says why npm failed in one line', (output, line) => {
    expect(npmFailure(output)).toBe(line);
  });
});

describe('workspace adaptations', () => {
  it('name the proxy middleware.ts, on Node.js, for Next 15 only', () => {
    expect(adaptationsFor('15.5.29', 'classic').flatMap((a) => a.rename ?? [])).toContainEqual({ from: 'proxy.ts', to: 'middleware.ts' });
    expect(
      adaptationsFor('15.5.29', 'classic')
        .flatMap((a) => a.replace ?? [])
        .map((r) => r.file),
    ).toEqual(['middleware.ts', 'tsconfig.json', 'middleware.ts']);
    expect(adaptationsFor('16.0.11', 'classic')).toEqual([]);
  });

  it("remove the app's global error for the builtin fallback", () => {
    expect(adaptationsFor('16.4.5', 'builtin').flatMap((a) => a.remove ?? [])).toEqual(['app/global-error.tsx']);
  });
});

describe('what counts as a change', () => {
  it('is not a content hash in a chunk name', () => {
    const chunk = (name: string) =>
      observation(
        '1',
        {},
        {
          reports: [
            {
              runtime: 'browser',
              type: 'ChunkLoadError',
              value: `Failed to load chunk /_next/static/chunks/${name}.js from module 5`,
              handled: false,
              mechanism: 'm',
              digest: null,
            },
          ],
        },
      );
    const columns = markChanges([column('16.1.7', [cellOf(row(chunk('0b7e4c1d9a2f3e11')))]), column('16.2.12', [cellOf(row(chunk('9f3e2d1c0b7a6e55')))])]);
    expect(columns[1].cells[0].changed).toBe(false);
  });

  it("is not which of the SDK's hooks caught the error", () => {
    const caughtBy = (mechanism: string) => observation('1', {}, { reports: [{ ...serverFailure('1').reports[0], mechanism }] });
    const columns = markChanges([
      column('15.5.29', [cellOf(row(caughtBy('auto.function.nextjs.generation_function')))]),
      column('16.0.11', [cellOf(row(caughtBy('auto.function.nextjs.on_request_error')))]),
    ]);
    expect(columns[1].cells[0].changed).toBe(false);
  });

  it('is whether a navigation shows the digest of a direct load', () => {
    const navigate = findScenario('navigate-to-failing-route')!;
    const nav = (direct: string) => {
      const verdict = judge(navigate, BASE, observation('1', { path: navigate.expect.url }, { directLoadDigestLine: `Digest: ${direct}` }));
      return cellOf({ ...row(observation('1')), id: navigate.id, verdict });
    };
    const columns = markChanges([column('16.2.12', [nav('1')]), column('16.3.8', [nav('2')])]);
    expect(columns.map((c) => c.cells[0].observed?.sameDigestAsDirectLoad)).toEqual([true, false]);
    expect(columns[1].cells[0].changed).toBe(true);
  });
});

describe('the configuration axis', () => {
  it('takes --configuration default (the default), cache-components or both', () => {
    expect(parseMatrixArgs([]).configurations).toEqual(['default']);
    expect(parseMatrixArgs(['--configuration', 'cache-components']).configurations).toEqual(['cache-components']);
    expect(parseMatrixArgs(['--configuration', 'both']).configurations).toEqual(['default', 'cache-components']);
    expect(() => parseMatrixArgs(['--configuration', 'ppr'])).toThrow('Bad --configuration "ppr": use default, cache-components or both');
  });

  it('plans a column for each version that has the configuration, and says which do not', () => {
    const { plan, without } = matrixPlan({ versions: ['15.5.29', '16.4.5'], fallbacks: ['classic'], configurations: ['default', 'cache-components'] });
    expect(plan).toEqual([
      { version: '15.5.29', fallback: 'classic', configuration: 'default' },
      { version: '16.4.5', fallback: 'classic', configuration: 'default' },
      { version: '16.4.5', fallback: 'classic', configuration: 'cache-components' },
    ]);
    expect(without).toEqual(['next 15.5.29 has no Cache Components (>=16.0.0-0): no such column']);
  });

  it('names a column by its configuration, and keeps its workspace apart', () => {
    expect(header({ ...column('16.4.5', []), fallback: 'classic', configuration: 'cache-components' })).toBe('16.4.5 (Cache Components)');
    expect(header({ ...column('16.4.5', []), fallback: 'classic' })).toBe('16.4.5');
    expect(workspaceDir('/r', '16.4.5', 'classic', 'cache-components')).toBe('/r/.faultline/matrix/next-16.4.5-cache-components');
    expect(workspaceDir('/r', '16.4.5', 'classic')).toBe('/r/.faultline/matrix/next-16.4.5');
  });

  it('shows an entry the configuration rules out as not applicable, which is no drift', () => {
    const skipped: EntryReport = {
      ...row(observation('1')),
      id: 'edge-page-throws',
      verdict: undefined,
      outcome: 'skipped',
      reasons: ["not applicable under Cache Components: its route sets `runtime = 'edge'` (route segment config)"],
    };
    const cell = cellOf(skipped);
    expect(cell).toMatchObject({ matchesPin: true, observed: null, notApplicable: expect.stringMatching(/^not applicable under Cache Components/) });
    expect(cellMark(cell)).toBe('n/a');
    const matrix = { columns: [{ ...column('16.4.5', [cell]), configuration: 'cache-components' as const }] };
    expect([drift(matrix), matrixExit(matrix)]).toEqual([[], 0]);
  });

  it('marks changes between versions of one configuration, never across configurations', () => {
    const columns = markChanges([
      { ...column('16.3.8', [cellOf(row(observation('1')))]), configuration: 'cache-components' },
      column('16.4.5', [cellOf(row(redesign('2')))]),
      { ...column('16.4.5', [cellOf(row(redesign('3')))]), configuration: 'cache-components' },
    ]);
    expect(columns.map((c) => c.cells[0].changed)).toEqual([null, null, true]);
  });
});
