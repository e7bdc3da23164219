import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { importGraph } from '../bench/import-graph';
import { describe, expect, it } from 'vitest';

/**
 * Where code runs decides what it may import: nothing runs upward. The app (and what runs inside
 * its server) imports nothing of the checking side; the verdict nothing of the code that launches
 * things; the harness nothing of the CLI; code that runs in Chromium nothing at all. Read from the
 * real import graph (esbuild's metafile: runtime imports, `import type` left out).
 */

const root = join(import.meta.dirname, '..');

/** Bundled into the app, or run inside its server in harness mode. */
const APP = ['app/', 'pages/', 'bundled/', 'app-server/', 'ingest/', 'instrumentation.ts', 'instrumentation-client.ts', 'proxy.ts', 'next.config.ts'];
/** The leaves the app may read: names (the contract, the routes it renders) and the lifeline it ends with. */
const APP_MAY_IMPORT = [...APP, 'contract.ts', 'harness/lifeline.ts', 'scenarios/routes.ts', 'scenarios/configurations.ts', 'scenarios/versions.ts'];

interface Rule {
  /** Files this rule is about (path prefixes). */
  from: string[];
  /** Files under `from` the rule leaves to another (a kind's worker files, in the audit's room). */
  except?: string[];
  /** What they may import (prefixes); null: anything but `not`. */
  only: string[] | null;
  not?: string[];
  why: string;
}

/** What runs in Playwright's processes for a kind of audit entry: its spec and its check, in its folder's `worker/`. */
const KIND_WORKER = 'audit/kinds/*/worker/';
/** What a kind preloads into the audited app's server (`node --import`), in its folder's `server/`. */
const KIND_SERVER = 'audit/kinds/*/server/';

export const RULES: Rule[] = [
  {
    from: APP,
    only: APP_MAY_IMPORT,
    why: 'the app and its server import nothing of the checking side (only the contract, its routes, its configurations and its lifeline)',
  },
  { from: ['chromium/'], only: [], why: 'code that runs in Chromium is sent as source: it imports nothing' },
  { from: ['contract.ts'], only: [], why: "the contract is the ground every process reads, the app's too: it imports nothing" },
  { from: ['verdict/'], only: ['verdict/', 'scenarios/'], why: 'the verdict is pure: nothing of the harness, the fixtures or the CLI' },
  {
    from: ['scenarios/'],
    only: ['scenarios/', 'contract.ts'],
    why: 'the catalogue, with its golden words, imports only the contract',
  },
  {
    from: ['harness/'],
    only: null,
    not: ['cli/', 'bench/', 'e2e/', 'audit/', 'outputs/', 'selftest/', 'foreign-apps/', 'worker/', 'chromium/'],
    why: "harness processes import nothing of the CLI, the audit's pipeline, the outputs, the tests or the worker",
  },
  {
    from: ['outputs/'],
    only: null,
    not: ['cli/', 'bench/', 'e2e/', 'audit/', 'selftest/', 'foreign-apps/', 'worker/', 'chromium/'],
    why: "what faultline writes is rendered from the verdict's models, in the CLI's process or Playwright's runner: nothing of the CLI, the tests or the worker",
  },
  {
    from: ['worker/'],
    only: null,
    not: ['cli/', 'bench/', 'e2e/', 'audit/', 'selftest/', 'foreign-apps/'],
    why: 'the worker fixtures import nothing of the CLI, the bench or the specs',
  },
  {
    from: ['e2e/'],
    only: null,
    not: ['cli/', 'bench/', 'audit/', 'selftest/', 'foreign-apps/'],
    why: "the conformance specs import nothing of the CLI, the bench, the audit's specs or faultline's own tests",
  },
  {
    from: ['audit/'],
    except: [KIND_WORKER],
    only: null,
    not: ['cli/', 'bench/', 'e2e/', 'selftest/', 'foreign-apps/', 'worker/', 'chromium/', KIND_WORKER],
    why: "the audit's pipeline runs in the CLI's process: nothing of the CLI, the tests, or what a kind's checks run in Playwright's workers",
  },
  {
    from: ['source-maps/'],
    only: ['source-maps/'],
    why: "frames resolved through the build's files they are handed, for audit and run alike: nothing of their pipelines, the harness or the CLI",
  },
  {
    from: ['audit/source/'],
    only: ['audit/source/', 'source-maps/'],
    why: "a report's frames are judged against where faultline placed the thrower, from what they resolved to: nothing of the pipeline that hands them, the harness or the CLI",
  },
  {
    from: ['audit/kinds/*/judge.ts'],
    only: ['verdict/', 'scenarios/', 'contract.ts'],
    why: "a kind's judgement is pure, as the verdict is: an entry's observation in, its findings out, wherever it runs",
  },
  {
    from: [KIND_SERVER],
    only: [],
    why: "what a kind preloads into the audited app's server is plain ESM loaded by its URL (after the intercept): it imports nothing of faultline",
  },
  {
    from: [KIND_WORKER],
    only: null,
    not: ['cli/', 'bench/', 'e2e/', 'selftest/', 'foreign-apps/'],
    why: "a kind's spec and checks run in Playwright's workers: nothing of the CLI, the bench, the conformance specs or faultline's own tests",
  },
  {
    from: ['cli/'],
    only: null,
    not: ['harness/runner.ts'],
    why: "the CLI orchestrates: Playwright's runner is started and wound down by the engine (harness/engine.ts), for run and audit alike",
  },
  {
    from: ['cli/audit.ts'],
    only: null,
    not: ['worker/', KIND_WORKER],
    why: "the audit's CLI starts Playwright's runner: what checks an entry runs in its workers, never in the CLI",
  },

  { from: ['cli/'], only: null, not: ['bench/', 'e2e/', KIND_WORKER, 'selftest/', 'foreign-apps/'], why: 'the CLI imports nothing of the bench or the tests' },
  {
    from: ['selftest/', 'foreign-apps/', 'corpus/'],
    only: null,
    not: ['bench/'],
    why: 'the test gates and the corpus run depend on nothing of the benchmarks: bench/ holds benchmarks only',
  },
];

/**
 * A prefix ending in `/` is a folder; one without an extension is every file whose name starts so;
 * anything else one file. A `*` stands for any one folder's name (as in `KIND_WORKER`).
 */
const under = (file: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => {
    const pattern = prefix.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]+');
    const whole = prefix.endsWith('/') || !/\.\w+$/.test(prefix) ? pattern : `${pattern}$`;
    return new RegExp(`^${whole}`).test(file);
  });

/** Every import that breaks a rule, as `from -> to: why`. */
export function violations(graph: Record<string, string[]>): string[] {
  const found: string[] = [];
  for (const [from, imports] of Object.entries(graph)) {
    for (const rule of RULES.filter((candidate) => under(from, candidate.from) && !under(from, candidate.except ?? []))) {
      for (const to of imports) {
        const allowed = rule.only === null ? !under(to, rule.not ?? []) : under(to, rule.only);
        if (!allowed) found.push(`${from} -> ${to}: ${rule.why}`);
      }
    }
  }
  return found.sort();
}

/**
 * The loops of imports in `graph` (Tarjan's strongly connected components of more than one module),
 * each as its modules sorted: a loop makes the order in which its modules load matter, and no
 * room stands above the other.
 */
export function circles(graph: Record<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    for (const to of graph[module] ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(module, Math.min(low.get(module)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(module, Math.min(low.get(module)!, index.get(to)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const loop: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      loop.push(member);
    } while (member !== module);
    if (loop.length > 1) found.push(loop.sort());
  };
  for (const module of Object.keys(graph)) if (!index.has(module)) visit(module);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The project's runtime import graph: every source file and the project files it imports. */
function projectGraph(): Promise<Record<string, string[]>> {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.endsWith('.d.ts') && existsSync(join(root, file)));
  return importGraph(root, tracked);
}

/** A made-up graph with an import of each kind the checks name: upward, and around a loop. */
const SKETCH: Record<string, string[]> = {
  'app/(site)/page.tsx': ['scenarios/routes.ts', 'scenarios/catalogue.ts'],
  'verdict/verdict.ts': ['harness/target.ts'],
  'source-maps/resolve.ts': ['source-maps/chunks.ts', 'audit/judge.ts'],
  'chromium/probe.ts': ['chromium/screen.ts'],
  'harness/build.ts': ['cli/usage-error.ts'],
  'audit/test-phase.ts': ['audit/kinds/placed/worker/drive.ts', 'audit/kinds/placed/lanes.ts'],
  'audit/kinds/placed/kind.ts': ['worker/trigger.ts'],
  'audit/kinds/placed/judge.ts': ['verdict/finding.ts', 'harness/until.ts'],
  'audit/kinds/placed/worker/drive.ts': ['worker/trigger.ts', 'audit/kinds/placed/lanes.ts', 'cli/audit.ts'],
  'audit/kinds/routes/server/recorder.mjs': ['contract.ts'],
  'cli/audit.ts': ['audit/kinds/placed/worker/observe.ts', 'cli/merge.ts'],
  'cli/merge.ts': ['cli/audit.ts'],
  'cli/run.ts': ['harness/runner.ts', 'harness/engine.ts'],
  'pages/scenarios/pages-gssp-throws.tsx': ['bundled/pages.ts', 'scenarios/golden.ts'],
  'selftest/load.ts': ['bench/stats.ts'],
  'verdict/a.ts': ['verdict/b.ts'],
  'verdict/b.ts': ['verdict/c.ts'],
  'verdict/c.ts': ['verdict/a.ts', 'scenarios/golden.ts'],
};

describe('imports', () => {
  it('follow where code runs: nothing imports upward', async () => {
    const graph = await projectGraph();
    expect(Object.keys(graph).length).toBeGreaterThan(100);
    expect(violations(graph)).toEqual([]);
  }, 30_000);

  it('run in no loop: every module stands above what it imports', async () => {
    expect(circles(await projectGraph())).toEqual([]);
  }, 30_000);

  it('names every loop of imports, however long', () => {
    expect(circles(SKETCH)).toEqual([
      ['cli/audit.ts', 'cli/merge.ts'],
      ['verdict/a.ts', 'verdict/b.ts', 'verdict/c.ts'],
    ]);
  });

  it('the matrices observe a column in this process, through the one engine (never a command started as a subprocess)', async () => {
    for (const command of ['cli/matrix.ts', 'audit/pipeline.ts']) {
      const reached = Object.keys(await importGraph(root, [command]));
      expect(reached, command).toContain('harness/engine.ts');
    }
  }, 30_000);

  it("Playwright's runner loads nothing of the CLI's room: the reporters and configs it is handed by name run in its process, harness code", () => {
    const named = execFileSync('git', ['grep', '-n', '-E', "ownModule\\('[^']+'", '--', '*.ts', '*.mjs'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((line) => /^([^:]+):\d+:.*ownModule\('([^']+)'/.exec(line)!)
      .map(([, file, module]) => `${file} names ${module}`);
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((line) => / names cli\//.test(line))).toEqual([]);
  });

  it('names an upward import with the rule it breaks', () => {
    expect(violations(SKETCH)).toEqual([
      'app/(site)/page.tsx -> scenarios/catalogue.ts: the app and its server import nothing of the checking side (only the contract, its routes, its configurations and its lifeline)',
      "audit/kinds/placed/judge.ts -> harness/until.ts: a kind's judgement is pure, as the verdict is: an entry's observation in, its findings out, wherever it runs",
      "audit/kinds/placed/kind.ts -> worker/trigger.ts: the audit's pipeline runs in the CLI's process: nothing of the CLI, the tests, or what a kind's checks run in Playwright's workers",
      "audit/kinds/placed/worker/drive.ts -> cli/audit.ts: a kind's spec and checks run in Playwright's workers: nothing of the CLI, the bench, the conformance specs or faultline's own tests",
      "audit/kinds/routes/server/recorder.mjs -> contract.ts: what a kind preloads into the audited app's server is plain ESM loaded by its URL (after the intercept): it imports nothing of faultline",
      "audit/test-phase.ts -> audit/kinds/placed/worker/drive.ts: the audit's pipeline runs in the CLI's process: nothing of the CLI, the tests, or what a kind's checks run in Playwright's workers",
      'chromium/probe.ts -> chromium/screen.ts: code that runs in Chromium is sent as source: it imports nothing',
      'cli/audit.ts -> audit/kinds/placed/worker/observe.ts: the CLI imports nothing of the bench or the tests',
      "cli/audit.ts -> audit/kinds/placed/worker/observe.ts: the audit's CLI starts Playwright's runner: what checks an entry runs in its workers, never in the CLI",
      "cli/run.ts -> harness/runner.ts: the CLI orchestrates: Playwright's runner is started and wound down by the engine (harness/engine.ts), for run and audit alike",
      "harness/build.ts -> cli/usage-error.ts: harness processes import nothing of the CLI, the audit's pipeline, the outputs, the tests or the worker",
      'pages/scenarios/pages-gssp-throws.tsx -> scenarios/golden.ts: the app and its server import nothing of the checking side (only the contract, its routes, its configurations and its lifeline)',
      'selftest/load.ts -> bench/stats.ts: the test gates and the corpus run depend on nothing of the benchmarks: bench/ holds benchmarks only',
      "source-maps/resolve.ts -> audit/judge.ts: frames resolved through the build's files they are handed, for audit and run alike: nothing of their pipelines, the harness or the CLI",
      'verdict/verdict.ts -> harness/target.ts: the verdict is pure: nothing of the harness, the fixtures or the CLI',
    ]);
  });
});
