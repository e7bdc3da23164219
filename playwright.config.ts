import { chromium, defineConfig } from '@playwright/test';
import { BrowserNotFoundError, chromiumArgs, findChromium } from './fixtures/harness/browser';
import { exitWithLauncher, LIFELINE_ENV } from './fixtures/harness/lifeline';

// Under `faultline run`, the runner ends with the faultline process that started it, even a SIGKILLed
// one (its stdin), and each worker with its runner (its IPC channel): a worker whose runner died can
// otherwise linger, holding its browser.
if (process.env[LIFELINE_ENV] === '1') {
  // Workers are forked with an IPC channel; the runner is spawned without one.
  if (process.send === undefined) exitWithLauncher('SIGINT');
  else process.once('disconnect', () => process.exit(0));
}

function chromiumPath(): string {
  try {
    return findChromium(process.env, { playwrightChromium: () => chromium.executablePath() });
  } catch (error) {
    if (!(error instanceof BrowserNotFoundError)) throw error;
    // One line, no stack: this is a setup problem, not a bug.
    console.error(`faultline: ${error.message}`);
    process.exit(2);
  }
}

const workers = Number(process.env.FAULTLINE_WORKERS) || 2;
/** Specs that test faultline itself, not the app: never part of a conformance run. */
const HARNESS_SPECS = /(cli|lifeline|reports-settle|page-conditions|harness-exposure|run-faults|matrix)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers,
  // A stray `.only` would make a run check one test and pass: never allowed.
  forbidOnly: true,
  // A failure is a deviation to report, not noise to retry away.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // `faultline run` keeps its artifacts beside its reports, apart from an enclosing run's.
  outputDir: process.env.FAULTLINE_OUTPUT_DIR || 'test-results',
  reporter: process.env.FAULTLINE_REPORTER ? JSON.parse(process.env.FAULTLINE_REPORTER) : [['list']],
  use: {
    // Tracing costs about a tenth of the run; opt in when a failure needs one.
    trace: process.env.FAULTLINE_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs() },
  },
  projects: [
    // What `faultline run` checks: the catalogue and the fallback contract.
    { name: 'conformance', testIgnore: HARNESS_SPECS, use: { browserName: 'chromium' } },
    // The CLI, spawned as a user would (it starts conformance runs of its own), the lifetime of the servers it starts, and the report check itself.
    { name: 'cli', testMatch: HARNESS_SPECS, dependencies: ['conformance'] },
  ],
});
