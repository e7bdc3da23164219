import type { Browser, Page } from '@playwright/test';
import { launchChromium } from '../harness/chromium';
import { PortInUseError } from '../harness/app-server';
import { modeOf, startTarget, targetSpecOf } from '../harness/serve';
import type { TargetServer } from '../harness/app-server';
import { linesWithDigest } from '../harness/server-log';
import { observeEntry } from '../worker/observe-entry';
import { loadIngestCode } from '../worker/browser-ingest';
import { HarnessedSession } from '../worker/session';
import { readFallback } from '../worker/scenario-driver';
import { digestOf } from '../scenarios/golden';
import { reportInOneLine } from '../verdict/report-event';
import { describeDifference, failedChecks, judge, type Check, type Fallback, type ReportSource, type ReportSummary, type Screen } from '../verdict/verdict';
import { join, relative } from 'node:path';
import { activeCatalogue, pinnedWhere } from '../scenarios/active';
import { comparedVersion, forNext, installedNext, notApplicableIn } from '../scenarios/versions';
import { configurationOf, distDirOf, withConfiguration, type ConfigurationId } from '../scenarios/configurations';
import type { Scenario } from '../scenarios/schema';
import { pathProblem } from '../scenarios/paths';
import { buildFailureNotApplicable, buildFailureOn, buildFailures, type BuildFailure } from '../scenarios/build-failures';
import { buildToFailure } from '../harness/build-failure';
import { buildErrorLines, buildFailureDifferences } from '../verdict/build-failure';
import { preflight } from './run-args';
import { resolveScenario } from './select';
import { EXIT, UsageError } from './usage-error';
import { readOptions, type OptionsOf } from '../harness/commands';
import { parseCommand } from './options';

/**
 * What `faultline repro` was asked, as its declaration reads it (harness/commands.ts), headed where
 * there is a screen; and what it replays: a catalogue entry for the app's `next`, or a build-time
 * entry (replayed by the build it stops, not in a browser), in the configuration the reference app
 * is built and replayed in (`--cache-components`).
 */
export type ReproOptions = Omit<OptionsOf<'repro'>, 'cacheComponents'> & {
  scenario?: Scenario;
  configuration: ConfigurationId;
  buildFailure?: BuildFailure;
};

const root = join(import.meta.dirname, '..');

export function parseReproArgs(argv: string[], env: Record<string, string | undefined> = process.env): ReproOptions {
  const { values, positionals } = parseCommand('repro', argv, { positionals: true });
  if (positionals.length + (values.path === undefined ? 0 : 1) !== 1) {
    throw new UsageError('repro takes one scenario id or --path /route (faultline list shows the ids)');
  }
  const pathWrong = values.path === undefined ? null : pathProblem(values.path as string);
  if (pathWrong) throw new UsageError(`Bad --path ${JSON.stringify(values.path)}: ${pathWrong}`);
  const { cacheComponents, ...options } = readOptions('repro', values, argv);
  const configuration = cacheComponents ? 'cache-components' : configurationOf(env).id;
  const buildFailure = buildFailures.find((candidate) => candidate.id === positionals[0]);
  if (buildFailure) assertReplayableBuild(buildFailure, configuration, options);
  const entry = positionals[0] === undefined || buildFailure ? undefined : resolveScenario(activeCatalogue(env), positionals[0]);
  const notApplicable = entry && notApplicableIn(entry, configuration);
  if (notApplicable) throw new UsageError(`${entry.id} is ${notApplicable}`);
  return {
    ...options,
    scenario: entry && forNext(entry, comparedVersion(installedNext(root)).version, configuration),
    configuration,
    // Headed where there is a screen to show it on.
    headed: options.headed || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY),
    ...(buildFailure && { buildFailure }),
  };
}

/** A build-time entry is replayed by building the reference app here, in its configuration. */
function assertReplayableBuild(entry: BuildFailure, configuration: ConfigurationId, values: { dev?: boolean; baseUrl?: string }): void {
  const notApplicable = buildFailureNotApplicable(entry, configuration);
  if (notApplicable) throw new UsageError(`${entry.id} is ${notApplicable}`);
  if (values.dev || values.baseUrl !== undefined)
    throw new UsageError(`${entry.id} stops next build: it is replayed by building the reference app here, without --dev or --base-url`);
}

export interface ReproResult {
  scenario: string | null;
  url: string;
  screen: {
    /** The fallback sentence as shown, else the page title. */
    text: string;
    variant: Fallback;
    digest: string | null;
    status: number;
  };
  /** Server log lines of the error with the shown digest; null when the server is not ours. */
  serverLog: string[] | null;
  /**
   * Error events from both runtimes; only the browser's against --base-url (serverLog is then null).
   * Each with its top frame of the app's code as sent and as the build's maps resolve it (`source`),
   * where the build is the one started here.
   */
  reports: ReportSummary[];
  /** For a catalogue id: the verdict's checks that failed, one line per difference and the fix (the same verdict a run gives). */
  verdict: { reproduced: boolean; failedChecks: Check[]; reasons: string[]; fix?: string } | null;
}

/** Any route: what it showed once the network was quiet (effects and lazy chunks have run by then). */
async function seeRoute(page: Page, path: string): Promise<Pick<Screen, 'fallback' | 'heading' | 'digestLine' | 'status'>> {
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { ...(await readFallback(page)), status: response?.status() ?? 0 };
}

/** What a repro says while the app it starts comes up. */
const STARTING = { start: 'Starting the production build (harness mode)…', dev: 'Starting next dev (harness mode)…' } as const;

/**
 * Replays one entry (or route) against the app (started here in harness mode, or `--base-url`) and
 * hands what happened to `said` as soon as it is known; the app and the browser are stopped after
 * that, so the verdict does not wait for them. The app's start, Chromium's launch and the ingest's
 * code load side by side.
 */
export async function reproduce(options: ReproOptions, root: string, log: (line: string) => void, said: (result: ReproResult) => void): Promise<void> {
  const ingestCode = loadIngestCode();
  // Awaited on every path: a failed load is the session's to report, not an unhandled rejection.
  ingestCode.catch(() => {});
  const mode = modeOf(options);
  if (mode !== 'deployed') log(STARTING[mode]);
  const env = withConfiguration(process.env, options.configuration);
  const [started, launched] = await Promise.allSettled([
    startTarget(targetSpecOf(options, { root, port: options.port, env, onBuildLine: log })),
    launchChromium({ headless: !options.headed }),
  ]);
  const app: TargetServer | undefined = started.status === 'fulfilled' ? started.value.server : undefined;
  const browser: Browser | undefined = launched.status === 'fulfilled' ? launched.value : undefined;
  try {
    // The app's failure first: a browser that also failed is not the cause of a build that did.
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    const { target } = started.value;
    // The production build started here: its reports resolve through its maps (not next dev's, not a deployment's).
    const build = mode === 'start' ? { root, distDir: distDirOf(env) } : undefined;
    const session = await HarnessedSession.open(browser!, target, { warm: false, ingestCode, build });
    const check = await session.begin('repro');
    const { page } = session;

    let seen: Pick<Screen, 'fallback' | 'heading' | 'digestLine' | 'status'>;
    let reports: ReportSummary[];
    let verdict: ReproResult['verdict'] = null;
    if (options.scenario) {
      const observed = await observeEntry(page, options.scenario, target.url, check);
      const judged = judge(options.scenario, target.url, observed, pinnedWhere(options.scenario, root, options.baseUrl ?? null));
      ({ screen: seen, reports } = observed);
      const fix = judged.fix ? { fix: judged.fix } : {};
      verdict = {
        reproduced: judged.differences.length === 0,
        failedChecks: failedChecks(judged),
        reasons: judged.differences.map(describeDifference),
        ...fix,
      };
    } else {
      seen = await seeRoute(page, options.path!);
      const settled = await check.collect();
      reports = [...(settled.server ?? []), ...settled.browser];
    }
    const digest = digestOf(seen.digestLine);
    const serverLog = check.serverLog?.() ?? null;
    said({
      scenario: options.scenario?.id ?? null,
      url: page.url(),
      screen: { text: seen.heading ?? (await page.title()), variant: seen.fallback, digest, status: seen.status },
      serverLog: serverLog === null ? null : digest ? linesWithDigest(serverLog, digest) : [],
      reports,
      verdict,
    });
  } catch (error) {
    if (error instanceof PortInUseError) throw new UsageError(error.message);
    throw error;
  } finally {
    await Promise.all([browser?.close(), app?.stop()]);
  }
}

/** A frame as a reader finds it: `file:line:column`, and the function where one is named. */
const frameInWords = ({ file, line, column, function: name }: { file: string; line: number; column: number | null; function: string | null }) =>
  `${file}:${line}${column === null ? '' : `:${column}`}${name === null ? '' : ` in ${name}`}`;

/** A report's top frame of the app's code, as sent and as the build's maps resolve it: two lines under its own. */
function sourceInWords(source: ReportSource): string[] {
  const raw = source.raw ? frameInWords(source.raw) : '(no frame)';
  const resolved = 'resolved' in source ? frameInWords(source.resolved) : `(${source.unresolved})`;
  return [`               raw      ${raw}`, `               resolved ${resolved}`];
}

export function reproInWords(result: ReproResult): string {
  const { screen } = result;
  const seen =
    screen.variant === 'none' ? `no fallback; page title "${screen.text}"` : screen.variant === 'other' ? 'another error screen' : `${screen.variant} fallback`;
  const lines = [
    `${result.scenario ?? 'path'}: ${result.url}`,
    `  user saw   ${seen}`,
    ...(screen.variant === 'none' ? [] : [`             ${screen.text}`]),
    `  digest     ${screen.digest ?? '(none)'}`,
    `  status     ${screen.status}`,
  ];
  if (result.serverLog === null) lines.push('  server log (not ours: --base-url)');
  else if (result.serverLog.length === 0) lines.push(`  server log ${screen.digest ? 'no line carries this digest' : '(no digest to look for)'}`);
  else lines.push('  server log', ...result.serverLog.map((line) => `             ${line}`));
  if (result.reports.length === 0)
    lines.push(`  reports    none${result.serverLog === null ? ' from the browser (server reports not available with --base-url)' : ''}`);
  for (const [i, report] of result.reports.entries()) {
    lines.push(`  ${i === 0 ? 'reports   ' : '          '} ${reportInOneLine(report)}`);
    if (report.source) lines.push(...sourceInWords(report.source));
  }
  if (result.verdict) {
    lines.push(result.verdict.reproduced ? '  verdict    reproduced as expected' : '  verdict    did NOT reproduce as expected:');
    for (const reason of result.verdict.reasons) lines.push(...reason.split('\n').map((line) => `    ${line}`));
    if (result.verdict.fix) lines.push(`    fix: ${result.verdict.fix}`);
  }
  return lines.join('\n');
}

/** Replays a build-time entry: the route built alone, what the build said, and the same verdict a run gives. */
async function reproBuildFailure(entry: BuildFailure, json: boolean, root: string): Promise<number> {
  console.error(`Building ${entry.path} alone (next build --debug-build-paths), where it stops the build…`);
  const observed = await buildToFailure(root, entry);
  const reasons = buildFailureDifferences(buildFailureOn(entry, comparedVersion(installedNext(root)).version).expect, observed);
  // Where it is from where the user stands, as the other outputs say their files.
  const log = relative(process.cwd(), observed.log) || observed.log;
  const result = {
    scenario: entry.id,
    build: { exit: observed.code, said: buildErrorLines(observed.output), log },
    verdict: { reproduced: reasons.length === 0, reasons },
  };
  const words = [
    `${entry.id}: next build of ${entry.path}`,
    `  exit       ${observed.code ?? 'killed'}`,
    ...result.build.said.map((line, i) => `  ${i === 0 ? 'it said   ' : '          '} ${line}`),
    `  log        ${log}`,
    reasons.length === 0 ? '  verdict    reproduced as expected' : '  verdict    did NOT reproduce as expected:',
    ...reasons.map((reason) => `    ${reason}`),
  ];
  console.log(json ? JSON.stringify(result, null, 2) : words.join('\n'));
  return reasons.length === 0 ? EXIT.ok : EXIT.deviates;
}

export async function repro(options: ReproOptions, root: string): Promise<number> {
  if (options.buildFailure) return reproBuildFailure(options.buildFailure, options.json, root);
  await preflight(options);
  let code: number = EXIT.ok;
  await reproduce(
    options,
    root,
    (line) => console.error(line),
    (result) => {
      console.log(options.json ? JSON.stringify(result, null, 2) : reproInWords(result));
      if (result.verdict && !result.verdict.reproduced) code = EXIT.deviates;
    },
  );
  return code;
}
