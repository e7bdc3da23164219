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
});
