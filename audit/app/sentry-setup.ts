import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DsnVariable, FIX, type SentrySetup, type SentryTunnel, type SetupCause } from '../../verdict/audit-reporting';
import { bundlerOf } from '../../scenarios/next-adaptations';

/**
 * Why an app's Sentry reports cannot come, read from the files Next loads (never run): the line in
 * its setup a team fixes, said beside a failure observed never reported, instead of a guess.
 * Only what the files prove is said; null where the setup looks whole.
 */

const CONFIGS = ['next.config.ts', 'next.config.mjs', 'next.config.js', 'next.config.cjs', 'next.config.mts'];

/**
 * The tunnel of the app at `root` on `next` `version`, as its files write it: a `tunnel` option in
 * the browser's `Sentry.init` (in the file its build loads), which the SDK takes over everything;
 * else `tunnelRoute` in `withSentryConfig`'s options (a route, or `true` for one the plugin names).
 * Only literals are read.
 */
export function sentryTunnel(root: string, appDir: string, version: string): SentryTunnel | null {
  for (const { dir, file } of browserInitFiles(root, appDir, version)) {
    const option = /\btunnel\s*:\s*(['"`])([^'"`]+)\1/.exec(readFileSync(join(dir, file), 'utf8'));
    if (option) return { to: option[2], via: `tunnel in ${dir === root ? file : `src/${file}`}` };
  }
  const config = CONFIGS.find((name) => existsSync(join(root, name)));
  const route = config && /\btunnelRoute\s*:\s*(?:(['"`])([^'"`]+)\1|(true)\b)/.exec(readFileSync(join(root, config), 'utf8'));
  if (route) return { to: route[2] ?? null, via: `tunnelRoute in ${config}` };
  return null;
}

/** The app's folders for its convention files, its own first: `src/` where its router lives there. */
const conventionFolders = (root: string, appDir: string) => (appDir.startsWith('src') ? [join(root, 'src'), root] : [root, join(root, 'src')]);

/**
 * The files whose `Sentry.init` the browser runs, as the app's build loads them: `instrumentation-client`
 * in either folder; and, in webpack's builds (Next 15), the legacy `sentry.client.config` at the root,
 * which Sentry's plugin loads there (Turbopack's never do).
 */
function browserInitFiles(root: string, appDir: string, version: string): { dir: string; file: string }[] {
  const client = conventionFolders(root, appDir).flatMap((dir) =>
    fileIn(dir, 'instrumentation-client') ? [{ dir, file: fileIn(dir, 'instrumentation-client')! }] : [],
  );
  const legacy = fileIn(root, 'sentry.client.config');
  return [...client, ...(legacy && bundlerOf(version) === 'webpack' ? [{ dir: root, file: legacy }] : [])];
}

const SCRIPT = ['ts', 'js', 'mjs', 'tsx', 'jsx'];

const fileIn = (dir: string, name: string) => SCRIPT.map((ext) => `${name}.${ext}`).find((file) => existsSync(join(dir, file))) ?? null;

/**
 * The setup of the app at `root` on `next` `version` whose App Router lives in `appDir` (`app` or `src/app`). Where
 * Next finds the instrumentation files is not guessed at: the Sentry-guide app with both files moved
 * into `src/` beside `app/` still reported from both runtimes on 16.4.5 (seen), so a file in either
 * folder counts as loaded.
 */
export function sentrySetup(root: string, appDir: string, version: string): SentrySetup {
  const folders = conventionFolders(root, appDir);
  const shown = (dir: string, file: string) => (dir === root ? file : `src/${file}`);
  const find = (name: string) => folders.flatMap((dir) => (fileIn(dir, name) ? [{ dir, file: fileIn(dir, name)! }] : []))[0] ?? null;
  const usual = (name: string) => shown(folders[0], `${name}.ts`);

  const instrumentation = find('instrumentation');
  let server: SetupCause | null = null;
  if (!instrumentation) server = { why: `the app has no ${usual('instrumentation')}, so nothing reports a server error to Sentry`, fix: FIX.serverMissing };
  else if (!/\bonRequestError\b/.test(readFileSync(join(instrumentation.dir, instrumentation.file), 'utf8')))
    server = {
      why: `${shown(instrumentation.dir, instrumentation.file)} exports no onRequestError, so Next hands Sentry no server error`,
      fix: FIX.serverMissing,
    };

  const serverConfig = find('sentry.server.config');
  if (!server) server = initCause(serverConfig ?? instrumentation, shown);

  const [client = null] = browserInitFiles(root, appDir, version);
  const legacy = fileIn(root, 'sentry.client.config');
  let browser: SetupCause | null = null;
  if (!client && legacy)
    browser = {
      why: `the browser's Sentry.init is only in ${legacy}, which Next's Turbopack builds never load: Next loads ${usual('instrumentation-client')}`,
      fix: FIX.browserMissing,
    };
  else if (!client)
    browser = { why: `the app has no ${usual('instrumentation-client')}, so nothing initialises Sentry in the browser`, fix: FIX.browserMissing };
  else browser = initCause(client, shown);
  const dsnFrom = { server: dsnVariable(serverConfig ?? instrumentation, shown), browser: dsnVariable(client, shown) };
  return { server, browser, tunnel: sentryTunnel(root, appDir, version), dsnFrom };
}

/** The variable the `dsn` option in `found` reads, with the line it is on. */
function dsnVariable(found: { dir: string; file: string } | null, shown: (dir: string, file: string) => string): DsnVariable | null {
  if (!found) return null;
  const lines = readFileSync(join(found.dir, found.file), 'utf8').split('\n');
  const line = lines.findIndex((text) => /\bdsn\s*:\s*process\.env\.\w+/.test(text));
  if (line < 0) return null;
  return { variable: /\bdsn\s*:\s*process\.env\.(\w+)/.exec(lines[line])![1], at: `${shown(found.dir, found.file)}:${line + 1}` };
}

/** Variables that exist only on Vercel's machines: a setup guarded by one never runs anywhere else, this machine included. */
const VERCEL_ONLY = /process\.env\.((?:NEXT_PUBLIC_)?VERCEL(?:_ENV|_URL)?)\b/;

/**
 * Why the `Sentry.init` in `found` sends nothing here, as its text proves it: turned off
 * (`enabled: false`), or guarded by a variable only Vercel sets, unset in this environment.
 */
function initCause(found: { dir: string; file: string } | null, shown: (dir: string, file: string) => string): SetupCause | null {
  if (!found) return null;
  const text = readFileSync(join(found.dir, found.file), 'utf8');
  if (!/\bSentry\.init\b|\binit\(/.test(text)) return null;
  const name = shown(found.dir, found.file);
  // The line a team changes: where the file says it.
  const at = (pattern: RegExp) => `${name}:${text.split('\n').findIndex((line) => pattern.test(line)) + 1}`;
  const off = /\benabled\s*:\s*false\b/;
  if (off.test(text))
    return { why: `${at(off)}: Sentry.init has enabled: false, so the SDK sends nothing`, fix: `drop \`enabled: false\` from \`Sentry.init\` in \`${name}\`` };
  const vercel = VERCEL_ONLY.exec(text);
  if (vercel && !process.env[vercel[1]])
    return {
      why: `${at(VERCEL_ONLY)} sets Sentry up only where ${vercel[1]} is set (process.env.${vercel[1]}), which it is not here: on Vercel it may report`,
      fix: `initialise Sentry wherever the app runs (\`${name}\` without the \`${vercel[1]}\` condition), or audit with \`${vercel[1]}\` set as Vercel sets it`,
    };
  return null;
}
