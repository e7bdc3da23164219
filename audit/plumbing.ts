import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { AUDIT_DELIVERY_PREFIX, AUDIT_SEGMENT, FLUSH_ROUTE } from '../contract';
import { CannotRun } from '../harness/failures';
import type { AuditedApp } from './app/inspect';
import { readReporters } from './app/error-reporters';

/**
 * What the audit places in the app's workspace for itself, whatever kinds of entry it checks: the
 * reserved segment's folders (refused where the app has a route of its own there), the flush route
 * its server SDKs send what they hold through, Next's hand-overs to `onRequestError` counted in
 * the server log, faultline's own routes let through the app's proxy; and how any file of
 * faultline's is written there.
 */

/** Where faultline's own files go in the app's workspace: the reserved segment of each router it has, and the flush route. */
export interface Reserved {
  workspace: string;
  /** The App Router's root layout group the entries go under (`''`: the app folder itself). */
  group: string;
  /** `{appDir}/{group}/faultline-audit`, where the App Router has one. */
  auditDir: string | null;
  /** `{pagesDir}`, where the Pages Router has one. */
  pagesDir: string | null;
  /** The flush route's path (before the app's basePath), and where its file goes. */
  flush: { route: string; file: string; router: 'app' | 'pages' };
}

/** The reserved segment's folders in the workspace; an app with a route of its own there is refused, since its pages would answer instead. */
export function reservedIn(workspace: string, app: AuditedApp): Reserved {
  const group = app.appRouter ? rootLayoutGroup(join(workspace, app.appDir)) : '';
  const auditDir = app.appRouter ? join(workspace, app.appDir, group, AUDIT_SEGMENT) : null;
  const pagesDir = app.pagesDir ? join(workspace, app.pagesDir) : null;
  // The workspace holds the app's sources afresh: a folder there is the app's own route, which would answer instead of what is placed.
  for (const reserved of [auditDir, pagesDir && join(pagesDir, AUDIT_SEGMENT), pagesDir && join(pagesDir, 'api', AUDIT_SEGMENT)])
    if (reserved && existsSync(reserved))
      throw new CannotRun(
        'audited app',
        `it has a route of its own at ${relative(workspace, reserved)}/, the segment faultline reserves for the failures it places: its pages would answer instead of them, so nothing could be judged`,
      );
  const flush = auditDir
    ? {
        route: `${group.startsWith('[') ? '/[^/]+' : ''}/${AUDIT_SEGMENT}/${FLUSH_ROUTE}`,
        file: join(auditDir, FLUSH_ROUTE, 'route.js'),
        router: 'app' as const,
      }
    : { route: `/api/${AUDIT_SEGMENT}/${FLUSH_ROUTE}`, file: join(pagesDir!, 'api', AUDIT_SEGMENT, `${FLUSH_ROUTE}.js`), router: 'pages' as const };
  return { workspace, group, auditDir, pagesDir, flush };
}

/** Whether the flush route is placed: the app has Sentry, or traces with OpenTelemetry, whose spans wait in a batch. */
const flushesFor = (app: AuditedApp) => app.sentry || readReporters(app.otherReporters).includes('OpenTelemetry');

/**
 * faultline's own routes, which the app's proxy must let through: the flush route where it is
 * placed (under a dynamic segment, a locale's, only once the app's proxy sent it there).
 */
export const passesFor = (app: AuditedApp, reserved: Reserved): RegExp[] => (flushesFor(app) ? [new RegExp(`^${reserved.flush.route}$`)] : []);

/** What the audit placed for itself: how its server's reports are settled and counted. */
export interface Plumbing {
  /** The folder of the app's root layout the entries were placed under, when it is not the app folder itself (`app/[locale]`). */
  under?: string;
  /** Whether Next's hand-overs to `onRequestError` are counted (the app's instrumentation wrapped, or one placed that only counts). */
  countsDeliveries: boolean;
  /** Whether the flush route is placed. */
  flushes: boolean;
  /** The flush route's path, before the app's basePath: the App Router's, or a Pages Router API route where the app has only that. */
  flushRoute: string;
}

/**
 * The audit's own files placed in the workspace, after the kinds placed theirs: the flush route
 * where the app has a reporter to flush, the app's proxy wrapped to let faultline's routes through
 * (unless an entry wrapped it already, `proxyWrapped`), Next's hand-overs to `onRequestError`
 * counted.
 */
export function placePlumbing(app: AuditedApp, reserved: Reserved, { proxyWrapped }: { proxyWrapped: boolean }): Plumbing {
  const { workspace } = reserved;
  const traces = readReporters(app.otherReporters).includes('OpenTelemetry');
  const flushes = flushesFor(app);
  const passes = passesFor(app, reserved);
  if (app.ownProxy && passes.length && !proxyWrapped) letThroughAppProxy(join(workspace, dirname(app.appDir), app.ownProxy), passes);
  if (flushes) writeSource(reserved.flush.file, flushRouteSource(app.sentry, traces, reserved.flush.router));
  const countsDeliveries = countDeliveries(workspace, app.appDir);
  const under = reserved.group !== '' ? { under: join(app.appDir, reserved.group) } : {};
  return { ...under, countsDeliveries, flushes, flushRoute: reserved.flush.route.replace('/[^/]+', '') };
}

/** The name the app's own proxy function takes in its wrapped file. */
const APP_PROXY = '__faultlineAppProxy';

/**
 * The ways an app's proxy file exports its function, each rewritten to bind it to `APP_PROXY`
 * instead (the first that matches): the file otherwise stays as written, since Next reads its
 * `config` (the matcher) from the file itself, as a literal.
 */
const PROXY_EXPORTS: [RegExp, (...groups: string[]) => string][] = [
  [/export\s+default\s+(async\s+)?function\b\s*\w*\s*\(/, (_all, async = '') => `${async}function ${APP_PROXY}(`],
  [/export\s+(async\s+)?function\s+(?:proxy|middleware)\s*\(/, (_all, async = '') => `${async}function ${APP_PROXY}(`],
  [/export\s+const\s+(?:proxy|middleware)\b\s*(?::[^=]+)?=/, () => `const ${APP_PROXY} =`],
  [
    /export\s*\{\s*(\w+)\s+as\s+(?:proxy|middleware|default)\s*\}\s*from\s*(['"][^'"]+['"])\s*;?/,
    (_all, name, from) => `import { ${name} as ${APP_PROXY} } from ${from};`,
  ],
  [/export\s+default\s+(?!async\s+function|function)/, () => `const ${APP_PROXY} = `],
];

/**
 * The app's proxy file with faultline's wrapper in front of its own function: the entry's failure
 * thrown for its route (`fails`), faultline's own routes (`passes`, patterns of paths) let through
 * untouched, every other request to the app's proxy as before, under the app's own matcher (the
 * audit checks after the build that it runs for the entry's route). Null when no export of a
 * function is found to wrap.
 */
export function wrappedProxy(text: string, { fails, passes }: { fails?: { route: string; secretImport: string }; passes: readonly RegExp[] }): string | null {
  const rewrite = PROXY_EXPORTS.find(([pattern]) => pattern.test(text));
  if (!rewrite) return null;
  const rewritten = text.replace(rewrite[0], rewrite[1] as (substring: string, ...args: string[]) => string);
  // A second export of the function (`export function proxy` and `export default proxy`) would clash with the wrapper: not guessed at.
  if (PROXY_EXPORTS.some(([pattern]) => pattern.test(rewritten))) return null;
  return [
    rewritten,
    '',
    ...(fails ? [`import { secretMessage as faultlineSecretMessage } from '${fails.secretImport}';`, ''] : []),
    "/** Placed by faultline audit: fails for its entry's route, as an app's proxy fails; lets faultline's own routes through; every other request is the app's proxy's. */",
    'export default async function faultlineWrappedProxy(request, event) {',
    ...(fails
      ? [`  if (request.nextUrl.pathname.replace(/\\/$/, '') === ${JSON.stringify(fails.route)}) throw new Error(faultlineSecretMessage('proxy-throws'));`]
      : []),
    ...(passes.length ? ["  const faultlinePath = request.nextUrl.pathname.replace(/\\/$/, '');"] : []),
    // A proxy that returns nothing lets the request through: faultline's plumbing never waits on what the app's proxy allows (a CSRF guard, a wall).
    ...passes.map((path) => `  if (${path}.test(faultlinePath)) return;`),
    `  return ${APP_PROXY}(request, event);`,
    '}',
    '',
  ].join('\n');
}

/** The app's own proxy wrapped to let faultline's routes through; left as it is where no function is found to wrap (its wall, if any, is then said). */
function letThroughAppProxy(file: string, passes: readonly RegExp[]): void {
  const wrapped = wrappedProxy(readFileSync(file, 'utf8'), { passes });
  if (wrapped !== null) writeSource(file, wrapped);
}

/** The name the app's own `onRequestError` takes in its counted instrumentation file. */
const APP_HOOK = '__faultlineAppOnRequestError';

/** The ways an instrumentation file exports `onRequestError`, each rewritten to bind it to `APP_HOOK` instead. */
const HOOK_EXPORTS: [RegExp, (...groups: string[]) => string][] = [
  [/export\s+(async\s+)?function\s+onRequestError\s*\(/, (_all, async = '') => `${async}function ${APP_HOOK}(`],
  [/export\s+const\s+onRequestError\b\s*(?::[^=]+)?=/, () => `const ${APP_HOOK} =`],
  [/export\s*\{\s*onRequestError\s*\}\s*from\s*(['"][^'"]+['"])\s*;?/, (_all, from) => `import { onRequestError as ${APP_HOOK} } from ${from};`],
  [/export\s*\{\s*(\w+)\s+as\s+onRequestError\s*\}\s*from\s*(['"][^'"]+['"])\s*;?/, (_all, name, from) => `import { ${name} as ${APP_HOOK} } from ${from};`],
];

/**
 * The app's instrumentation file (null: it has none) with every error Next hands to
 * `onRequestError` counted first, as a line in the server log (`AUDIT_DELIVERY_PREFIX`), then
 * handed to the app's own hook, if it has one, as before. Null when the file names
 * `onRequestError` in a form not rewritten here: not counted, rather than guessed.
 */
export function countedInstrumentation(text: string | null): string | null {
  // CommonJS exports cannot take an ES export beside them.
  if (text !== null && /\bmodule\.exports\b|\bexports\.\w+\s*=/.test(text)) return null;
  const rewrite = text === null ? undefined : HOOK_EXPORTS.find(([pattern]) => pattern.test(text));
  if (text !== null && !rewrite && /\bonRequestError\b/.test(text)) return null;
  const rewritten = text === null ? '' : rewrite ? text.replace(rewrite[0], rewrite[1] as (substring: string, ...args: string[]) => string) : text;
  if (rewrite && HOOK_EXPORTS.some(([pattern]) => pattern.test(rewritten))) return null;
  return [
    rewritten,
    '',
    "/** Placed by faultline audit: counts each error Next hands to onRequestError, then hands it to the app's hook as before. */",
    'export async function onRequestError(error, request, context) {',
    `  console.log(${JSON.stringify(AUDIT_DELIVERY_PREFIX)} + JSON.stringify({ path: request?.path ?? null, routeType: context?.routeType ?? null }));`,
    ...(rewrite ? [`  return ${APP_HOOK}(error, request, context);`] : []),
    '}',
    '',
  ].join('\n');
}

export const LAYOUT = /^layout\.[cm]?[jt]sx?$/;

export const PAGE = /^page\.[cm]?[jt]sx?$/;

/** A layout that renders the document: a root layout, rather than one that only returns its children. */
const rendersDocument = (file: string) => /<html[\s>]/.test(readFileSync(file, 'utf8'));

/**
 * The folder under the app folder whose layout is the app's root layout, where the catalogue is
 * placed: the app folder itself; or a folder the URL does not name a fixed segment for, holding a
 * layout of its own: a route group (several root layouts, each with its `<html>`; faultline's
 * reference app is one), or a dynamic segment whose layout renders `<html>` (next-intl's
 * `app/[locale]/`, under an `app/layout.tsx` that only returns its children, or none). Among
 * several, the one serving the home page, else the first. A catch-all never: it would take every
 * path beneath it.
 */
export function rootLayoutGroup(appDir: string): string {
  const layoutIn = (dir: string) => readdirSync(dir).find((name) => LAYOUT.test(name));
  const holds = (dir: string, pattern: RegExp) => readdirSync(dir).some((name) => pattern.test(name));
  const own = layoutIn(appDir);
  if (own && rendersDocument(join(appDir, own))) return '';
  const candidates = readdirSync(appDir)
    .sort()
    .filter((name) => (/^\(.+\)$/.test(name) || /^\[[^.[\]]+\]$/.test(name)) && statSync(join(appDir, name)).isDirectory())
    .filter((name) => {
      const layout = layoutIn(join(appDir, name));
      // A route group's layout is a root wherever the app folder has none; otherwise, only a layout that renders the document is.
      return layout !== undefined && ((own === undefined && name.startsWith('(')) || rendersDocument(join(appDir, name, layout)));
    });
  if (own && candidates.length === 0) return '';
  return candidates.find((group) => holds(join(appDir, group), PAGE)) ?? candidates[0] ?? '';
}

/** An import specifier from `fromDir` to `file`. */
export function importPath(fromDir: string, file: string): string {
  const path = relative(fromDir, file);
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Heads every file faultline places: the app's own checks are not for faultline's sources (already
 * type-checked and linted here), and a strict `checkJs` tsconfig or Next 15's lint in `next build`
 * would otherwise fail the app's build on them. The disable comes first: ESLint judges what stands
 * before it, and typescript-eslint's `recommended` bans `@ts-nocheck` (`ban-ts-comment`), which
 * TypeScript still reads after another comment.
 */
const PLACED_HEADER = '/* eslint-disable */\n// @ts-nocheck\n';

export function writeSource(target: string, text: string): void {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${PLACED_HEADER}${text}`);
}

/** The instrumentation files Next reads: at the root, or in `src/` beside `src/app`. */
const INSTRUMENTATION = ['ts', 'js', 'mjs'].map((ext) => `instrumentation.${ext}`);

/**
 * Counts Next's hand-overs to `onRequestError` in the workspace: the app's instrumentation file
 * (where Next would find it) wrapped, or, where it has none, one placed that only counts. False
 * when its file exports the hook in a form not rewritten.
 */
export function countDeliveries(workspace: string, appDir: string): boolean {
  // Where Next looks, its own folder first: a second file placed beside the app's would be read instead of it.
  const dirs = [...new Set([join(workspace, dirname(appDir)), workspace, join(workspace, 'src')])];
  const own = dirs.flatMap((dir) => INSTRUMENTATION.map((name) => join(dir, name))).find((file) => existsSync(file));
  const counted = countedInstrumentation(own ? readFileSync(own, 'utf8') : null);
  if (counted === null) return false;
  writeSource(own ?? join(dirs[0], 'instrumentation.js'), counted);
  return true;
}

/**
 * The audit's flush: the app's own server SDKs send what they hold. Sentry's (the one its
 * instrumentation set up: same module, same client) says whether it had a client that can send at
 * all: `Sentry.init` without a DSN still makes a client, which drops everything. OpenTelemetry's
 * tracer provider, reached through the API's global (`@opentelemetry/api` keeps it on a symbol per
 * major version, whichever copy registered it), exports the spans its batch holds.
 */
function flushRouteSource(sentry: boolean, traces: boolean, router: 'app' | 'pages'): string {
  // A POST handler is never prerendered: no segment config, which Cache Components would refuse.
  const answer = `{ client: ${sentry ? 'Boolean(client?.getDsn()), flushed' : 'null'}${traces ? ', traced: await flushTraces()' : ''} }`;
  return [
    ...(sentry ? ["import * as Sentry from '@sentry/nextjs';", ''] : []),
    ...(traces
      ? [
          'async function flushTraces() {',
          "  const api = globalThis[Symbol.for('opentelemetry.js.api.1')];",
          '  const provider = api?.trace?.getDelegate?.() ?? api?.trace;',
          "  if (typeof provider?.forceFlush !== 'function') return false;",
          '  await provider.forceFlush();',
          '  return true;',
          '}',
          '',
        ]
      : []),
    // The App Router's route handler, or the Pages Router's API route where the app has only that.
    router === 'app' ? 'export async function POST() {' : 'export default async function flush(_request, response) {',
    ...(sentry ? ['  const client = Sentry.getClient();', '  const flushed = client ? await Sentry.flush(5000) : null;'] : []),
    router === 'app' ? `  return Response.json(${answer});` : `  response.status(200).json(${answer});`,
    '}',
    '',
  ].join('\n');
}
