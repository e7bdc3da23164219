/**
 * The registry packages the generated apps take beyond faultline's own install, each pinned once,
 * at the newest that installs here and fits its peers (`npm run versions` lists them beside the
 * registry's newest). Their reporters are what the audit reads, so a new release is a version
 * faultline has not observed until these move and `npm test` passes on it.
 */
export const GENERATED_APP_PACKAGES = {
  /** PostHog's Next.js package: its `onRequestError` and provider (`@posthog/next` 0.8 depends on the two below). */
  '@posthog/next': '0.8.4',
  'posthog-js': '1.449.2',
  'posthog-node': '5.74.0',
  /** OpenTelemetry as Next's guide sets it up, and the peers it takes (the newest inside its peer ranges). */
  '@vercel/otel': '2.1.3',
  '@opentelemetry/api': '1.10.0',
  '@opentelemetry/api-logs': '0.223.1',
  '@opentelemetry/instrumentation': '0.223.0',
  '@opentelemetry/resources': '2.12.1',
  '@opentelemetry/sdk-logs': '0.223.1',
  '@opentelemetry/sdk-metrics': '2.12.1',
  '@opentelemetry/sdk-trace-base': '2.12.1',
  'next-intl': '4.15.0',
  /** ESLint as `create-next-app` installs it beside `eslint-config-next` of the app's own `next`. */
  eslint: '9.39.5',
  '@eslint/eslintrc': '3.3.7',
  /** Tailwind as `create-next-app`'s default answer sets it up: through Turbopack's loader from 16.4, through PostCSS before. */
  tailwindcss: '4.3.5',
  '@tailwindcss/turbopack': '4.3.5',
  '@tailwindcss/postcss': '4.3.5',
} as const;

type Pinned = keyof typeof GENERATED_APP_PACKAGES;

/** The named packages at their pins, as `addPackages` takes them. */
export const pinned = (...names: Pinned[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, GENERATED_APP_PACKAGES[name]]));

/** The OpenTelemetry packages `@vercel/otel` takes as peers. */
export const OPENTELEMETRY_PEERS: Pinned[] = [
  '@opentelemetry/api',
  '@opentelemetry/api-logs',
  '@opentelemetry/instrumentation',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-logs',
  '@opentelemetry/sdk-metrics',
  '@opentelemetry/sdk-trace-base',
];
