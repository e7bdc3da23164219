import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ENV } from '../contract';
import { faultlineRoot } from '../harness/root';

/** What a finished CLI process gave: its exit code and everything it printed. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

interface CliProcess {
  /** The environment as the process gets it, whole (each caller says what it inherits). */
  env: NodeJS.ProcessEnv;
  /** Where it runs, and whose checkout's bin it runs: faultline's own by default. */
  cwd?: string;
  bin?: string;
}

/** The one way the tests run faultline's bin to its end, as a user does: with node, from a folder, printing what it prints. */
export async function runBin(file: string, args: string[], { env, cwd = faultlineRoot }: Omit<CliProcess, 'bin'>): Promise<CliResult> {
  return promisify(execFile)(file, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: CliResult) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** The checkout's own bin, which every test runs unless it runs a copy's. */
const CHECKOUT_BIN = join(faultlineRoot, 'bin/faultline.mjs');

/** `node bin/faultline.mjs ARGS` to its end. */
export const runFaultline = (args: string[], { bin = CHECKOUT_BIN, ...where }: CliProcess): Promise<CliResult> =>
  runBin(process.execPath, [bin, ...args], where);

/**
 * `node bin/faultline.mjs ARGS` started, for what happens to it while it runs (a signal, a process
 * it starts): what it printed so far, and its exit code once it ends. `readerGone`: its stdout's
 * reader goes away before it writes (`faultline run | head -1`).
 */
export function startFaultline(args: string[], { bin = CHECKOUT_BIN, env, cwd = faultlineRoot, readerGone = false }: CliProcess & { readerGone?: boolean }) {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  if (readerGone) child.stdout.destroy();
  else child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, output, exited };
}

/** Runs the CLI as a user would, from `cwd` (the checkout by default). By default it inherits the outer run's server (its base URL and log). */
export async function faultline(args: string[], env: Record<string, string | undefined> = {}, { cwd = faultlineRoot } = {}) {
  return runFaultline(args, { env: { ...process.env, ...env }, cwd, bin: join(cwd, 'bin/faultline.mjs') });
}

/** Makes the CLI start (and stop) an app of its own instead of using the outer run's. */
export const OWN_SERVER = { [ENV.baseUrl]: undefined, [ENV.serverLog]: undefined, [ENV.targetSecret]: undefined };

/** The `next` this checkout pins (its package.json): what a run here has installed, as the tests expect it said. */
export const PINNED_NEXT = (JSON.parse(readFileSync(join(faultlineRoot, 'package.json'), 'utf8')) as { dependencies: { next: string } }).dependencies.next;

/** A new empty folder. */
export const outDir = () => mkdtempSync(join(tmpdir(), 'faultline-cli-'));
