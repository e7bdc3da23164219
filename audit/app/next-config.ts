import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { CannotRun } from '../../harness/failures';

/** What an audit needs of the app's next.config, as Next resolves it (functions, env, top-level `await` and imports included). */
export interface ResolvedConfig {
  distDir: string;
  basePath: string;
  output: string | null;
  trailingSlash: boolean;
  authInterrupts: boolean;
  cacheComponents: boolean;
  partialPrefetching: boolean;
  /** The extensions of the files Next takes as routes (its default: tsx, ts, jsx, js). */
  pageExtensions: string[];
}

/** How long Next may take to load the app's config before the audit says so. */
const CONFIG_LIMIT_MS = 30_000;

/**
 * The config of the app copied into `dir`, loaded by the app's own `next` as `next build` loads it
 * (in the workspace: the app's config runs there, never in the app's folder). A config that throws
 * (a variable its validation wants) or never settles is the app's, said in one line.
 */
export async function resolveNextConfig(dir: string, env: NodeJS.ProcessEnv, configFile: string): Promise<ResolvedConfig> {
  const marker = `faultline-config-${randomUUID()}:`;
  const child = spawn(process.execPath, [join(import.meta.dirname, 'next-config.cjs'), marker], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), CONFIG_LIMIT_MS);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).finally(() => clearTimeout(timer));
  const said = (text: string) =>
    text
      .split('\n')
      .find((line) => line.startsWith(marker))
      ?.slice(marker.length);
  const facts = said(stdout);
  if (code === 0 && facts) return JSON.parse(facts) as ResolvedConfig;
  if (code === null) throw new CannotRun('audited app', `its ${configFile} did not load within ${CONFIG_LIMIT_MS / 1000} s when Next loaded it for a build`);
  const why = said(stderr) ?? stderr.trim().split('\n').at(-1) ?? `exit ${code}`;
  throw new CannotRun(
    'audited app',
    `its ${configFile} failed when Next loaded it for a build: ${why} (it loads with faultline's environment and the app's .env files, as next build would: what it needs goes in one of them)`,
  );
}
