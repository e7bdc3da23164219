import * as Sentry from '@sentry/nextjs';
import { edgeTunnel } from './edge-tunnel';
import { HARNESS_DSN, HARNESS_ENV } from './harness-dsn';
import { sharedOptions } from './options';

const harness = process.env[HARNESS_ENV] === '1';

Sentry.init({
  ...sharedOptions,
  // No DSN and no harness: the SDK stays off and sends nothing.
  dsn: process.env.SENTRY_DSN || (harness ? HARNESS_DSN : undefined),
  ...(harness && process.env.NEXT_RUNTIME === 'edge' ? edgeTunnel() : {}),
});
