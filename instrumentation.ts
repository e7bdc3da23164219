import * as Sentry from '@sentry/nextjs';
import { HARNESS_ENV } from './app/_sentry/harness-dsn';
import { LIFELINE_ENV } from './fixtures/harness/lifeline';

export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env[LIFELINE_ENV] === '1') await import('./fixtures/harness/lifeline').then((m) => m.exitWithLauncher());
  // MSW must patch node:https before Sentry's transport first uses it.
  if (process.env[HARNESS_ENV] === '1') await import('./fixtures/ingest/node').then((m) => m.interceptIngest());
  await import('./app/_sentry/server');
}

export const onRequestError = Sentry.captureRequestError;
