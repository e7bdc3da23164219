import type { NextConfig } from 'next';
import { withSentryConfig } from '@sentry/nextjs/config';
import { buildFailureConfig, configurationOf, nextConfigFor } from './scenarios/configurations';
import { ENV } from './contract';
import { installedNext } from './scenarios/versions';

// The same app under Cache Components when the environment asks for it (scenarios/configurations.ts).
const configuration = configurationOf(process.env);
const configured = nextConfigFor(configuration, installedNext(process.cwd()) ?? '0.0.0');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The project's own type check (`npm run typecheck`, in `npm test` and CI) checks every file once;
  // the app is built many times over (a run's build, the matrix's workspaces, the mutants, the
  // audit's copy), and each would check the whole project again: a third of a build's time.
  typescript: { ignoreBuildErrors: true },
  ...configured,
  // The build that checks a build-time entry takes its route file in, and writes beside the app's own build.
  ...buildFailureConfig(process.env[ENV.buildFailure], configured.pageExtensions),
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
