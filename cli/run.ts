import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { BrowserNotFoundError, findChromium } from '../fixtures/harness/browser';
import { assertReachable, UnreachableError } from '../fixtures/harness/reachable';
import { TARGET_ENV } from '../fixtures/harness/target';
import { catalogue as builtInCatalogue } from '../scenarios/catalogue';
import { CATALOGUE_ENV, readCatalogueFile } from '../scenarios/active';
import { assertPortFree, PortInUseError } from '../fixtures/harness/app-server';
import type { ConformanceReport } from './report';
import { grepForIds, resolveScenario } from './select';
import { EXIT, UsageError } from './usage-error';

export interface RunOptions {
  scenarios: string[];
  grep?: string;
  baseUrl?: string;
  shard?: string;
  workers?: number;
  port?: number;
  /** Runs every check this many times (flake hunting). */
  repeat?: number;
  /** A JSON catalogue to check instead of the built-in one. */
  catalogue?: string;
  out: string;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new UsageError(`Bad --port "${value}": a whole number from 1 to 65535`);
  return port;
}

export function parseRunArgs(argv: string[]): RunOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scenario: { type: 'string', multiple: true, default: [] },
        grep: { type: 'string' },
        'base-url': { type: 'string' },
        shard: { type: 'string' },
        workers: { type: 'string' },
        port: { type: 'string' },
        repeat: { type: 'string' },
        catalogue: { type: 'string' },
        out: { type: 'string', default: 'faultline-report' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.port !== undefined && values['base-url'] !== undefined) throw new UsageError('--port is for the app faultline starts; it cannot be combined with --base-url');
  // A catalogue file is validated here, so a malformed entry stops the run before anything starts.
  const catalogue = values.catalogue === undefined ? builtInCatalogue : readCatalogueFile(values.catalogue);
  for (const id of values.scenario) resolveScenario(catalogue, id);
  if (values.shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(values.shard);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) {
      throw new UsageError(`Bad shard "${values.shard}": use I/N with 1 <= I <= N, e.g. --shard 1/3`);
    }
  }
  let workers: number | undefined;
  if (values.workers !== undefined) {
    workers = Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1) throw new UsageError(`Bad --workers "${values.workers}": a whole number >= 1`);
  }
  let repeat: number | undefined;
  if (values.repeat !== undefined) {
    repeat = Number(values.repeat);
    if (!Number.isInteger(repeat) || repeat < 1) throw new UsageError(`Bad --repeat "${values.repeat}": a whole number >= 1`);
  }
  return {
    scenarios: values.scenario,
    repeat,
    grep: values.grep,
    baseUrl: values['base-url'],
    shard: values.shard,
    workers,
    port: values.port === undefined ? undefined : parsePort(values.port),
    catalogue: values.catalogue === undefined ? undefined : resolve(values.catalogue),
    out: values.out,
  };
}

/** The checks a conformance run needs before it starts: a browser and, if given, a reachable URL. */
export async function chromiumPath(): Promise<string> {
  try {
    return findChromium(process.env, () => chromium.executablePath());
  } catch (error) {
    if (error instanceof BrowserNotFoundError) throw new UsageError(error.message);
    throw error;
  }
}

export async function preflight(options: Pick<RunOptions, 'baseUrl' | 'port'>): Promise<void> {
  await chromiumPath();
  if (options.port !== undefined) {
    try {
      await assertPortFree(options.port);
    } catch (error) {
      if (error instanceof PortInUseError) throw new UsageError(error.message);
      throw error;
    }
  }
  if (options.baseUrl) {
    try {
      await assertReachable(options.baseUrl);
    } catch (error) {
      if (error instanceof UnreachableError) throw new UsageError(error.message);
      throw error;
    }
  }
}

export function playwrightArgs(options: RunOptions): string[] {
  const args = ['test', '--project', 'conformance'];
  if (options.scenarios.length > 0) args.push('--grep', grepForIds(options.scenarios));
  if (options.grep) args.push('--grep', options.grep);
  if (options.shard) args.push('--shard', options.shard);
  if (options.workers) args.push('--workers', String(options.workers));
  if (options.repeat) args.push('--repeat-each', String(options.repeat));
  return args;
}

export function reporters(outDir: string, { blob = true } = {}): unknown[] {
  return [
    [join(import.meta.dirname, 'conformance-reporter.ts'), { outDir }],
    ['junit', { outputFile: join(outDir, 'junit.xml') }],
    ['html', { outputFolder: join(outDir, 'html'), open: 'never' }],
    // What `faultline merge` reads to join shards into one report.
    ...(blob ? [['blob', { outputDir: join(outDir, 'blob') }]] : []),
  ];
}

/** 0 all conform, 1 a deviation, 2 the run could not complete (no report, or Playwright failed without one). */
export function outcomeOf(out: string, playwrightExit: number | null): number {
  const reportFile = join(out, 'report.json');
  const report: ConformanceReport | undefined = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : undefined;
  if (report && report.counts.failed > 0) return EXIT.deviation;
  if (playwrightExit !== 0 || !report || report.entries.length === 0) {
    console.error('faultline: the conformance run could not complete (see the lines above).');
    return EXIT.usage;
  }
  return EXIT.ok;
}

/** Runs the conformance projects through Playwright; 0 all conform, 1 a deviation, 2 could not run. */
export async function run(options: RunOptions, root: string): Promise<number> {
  await preflight(options);
  const out = resolve(options.out);
  rmSync(join(out, 'report.json'), { force: true });
  rmSync(join(out, 'blob'), { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    FAULTLINE_REPORTER: JSON.stringify(reporters(out)),
    FAULTLINE_OUTPUT_DIR: join(out, 'test-results'),
  };
  if (options.baseUrl) {
    env[TARGET_ENV.baseUrl] = options.baseUrl;
    // Not ours: no server log to read, whatever an enclosing run set.
    delete env[TARGET_ENV.serverLog];
  }
  if (options.port !== undefined) env.FAULTLINE_PORT = String(options.port);
  if (options.catalogue) env[CATALOGUE_ENV] = options.catalogue;
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), ...playwrightArgs(options)], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    child.on('error', fail);
    child.on('close', done);
  });
  return outcomeOf(out, code);
}
