import * as Sentry from '@sentry/nextjs';
import { edgeTunnel } from './edge-tunnel';
import { sharedOptions } from './options';
import { ENV, HARNESS_DSN } from '@/contract';

const harness = process.env[ENV.harness] === '1';

Sentry.init({
  ...sharedOptions,
  // No DSN and no harness: the SDK stays off and sends nothing.
  dsn: process.env.SENTRY_DSN || (harness ? HARNESS_DSN : undefined),
  ...(harness && process.env.NEXT_RUNTIME === 'edge' ? edgeTunnel() : {}),
  // Dedupe drops an event identical to the one before it: the load test's fifty identical failures at once would lose some there, before the ingest it measures.
  ...(harness && process.env[ENV.sdkDedupe] === '0' ? { integrations: (all: { name: string }[]) => all.filter(({ name }) => name !== 'Dedupe') } : {}),
});
