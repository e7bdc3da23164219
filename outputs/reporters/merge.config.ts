import { defineConfig } from '@playwright/test';
import { ENV } from '../../contract';

/** `faultline merge`: replays shard blob reports into the same reporters a run uses. */
export default defineConfig({
  // Blob reports name files from the run config's root (the project), as every project has its own folder.
  testDir: '../..',
  reporter: process.env[ENV.reporter] ? JSON.parse(process.env[ENV.reporter]!) : [['list']],
});
