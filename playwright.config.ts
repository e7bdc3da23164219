import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';
import { BrowserNotFoundError, findChromium, launchOptions } from './harness/chromium';
import { ENV } from './contract';
import { exitWithLauncher } from './harness/lifeline';
import { UsageError } from './harness/failures';
import { globalSetupsFor, workersFrom } from './harness/settings';
import { ownModule } from './harness/root';

// Under `faultline run`, the runner ends with the faultline process that started it, even a SIGKILLed
// one (its stdin), and each worker with its runner (its IPC channel): a worker whose runner died can
// otherwise linger, holding its browser.
if (process.env[ENV.lifeline] === '1') {
  // Workers are forked with an IPC channel; the runner is spawned without one.
  if (process.send === undefined) exitWithLauncher('SIGINT');
  else process.once('disconnect', () => process.exit(0));
}

/** One line and exit 2 for a setting faultline cannot run with: a setup problem, not a bug. */
function orExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof BrowserNotFoundError) && !(error instanceof UsageError)) throw error;
    console.error(`faultline: ${error instanceof BrowserNotFoundError ? 'the browser: ' : ''}${error.message}`);
    process.exit(2);
  }
}

const executablePath = orExit(() => findChromium(process.env, { playwrightChromium: () => chromium.executablePath() }));

export default defineConfig({
  globalSetup: globalSetupsFor(process.env, { checkout: existsSync(ownModule('foreign-apps/global-setup')) }).map((path) => ownModule(path)),
  fullyParallel: true,
  workers: orExit(() => workersFrom(process.env)),
  // A stray `.only` would make a run check one test and pass: never allowed.
  forbidOnly: true,
  // A failure is a deviation to report, not noise to retry away.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // `faultline run` keeps its artifacts beside its reports, apart from an enclosing run's.
  outputDir: process.env[ENV.outputDir] || 'test-results',
  reporter: process.env[ENV.reporter] ? JSON.parse(process.env[ENV.reporter]!) : [['list']],
  use: {
    browserName: 'chromium',
    // Tracing costs about a tenth of the run; opt in when a failure needs one.
    trace: process.env[ENV.trace] ? 'retain-on-failure' : 'off',
    launchOptions: launchOptions(executablePath),
  },
  // Each project is a folder: a spec is in a run because of where it is, never because a pattern missed it.
  projects: [
    // What `faultline run` checks: the catalogue and the fallback contract.
    { name: 'conformance', testDir: 'e2e' },
    // faultline's own tests: the CLI spawned as a user would (it starts conformance runs of its own),
    // the lifetime of what it starts, the harness's exposure, the report check itself, the matrix.
    { name: 'selftest', testDir: 'selftest', dependencies: ['conformance'] },
    // `faultline audit` of apps faultline did not write, generated from registry packages (each shape
    // once a run, foreign-apps/apps.ts): beside the selftests, filling the time their builds and
    // ordered groups leave a worker idle (the selftests' own builds already run beside their timed runs).
    { name: 'foreign-apps', testDir: 'foreign-apps', dependencies: ['conformance'] },
    // `faultline audit` only: a check per entry placed in the audited app its CLI started. An entry
    // waits on its page (15 s at most), then on what it set off on the server.
    ...(process.env[ENV.auditPlan] ? [{ name: 'audit', testDir: 'audit', timeout: 120_000 }] : []),
    // `npm run bench` only: the catalogue with each check's floor and bare limit.
    ...(process.env[ENV.bench] ? [{ name: 'bench', testDir: 'bench', testMatch: '*.bench.ts' }] : []),
  ],
});
