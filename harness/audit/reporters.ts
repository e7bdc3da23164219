import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Error reporters other than Sentry that an app hands its errors to, by the package its
 * instrumentation imports: faultline reads Sentry's envelopes only, so of these it can say where
 * errors go, never whether they arrive (foreign-apps.md: apps whose `onRequestError` is PostHog's,
 * OpenTelemetry's, Datadog's, Highlight's or their own logger).
 */
const KNOWN_REPORTERS: readonly { name: string; packages: readonly RegExp[] }[] = [
  { name: 'PostHog', packages: [/^@posthog\//, /^posthog-node$/] },
  { name: 'OpenTelemetry', packages: [/^@vercel\/otel$/, /^@opentelemetry\//] },
  { name: 'Datadog', packages: [/^dd-trace$/, /^@datadog\//] },
  { name: 'Highlight', packages: [/^@highlight-run\//] },
  { name: 'Bugsnag', packages: [/^@bugsnag\//] },
  { name: 'Rollbar', packages: [/^rollbar$/] },
  { name: 'Honeybadger', packages: [/^@honeybadger-io\//] },
  { name: 'New Relic', packages: [/^newrelic$/, /^@newrelic\//] },
];

const INSTRUMENTATION = ['instrumentation.ts', 'instrumentation.js', 'instrumentation.mjs'];

/** Reporters whose server sends faultline reads (PostHog's captures by shape, OpenTelemetry's trace exports over HTTP): judged on the server as Sentry is. */
const READ_ON_THE_SERVER: ReadonlySet<string> = new Set(['PostHog', 'OpenTelemetry']);

/** The names of the app's other reporters whose server sends faultline reads. */
export const readReporters = (reporters: readonly OtherReporter[]): string[] => [
  ...new Set(reporters.map(({ name }) => name).filter((name) => READ_ON_THE_SERVER.has(name))),
];

/** An error reporter of the app's that faultline cannot read: who, and where the app hands errors to it. */
export interface OtherReporter {
  name: string;
  /** The file and what in it: `instrumentation.ts imports @posthog/next`. */
  via: string;
}

/** The packages a module's source imports or re-exports from (static and dynamic imports, requires). */
function importsOf(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]);
  return specifiers.filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'));
}

/**
 * The reporters other than Sentry the app's instrumentation hands errors to (in the folder Next
 * reads it from: the root, or `src/` with `src/app`), and an `onRequestError` of its own that
 * uses none of them (its own logger).
 */
export function otherReporters(root: string, appDir: string): OtherReporter[] {
  const base = appDir.startsWith('src') ? join(root, 'src') : root;
  const file = INSTRUMENTATION.find((name) => existsSync(join(base, name)));
  if (!file) return [];
  const text = readFileSync(join(base, file), 'utf8');
  const imports = importsOf(text);
  const shown = appDir.startsWith('src') ? `src/${file}` : file;
  const found = KNOWN_REPORTERS.flatMap(({ name, packages }) => {
    const used = imports.find((specifier) => packages.some((pattern) => pattern.test(specifier)));
    return used ? [{ name, via: `${shown} imports ${used}` }] : [];
  });
  const ownHook = /export\s+(?:async\s+)?(?:function|const|let)\s+onRequestError\b|export\s*\{[^}]*\bonRequestError\b/.test(text);
  const sentry = imports.some((specifier) => specifier.startsWith('@sentry/'));
  if (found.length === 0 && ownHook && !sentry) return [{ name: 'its own onRequestError', via: `${shown} exports onRequestError` }];
  return found;
}
