import { defineConfig } from '@playwright/test';

/** `faultline merge`: replays shard blob reports into the same reporters a run uses. */
export default defineConfig({
  testDir: '../e2e',
  reporter: process.env.FAULTLINE_REPORTER ? JSON.parse(process.env.FAULTLINE_REPORTER) : [['list']],
});
