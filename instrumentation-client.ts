import * as Sentry from '@sentry/nextjs';
import { dropServerOriginated, sharedOptions } from './app/_sentry/options';

Sentry.init({
  ...sharedOptions,
  // Inlined at build time; without it the browser SDK sends nothing.
  dsn: process.env.NEXT_PUBLIC_SENTRY_DSN || undefined,
  beforeSend: dropServerOriginated,
});
