import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

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

/**
 * Reporters an app may run in the browser, by the package it depends on and the line in its own
 * source that turns their error capture on (posthog-js captures exceptions only when asked).
 */
const BROWSER_REPORTERS: readonly { name: string; packages: readonly string[]; captures: RegExp }[] = [
  { name: 'PostHog', packages: ['posthog-js'], captures: /\bcapture_exceptions\s*:\s*(?:true|\{)/ },
  { name: 'Rollbar', packages: ['rollbar', '@rollbar/react'], captures: /\bcaptureUncaught\s*:\s*true/ },
  { name: 'Bugsnag', packages: ['@bugsnag/js', '@bugsnag/browser'], captures: /\bBugsnag\.start\s*\(/ },
  { name: 'Datadog', packages: ['@datadog/browser-rum', '@datadog/browser-logs'], captures: /\bdatadog(?:Rum|Logs)\.init\s*\(/ },
  { name: 'LogRocket', packages: ['logrocket'], captures: /\bLogRocket\.init\s*\(/ },
  { name: 'Honeybadger', packages: ['@honeybadger-io/js', '@honeybadger-io/react'], captures: /\bHoneybadger\.configure\s*\(/ },
];

const SOURCE_FOLDERS = ['app', 'pages', 'src', 'components', 'lib'];
const SKIPPED = new Set(['node_modules', '.next', '.git']);

/** The app's own source files (its usual folders, at most `limit`), relative to `root`. */
function sourceFiles(root: string, limit = 2000): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (found.length >= limit || !existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (MODULE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && found.length < limit) found.push(path);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(join(root, folder));
  return found;
}

/**
 * The reporters the app runs in the browser with their error capture on (a dependency in its
 * package.json, and a line of its own source that turns the capture on), which its instrumentation
 * does not hand the server's errors to: `PostHog (src/app/posthog.tsx turns on capture_exceptions)`.
 * An SDK that is only a dependency, or set up without its error capture, reports no error: the app
 * still reports nothing (a PostHog demo's posthog-js without capture_exceptions, corpus).
 */
export function browserReporters(root: string, packageJson: { dependencies?: Record<string, string> }, others: readonly OtherReporter[]): OtherReporter[] {
  const dependencies = Object.keys(packageJson.dependencies ?? {});
  const candidates = BROWSER_REPORTERS.filter(
    ({ name, packages }) => packages.some((pkg) => dependencies.includes(pkg)) && !others.some((other) => other.name === name),
  );
  if (candidates.length === 0) return [];
  const files = sourceFiles(root);
  return candidates.flatMap(({ name, captures }) => {
    const file = files.find((path) => captures.test(readFileSync(path, 'utf8')));
    return file ? [{ name, via: `${relative(root, file)} turns on its error capture` }] : [];
  });
}

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

/** What a module's source imports or re-exports from (static and dynamic imports, requires). */
const specifiersOf = (text: string) =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]);

/** The packages a module's source imports or re-exports from. */
const importsOf = (text: string) => specifiersOf(text).filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'));

const MODULE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx'];

/** The app's own module a specifier names (relative, or `@/` from the folder the instrumentation is in, as the templates' alias has it), if it is one. */
function ownModule(fromFile: string, specifier: string, base: string): string | null {
  const target = specifier.startsWith('.') ? join(dirname(fromFile), specifier) : specifier.startsWith('@/') ? join(base, specifier.slice(2)) : null;
  if (target === null) return null;
  const candidates = [target, ...MODULE_EXTENSIONS.map((ext) => `${target}${ext}`), ...MODULE_EXTENSIONS.map((ext) => join(target, `index${ext}`))];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * The packages the instrumentation file uses, itself or through the app's own modules it imports
 * (its `onRequestError` calling `posthog-node` from `lib/posthog-server.ts`): each with the first of
 * the app's modules it came through.
 */
function packagesReached(file: string, base: string): { specifier: string; through: string | null }[] {
  const reached: { specifier: string; through: string | null }[] = [];
  const seen = new Set<string>();
  const visit = (module: string, through: string | null, depth: number) => {
    if (seen.has(module) || depth > 5) return;
    seen.add(module);
    const text = readFileSync(module, 'utf8');
    for (const specifier of importsOf(text)) reached.push({ specifier, through });
    for (const specifier of specifiersOf(text)) {
      const own = ownModule(module, specifier, base);
      if (own) visit(own, through ?? relative(base, own), depth + 1);
    }
  };
  visit(file, null, 0);
  return reached;
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
  const reached = packagesReached(join(base, file), base);
  const shown = appDir.startsWith('src') ? `src/${file}` : file;
  const found = KNOWN_REPORTERS.flatMap(({ name, packages }) => {
    const used = reached.find(({ specifier }) => packages.some((pattern) => pattern.test(specifier)));
    if (!used) return [];
    const through = used.through === null ? '' : ` (through ${appDir.startsWith('src') ? `src/${used.through}` : used.through})`;
    return [{ name, via: `${shown} imports ${used.specifier}${through}` }];
  });
  const ownHook = /export\s+(?:async\s+)?(?:function|const|let)\s+onRequestError\b|export\s*\{[^}]*\bonRequestError\b/.test(text);
  const sentry = reached.some(({ specifier }) => specifier.startsWith('@sentry/'));
  if (found.length === 0 && ownHook && !sentry) return [{ name: 'its own onRequestError', via: `${shown} exports onRequestError` }];
  return found;
}
