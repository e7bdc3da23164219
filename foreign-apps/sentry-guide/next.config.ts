import type { NextConfig } from 'next';
import { withSentryConfig } from '@sentry/nextjs/config';

const nextConfig: NextConfig = {
  /* config options here */
};

export default withSentryConfig(nextConfig, {
  org: 'example-org',
  project: 'example-project',
  silent: !process.env.CI,
  tunnelRoute: true,
});
