// As Sentry's Next.js guide (and its wizard) writes it: a literal DSN.
import * as Sentry from '@sentry/nextjs';

Sentry.init({
  dsn: 'https://examplePublicKey@o4509000000000000.ingest.us.sentry.io/4509000000000001',
  tracesSampleRate: 1,
});

export const onRouterTransitionStart = Sentry.captureRouterTransitionStart;
