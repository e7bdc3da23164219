import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ENV } from '../harness/contract';
import { faultlineRoot } from '../harness/root';

/** Runs the CLI as a user would, from `cwd` (the checkout by default). By default it inherits the outer run's server (its base URL and log). */
export async function faultline(args: string[], env: Record<string, string | undefined> = {}, { cwd = faultlineRoot } = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(cwd, 'bin/faultline.mjs'), ...args], { cwd, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** Makes the CLI start (and stop) an app of its own instead of using the outer run's. */
export const OWN_SERVER = { [ENV.baseUrl]: undefined, [ENV.serverLog]: undefined, [ENV.targetSecret]: undefined };

/** A new empty folder. */
export const outDir = () => mkdtempSync(join(tmpdir(), 'faultline-cli-'));
