import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { unaccountedFor } from '../harness/accounting';
import { PortInUseError, type TargetServer } from '../harness/app-server';
import { proveChromium } from '../harness/chromium';
import { ENV } from '../contract';
import { planTarget, targetSpecOf, type PlannedTarget } from '../harness/serve';
import { aimAt, isStarted } from '../harness/target';
import { Checking } from '../harness/engine';
import { comparedVersion, installedNext } from '../scenarios/versions';
import { availableOn, CONFIGURATIONS, withConfiguration } from '../scenarios/configurations';
import { holdOutput } from './held-output';
import { claimOutDir, REPORT_FOLDER, stagingIn } from '../outputs/out-dir';
import { playwrightArgs, preflight, selectionOf, type RunOptions } from './run-args';
import { accountFor, finishRun, reporters, TERMINAL, type Tell } from './run-report';
import { Stopping } from './stopping';
import { EXIT, UsageError } from './usage-error';

export { parseRunArgs } from './run-args';

/**
 * `faultline run`, orchestration only: the app server planned, built when stale and started beside
 * Playwright's runner (its output held until the browser is proven), a part that dies wound down,
 * signals passed on; what is asked is read in run-args.ts, what is written in run-report.ts.
 */

/**
 * The app the run checks, chosen before anything starts (`--base-url`, else the reference app here):
 * its launch is `next start` on the build there is while it is checked, the build first when the
 * sources changed (`onStale` then), in parallel with Playwright's own start-up; each worker waits
 * for it to serve. A port taken since the preflight stops the run.
 */
async function planApp(
  options: RunOptions,
  root: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  onStale: () => Promise<void>,
  tell: Tell,
): Promise<PlannedTarget> {
  try {
    return await planTarget(targetSpecOf(options, { root, port: options.port, env, onBuildLine: (line) => tell.log(line), signal, onStale }));
  } catch (error) {
    if (error instanceof PortInUseError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Who asked for a run: `faultline run` itself (every default), or a matrix observing a column in
 * its workspace, in this process.
 */
export interface RunContext {
  /** The environment the run starts from (by default this process's). */
  env?: NodeJS.ProcessEnv;
  /** The matrix's stop, which the run listens to; the matrix names the stage, says the line and exits. */
  stopping?: Stopping;
  /** Where its output goes: faultline's own lines to `tell`, Playwright's to the file `runnerLog`; by default both to the terminal. */
  said?: { tell: Tell; runnerLog: string };
}

/**
 * The environment of the run's processes: the configuration the app is built, served and checked
 * in (one variable for all three), the reporters writing to `staging`, the selection, and the `next`
 * whose expectations apply (the installed one, or the nearest the catalogue was pinned on).
 */
function runEnv(options: RunOptions, root: string, base: NodeJS.ProcessEnv, { staging, out }: { staging: string; out: string }, tell: Tell): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...withConfiguration(base, options.configuration),
    NEXT_TELEMETRY_DISABLED: '1',
    [ENV.reporter]: JSON.stringify(reporters(staging, { shownAs: out, root, env: base })),
    [ENV.outputDir]: join(staging, 'test-results'),
    [ENV.selection]: selectionOf(options),
    [ENV.scenarios]: options.scenarios.join(','),
  };
  if (options.catalogue) env[ENV.catalogue] = options.catalogue;
  else delete env[ENV.catalogue];
  const compared = comparedVersion(installedNext(root));
  if (compared.outside) tell.log(`faultline: ${compared.outside}\n`);
  const configuration = CONFIGURATIONS[options.configuration];
  if (!options.baseUrl && !availableOn(configuration, compared.version))
    throw new UsageError(`${configuration.title} needs next ${configuration.next}; the app here has next ${installedNext(root) ?? 'not installed'}`);
  env[ENV.nextVersion] = compared.version;
  return env;
}

/**
 * Playwright's runner, its output held until the browser is proven (a browser that fails leaves
 * faultline's line alone): started once, ended unseen when what it started beside turns out stale
 * (a build) or broken (the browser). Asked by a matrix, its output goes to the matrix's log file.
 */
function heldRunner(checking: Checking, root: string, args: string[], env: NodeJS.ProcessEnv, runnerLog: WriteStream | undefined, ownTerminal: boolean) {
  // Colours as on this terminal, when it is one.
  const colour = ownTerminal && process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined ? { FORCE_COLOR: '1' } : {};
  const to = runnerLog ? { stdout: runnerLog, stderr: runnerLog } : process;
  let runner: (ReturnType<Checking['start']> & { output: ReturnType<typeof holdOutput> }) | undefined;
  return {
    start() {
      if (!runner) {
        const started = checking.start(root, args, { ...env, ...colour });
        runner = { ...started, output: holdOutput(started.child, to) };
      }
      return runner;
    },
    async discard() {
      runner?.output.drop();
      runner = undefined;
      await checking.discard();
    },
  };
}

/** A server that dies during the checks stops the run, naming its exit and its log's last lines. */
function watchServer(checking: Checking, server: TargetServer, logFile: string): void {
  checking.watchServer(server.exited, (exit) => ({
    cause: `the app server died during the run (${exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`}); its log: ${logFile}${lastLines(logFile)}`,
  }));
}

/** Runs the conformance projects through Playwright; 0 all conform, 1 a deviation, 2 could not run. */
export async function run(options: RunOptions, root: string, context: RunContext = {}): Promise<number> {
  const tell = context.said?.tell ?? TERMINAL;
  await preflight(options);
  const out = resolve(options.out);
  // The earlier reports stay until this run's are whole: it writes them beside, and they replace the earlier once it has a report.
  claimOutDir(out, REPORT_FOLDER, { keepEarlier: true });
  const staging = stagingIn(out);
  rmSync(staging, { recursive: true, force: true });
  const env = runEnv(options, root, context.env ?? process.env, { staging, out }, tell);

  // Stopped from outside (the build, or Playwright then the server) or by a part that dies (the
  // server here, a browser in a worker): wound down, exit 2 with one cause; nothing is left behind.
  // A matrix's stop is the matrix's: it names the stage (a version's checks) and says the line.
  const own = !context.stopping;
  const stopping = context.stopping ?? new Stopping();
  const stage = (what: string) => own && (stopping.stage = what);
  const stopped = () => (own ? stopping.exit('what it started was wound down') : stopping.code);
  const checking = new Checking(join(root, '.faultline', `abort-${process.pid}.jsonl`), stopping.signal);
  let app: TargetServer | undefined;
  // Asked by a matrix: Playwright's output is for whoever opens the log; the column says its cause.
  const runnerLog = context.said ? openLog(context.said.runnerLog) : undefined;
  try {
    // A browser is proven before it is trusted, while the app's build is checked and the app
    // starts, and Playwright's runner loads.
    const browser = proveChromium();
    browser.catch(() => {});
    let runner: ReturnType<typeof heldRunner> | undefined;
    const onStale = async () => {
      stage('the build');
      await runner?.discard();
    };
    const appEnv = withConfiguration(context.env ?? process.env, options.configuration);
    const planned = await planApp(options, root, appEnv, stopping.signal, onStale, tell);
    // An enclosing run's target is never inherited.
    aimAt(env, planned.target);
    runner = heldRunner(checking, root, playwrightArgs(options), env, runnerLog, !context.said);
    // With a build there, the runner loads while it is checked (about half a second); a stale build
    // ends that runner unseen, and a new one starts after the build (its workers would otherwise wait on it).
    if (!planned.mayBuild) runner.start();
    app = await planned.launch().catch(async (error: unknown) => {
      await runner?.discard();
      throw error;
    });
    // A server stopped before it served (the run ended early: a browser that failed its proof)
    // rejects its readiness; that is no failure of its own (one that is, `checking.serverStarting` names).
    app.ready.catch(() => {});
    if (stopping.by) {
      await runner.discard();
      return stopped();
    }
    stage('the checks');
    const { output, finished } = runner.start();
    // A server that never served is the cause named, whatever its checks met of it first.
    checking.serverStarting(app.ready);
    await browser.catch(async (error: unknown) => {
      await runner.discard();
      throw error;
    });
    output.release();
    if (stopping.by) return stopped();
    const { target } = planned;
    if (isStarted(target)) watchServer(checking, app, target.serverLog);
    const code = await finished;
    await checking.serverSettled();
    if (stopping.by) return stopped();
    if (isStarted(target) && !checking.aborted) accountFor(staging, await unaccountedFor(target.harness));
    return finishRun(out, staging, code, checking.aborted, tell);
  } catch (error) {
    // The build under way was stopped by the signal.
    if (stopping.by) return stopped();
    throw error;
  } finally {
    if (own) stopping.dispose();
    await checking.dispose();
    await app?.stop();
    runnerLog?.end();
    // What a run that stopped before its report wrote: the earlier reports are what stays.
    rmSync(staging, { recursive: true, force: true });
  }
}

/** What a run's exit code says of its configuration, in the line a run over several ends with. */
const OUTCOME: Record<number, string> = { [EXIT.ok]: 'conforms', [EXIT.deviates]: 'deviates', [EXIT.cannotJudge]: 'could not be judged' };

/**
 * `faultline run` over every configuration asked for, one after the other, each a whole run of its
 * own (its build, its server, its checks): the first's reports in `--out`, each next one's in its
 * own folder there (`cache-components/`). The exit code is the worst of them; a signal stops the rest.
 */
export async function runEach(options: RunOptions, root: string): Promise<number> {
  if (options.configurations.length === 1) return run(options, root);
  const said: string[] = [];
  let worst: number = EXIT.ok;
  for (const [i, configuration] of options.configurations.entries()) {
    const { title } = CONFIGURATIONS[configuration];
    TERMINAL.log(`${i > 0 ? '\n' : ''}Configuration: ${title}`);
    const out = i === 0 ? options.out : join(options.out, configuration);
    const code = await run({ ...options, configuration, configurations: [configuration], out }, root);
    // Stopped by a signal (130, 143): nothing more starts.
    if (!(code in OUTCOME)) return code;
    said.push(`${title}: ${OUTCOME[code]} (${relative(process.cwd(), resolve(out)) || '.'})`);
    worst = Math.max(worst, code);
  }
  TERMINAL.log(`\n${said.join('; ')}`);
  return worst;
}

/** A log file, emptied first. */
function openLog(file: string): WriteStream {
  mkdirSync(dirname(file), { recursive: true });
  return createWriteStream(file);
}

/** The last lines of a server log, indented under the cause. */
function lastLines(logFile: string, count = 5): string {
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-count) : [];
  return lines.length > 0 ? `; its last lines:\n${lines.map((line) => `    ${line}`).join('\n')}` : '';
}
