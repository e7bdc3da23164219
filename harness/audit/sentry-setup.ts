import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Why an app's Sentry reports cannot come, read from the files Next loads (never run): the line in
 * its setup a team fixes, said beside a failure observed never reported, instead of a guess.
 * Only what the files prove is said; null where the setup looks whole.
 */
export interface SentrySetup {
  server: string | null;
  browser: string | null;
}

const SCRIPT = ['ts', 'js', 'mjs', 'tsx', 'jsx'];

const fileIn = (dir: string, name: string) => SCRIPT.map((ext) => `${name}.${ext}`).find((file) => existsSync(join(dir, file))) ?? null;

/**
 * The setup of the app at `root` whose App Router lives in `appDir` (`app` or `src/app`). Where
 * Next finds the instrumentation files is not guessed at: the Sentry-guide app with both files moved
 * into `src/` beside `app/` still reported from both runtimes on 16.4.5 (seen), so a file in either
 * folder counts as loaded.
 */
export function sentrySetup(root: string, appDir: string): SentrySetup {
  const folders = appDir.startsWith('src') ? [join(root, 'src'), root] : [root, join(root, 'src')];
  const shown = (dir: string, file: string) => (dir === root ? file : `src/${file}`);
  const find = (name: string) => folders.flatMap((dir) => (fileIn(dir, name) ? [{ dir, file: fileIn(dir, name)! }] : []))[0] ?? null;
  const usual = (name: string) => shown(folders[0], `${name}.ts`);

  const instrumentation = find('instrumentation');
  let server: string | null = null;
  if (!instrumentation) server = `the app has no ${usual('instrumentation')}, so nothing reports a server error to Sentry`;
  else if (!/\bonRequestError\b/.test(readFileSync(join(instrumentation.dir, instrumentation.file), 'utf8')))
    server = `${shown(instrumentation.dir, instrumentation.file)} exports no onRequestError, so Next hands Sentry no server error`;

  const client = find('instrumentation-client');
  const legacy = fileIn(root, 'sentry.client.config');
  let browser: string | null = null;
  if (!client && legacy)
    browser = `the browser's Sentry.init is only in ${legacy}, which Next's Turbopack builds never load: Next loads ${usual('instrumentation-client')}`;
  else if (!client) browser = `the app has no ${usual('instrumentation-client')}, so nothing initialises Sentry in the browser`;
  return { server, browser };
}
