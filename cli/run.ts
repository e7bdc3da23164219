import { type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { proveChromium, resolveChromium } from '../harness/chromium';
import { MAX_REPEAT, MAX_WORKERS, portNumber, wholeNumber, workersFrom } from '../harness/settings';
import { assertReachable, assertServesControl, UnreachableError } from '../harness/reachable';
import { catalogue as builtInCatalogue } from '../scenarios/catalogue';
import { activeCatalogue, readCatalogueFile } from '../scenarios/active';
import { comparedVersion, installedNext } from '../scenarios/versions';
import { assertPortFree, PortInUseError } from '../harness/app-server';
import { launchHarnessApp, planHarnessApp, type HarnessApp, type HarnessPlan } from '../harness/harness-app';
import { hasBuild } from '../harness/build';
import { serverFirst, watchAborts, type Abort } from '../harness/abort';
import { incompleteness, markAborted, summaryLine, withUnaccounted, type ConformanceReport } from '../verdict/report';
import { unaccountedFor } from '../harness/accounting';
import { claimOutDir } from './out-dir';
import { resolveScenario } from './select';
import { EXIT, UsageError } from './usage-error';
import { parseCommandArgs } from './args';
import { parseOptionsOf } from './options';
import { holdOutput } from './held-output';
import { discard, startRunner, windDown } from '../harness/runner';
import { ENV } from '../harness/contract';

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

export const parsePort = (value: string): number => portNumber('--port', value);

/** `--workers -1` reads as two options to parseArgs; joined (`--workers=-1`), it gets the range message it deserves. */
function joinNegativeValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [arg, next] = [argv[i], argv[i + 1]];
    if (arg.startsWith('--') && !arg.includes('=') && /^-\d/.test(next ?? '')) joined.push(`${arg}=${argv[++i]}`);
    else joined.push(arg);
  }
  return joined;
}

export function parseRunArgs(argv: string[]): RunOptions {
  const { values } = parseCommandArgs({
    args: joinNegativeValues(argv),
    options: parseOptionsOf('run'),
    strict: true,
    allowPositionals: false,
  });
  if (values.port !== undefined && values['base-url'] !== undefined) throw new UsageError('--port is for the app faultline starts; it cannot be combined with --base-url');
  // A catalogue file is validated here, so a malformed entry stops the run before anything starts.
  const catalogue = values.catalogue === undefined ? builtInCatalogue : readCatalogueFile(values.catalogue);
  if (catalogue.length === 0) throw new UsageError(`${values.catalogue} holds no entry: a run of it would check nothing`);
  for (const id of values.scenario) resolveScenario(catalogue, id);
  if (values.shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(values.shard);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) {
      throw new UsageError(`Bad shard "${values.shard}": use I/N with 1 <= I <= N, e.g. --shard 1/3`);
    }
  }
  // The worker count Playwright's config reads (`ENV.workers`) under the same rule, so a bad value stops here, not in the runner.
  if (values.workers === undefined) workersFrom(process.env);
  const workers = values.workers === undefined ? undefined : wholeNumber('--workers', values.workers, MAX_WORKERS);
  const repeat = values.repeat === undefined ? undefined : wholeNumber('--repeat', values.repeat, MAX_REPEAT);
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
export async function preflight(options: Pick<RunOptions, 'baseUrl' | 'port'>): Promise<void> {
  // A browser is found before anything starts (and proven while the app builds, see run).
  await resolveChromium();
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
    // A target that answers, but not with the app: every check would fail the same way, slowly.
    const control = activeCatalogue().find((scenario) => scenario.failureClass === 'control' && typeof scenario.expect.sees === 'string');
    if (control) await assertServesControl(options.baseUrl, control.path, control.expect.sees as string);
  }
}

/** The catalogue spec: `--scenario` narrows a run to it (the entries themselves are chosen through ENV.scenarios). */
const CATALOGUE_SPEC = 'e2e/catalogue.spec.ts';

export function playwrightArgs(options: RunOptions): string[] {
  // Never a run that quietly checks one focused test: a stray `.only` stops it.
  const args = ['test', '--project', 'conformance', '--forbid-only'];
  if (options.scenarios.length > 0) args.push(CATALOGUE_SPEC);
  if (options.grep) args.push('--grep', options.grep);
  if (options.shard) args.push('--shard', options.shard);
  if (options.workers) args.push('--workers', String(options.workers));
  if (options.repeat) args.push('--repeat-each', String(options.repeat));
  return args;
}

/** What a run selected, as a short hash: every shard of one run shares it, and `merge` checks it. */
export function selectionOf(options: Pick<RunOptions, 'scenarios' | 'grep' | 'repeat' | 'catalogue'>): string {
  const catalogue = options.catalogue ? readFileSync(options.catalogue, 'utf8') : 'built-in';
  const what = JSON.stringify({ scenarios: [...options.scenarios].sort(), grep: options.grep ?? null, repeat: options.repeat ?? 1, catalogue });
  return createHash('sha256').update(what).digest('hex').slice(0, 16);
}

export function reporters(outDir: string, { blob = true, env = process.env as Record<string, string | undefined> } = {}): unknown[] {
  return [
    // Where CI users look first: every deviation as an annotation on the run.
    ...(env.GITHUB_ACTIONS === 'true' ? [['github']] : []),
    [join(import.meta.dirname, 'conformance-reporter.ts'), { outDir }],
    ['junit', { outputFile: join(outDir, 'junit.xml') }],
    ['html', { outputFolder: join(outDir, 'html'), open: 'never' }],
    // What `faultline merge` reads to join shards into one report.
    ...(blob ? [['blob', { outputDir: join(outDir, 'blob') }]] : []),
  ];
}

/**
 * 0 all conform, 1 a deviation, 2 the run could not complete or checked less than it claims (no
 * report, nothing checked, planned checks that never ended, an error outside the checks).
 */
export function outcomeOf(out: string, playwrightExit: number | null): number {
  const reportFile = join(out, 'report.json');
  const report: ConformanceReport | undefined = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : undefined;
  if (!report) {
    console.error('faultline: the conformance run could not complete (see the lines above).');
    return EXIT.cannotJudge;
  }
  const incomplete = incompleteness(report);
  if (incomplete) {
    console.error(`faultline: incomplete run: ${incomplete}`);
    return EXIT.cannotJudge;
  }
  // A report no check claims fails the run: the app sent what no entry explains.
  const unaccounted = report.run.unaccounted ?? [];
  for (const line of unaccounted) console.error(`faultline: ${line}`);
  if (unaccounted.length > 0) console.log(summaryLine(report.counts, unaccounted.length));
  if (report.counts.failed > 0 || unaccounted.length > 0) return EXIT.deviates;
  if (playwrightExit !== 0) {
    console.error(`faultline: Playwright exited with code ${playwrightExit} although every check passed (see the lines above).`);
    return EXIT.cannotJudge;
  }
  return EXIT.ok;
}

/**
 * Starts the app unless given --base-url: `next start` on the build there is while it is checked,
 * the build first when the sources changed (`onStale` then), in parallel with Playwright's own
 * start-up; each worker waits for it to serve.
 */
async function launchApp(options: RunOptions, root: string, signal: AbortSignal, plan: HarnessPlan | undefined, onStale: () => Promise<void>): Promise<HarnessApp | undefined> {
  if (options.baseUrl) return undefined;
  return launchHarnessApp({ root, plan, onBuildLine: (line) => console.log(line), signal, onStale });
}

/** Where the app will serve, before its build is checked: a port taken since the preflight stops the run. */
async function planApp(options: RunOptions, root: string): Promise<HarnessPlan> {
  try {
    return await planHarnessApp({ root, port: options.port });
  } catch (error) {
    if (error instanceof PortInUseError) throw new UsageError(error.message);
    throw error;
  }
}

/** A run stopped from outside (Ctrl-C, SIGTERM): said on one line, exit 128 + the signal's number. */
function stoppedBy(signal: NodeJS.Signals): number {
  console.error(`faultline: stopped by ${signal}`);
  return 128 + constants.signals[signal];
}

/** Runs the conformance projects through Playwright; 0 all conform, 1 a deviation, 2 could not run. */
export async function run(options: RunOptions, root: string): Promise<number> {
  await preflight(options);
  const out = resolve(options.out);
  claimOutDir(out);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    [ENV.reporter]: JSON.stringify(reporters(out)),
    [ENV.outputDir]: join(out, 'test-results'),
    [ENV.selection]: selectionOf(options),
    [ENV.scenarios]: options.scenarios.join(','),
  };
  if (options.catalogue) env[ENV.catalogue] = options.catalogue;
  else delete env[ENV.catalogue];
  // Which next's expectations apply: the installed one, or the nearest the catalogue was pinned on.
  const compared = comparedVersion(installedNext(root));
  if (compared.outside) console.log(`faultline: ${compared.outside}\n`);
  env[ENV.nextVersion] = compared.version;

  // Stopped from outside: the build, or Playwright then the server, wind down first; nothing is left behind.
  const stopping = new AbortController();
  let signalled: NodeJS.Signals | undefined;
  let playwright: ChildProcess | undefined;
  const stop = (signal: NodeJS.Signals) => {
    signalled = signal;
    playwright?.kill(signal);
    stopping.abort(new Error(`stopped by ${signal}`));
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  let app: HarnessApp | undefined;
  let stopWatching = () => {};
  const abortFile = join(root, '.faultline', `abort-${process.pid}.jsonl`);
  try {
    // A browser is proven before it is trusted, while the app's build is checked and the app
    // starts, and Playwright's runner loads (its output held until then: a browser that fails
    // leaves faultline's line alone).
    const browser = proveChromium();
    browser.catch(() => {});
    const planned = options.baseUrl ? undefined : await planApp(options, root);
    // What the workers test; an enclosing run's target is never inherited.
    env[ENV.baseUrl] = planned?.url ?? options.baseUrl;
    if (planned) Object.assign(env, { [ENV.serverLog]: planned.logFile, [ENV.targetSecret]: planned.secret });
    else for (const name of [ENV.serverLog, ENV.targetSecret]) delete env[name];

    // A part that dies (the server here, a browser in a worker) stops the run at once: exit 2, one cause.
    mkdirSync(dirname(abortFile), { recursive: true });
    env[ENV.abortFile] = abortFile;
    let aborted: Abort | undefined;
    const abort = (cause: Abort) => {
      if (aborted || !runner) return;
      aborted = cause;
      windDown(runner);
    };
    // A server that never served is the cause named, whatever its checks met of it first.
    const causes = serverFirst(abort);
    stopWatching = watchAborts(abortFile, causes.raise);

    // Its output is piped through (held until the browser is proven): colours as on this terminal.
    const colour = process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined ? { FORCE_COLOR: '1' } : {};
    const startHeld = () => {
      const started = startRunner(root, playwrightArgs(options), { ...env, ...colour });
      playwright = started.child;
      return { ...started, output: holdOutput(started.child) };
    };
    let runner: ReturnType<typeof startHeld> | undefined;
    /** A runner whose output was never shown, ended: the browser failed its proof, or the build it started beside was stale. */
    const discardRunner = async () => {
      const discarded = runner;
      runner = undefined;
      playwright = undefined;
      if (!discarded) return;
      discarded.output.drop();
      await discard(discarded);
    };
    // With a build there, the runner loads while it is checked (about half a second); a stale build
    // ends that runner unseen, and a new one starts after the build (its workers would otherwise wait on it).
    if (!planned || hasBuild(root)) runner = startHeld();
    try {
      app = await launchApp(options, root, stopping.signal, planned, discardRunner);
    } catch (error) {
      await discardRunner();
      throw error;
    }
    // A server stopped before it served (the run ended early: a browser that failed its proof)
    // rejects its readiness; that is no failure of its own (one that is, `causes.starting` names).
    app?.ready.catch(() => {});
    if (signalled) {
      await discardRunner();
      return stoppedBy(signalled);
    }
    runner ??= startHeld();
    if (app) causes.starting(app.ready);
    const { output, finished } = runner;
    try {
      await browser;
    } catch (error) {
      await discardRunner();
      throw error;
    }
    output.release();
    if (signalled) return stoppedBy(signalled);
    const server = app;
    server?.exited.then((exit) => {
      if (exit.expected) return;
      const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
      abort({ cause: `the app server died during the run (${how}); its log: ${server.logFile}${lastLines(server.logFile)}`, at: exit.at.toISOString() });
    });
    const code = await finished;
    if (signalled) return stoppedBy(signalled);
    if (aborted) return abortedRun(out, aborted);
    if (server) accountFor(out, await unaccountedFor(server));
    return outcomeOf(out, code);
  } catch (error) {
    // The build under way was stopped by the signal.
    if (signalled) return stoppedBy(signalled);
    throw error;
  } finally {
    stopWatching();
    rmSync(abortFile, { force: true });
    process.off('SIGINT', stop).off('SIGTERM', stop);
    await app?.stop();
  }
}

/** Adds what no check claimed on the run's server to its report (the run then deviates). */
export function accountFor(out: string, lines: readonly string[]): void {
  const reportFile = join(out, 'report.json');
  if (lines.length === 0 || !existsSync(reportFile)) return;
  const report = withUnaccounted(JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport, lines);
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
}

/** The last lines of a server log, indented under the cause. */
function lastLines(logFile: string, count = 5): string {
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-count) : [];
  return lines.length > 0 ? `; its last lines:\n${lines.map((line) => `    ${line}`).join('\n')}` : '';
}

/** A run stopped because a part of it died: its report says why, and counts no check that ended after as a deviation. */
function abortedRun(out: string, abort: Abort): number {
  const reportFile = join(out, 'report.json');
  if (existsSync(reportFile)) {
    const report = markAborted(JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport, abort);
    writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  }
  console.error(`faultline: ${abort.cause}`);
  return EXIT.cannotJudge;
}
