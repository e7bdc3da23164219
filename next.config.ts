import type { NextConfig } from 'next';
import { withSentryConfig } from '@sentry/nextjs/config';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  experimental: {
    // Enables forbidden() and unauthorized(), two routing signals the catalogue pins.
    authInterrupts: true,
  },
};

// Offline build: no telemetry, no source map upload, no chatter.
export default withSentryConfig(nextConfig, {
  telemetry: false,
  sourcemaps: { disable: true },
  silent: true,
});
