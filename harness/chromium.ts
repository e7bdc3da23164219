import { existsSync, statSync } from 'node:fs';
import type { Browser, LaunchOptions } from '@playwright/test';
import { ENV } from '../contract';
import { CannotRun } from './failures';

const systemChromiums = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/**
 * Debian's `chromium-headless-shell`: the same engine without the browser UI, what Playwright
 * itself runs headless. It costs less CPU per page, which matters on a 2-core machine.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * Names every hostname the host-interpolation checks use onto this machine, so a
 * browser can load `shop.example.test` without DNS. Only `.example.test` is mapped.
 */
export const TEST_DOMAIN = 'example.test';

export class BrowserNotFoundError extends CannotRun {
  override name = 'BrowserNotFoundError';
  constructor(detail: string) {
    super(
      'browser',
      `No Chromium found (${detail}). Set ${ENV.chromium} to a Chromium binary, or install Playwright's: npx playwright install chromium (in faultline's checkout: npm run setup).`,
    );
  }
}

/** A Chromium that was found but does not start (a broken install, not a browser at all). */
export class BrowserBrokenError extends CannotRun {
  override name = 'BrowserBrokenError';
  constructor(message: string) {
    super('browser', message);
  }
}

export interface ChromiumLookup {
  /** Headless runs prefer the headless shell; a headed one needs a full Chromium. */
  headless?: boolean;
  /** The browser Playwright downloaded itself, if any (asked for last). */
  playwrightChromium?: () => string | undefined;
  exists?: (path: string) => boolean;
}

/**
 * The Chromium to drive: the one `ENV.chromium` names, else (headless) Debian's headless shell, else a
 * system Chromium, else the browser Playwright downloaded (where the internet allowed
 * `npx playwright install`).
 */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  { headless = true, playwrightChromium = () => undefined, exists = existsSync }: ChromiumLookup = {},
): string {
  const configured = env[ENV.chromium];
  if (configured) {
    if (!exists(configured)) throw new BrowserNotFoundError(`${ENV.chromium}=${configured} does not exist`);
    if (exists === existsSync && !statSync(configured).isFile()) throw new BrowserNotFoundError(`${ENV.chromium}=${configured} is not a file`);
    return configured;
  }
  const candidates = headless ? [headlessShell, ...systemChromiums] : systemChromiums;
  const found = candidates.find(exists) ?? [playwrightChromium()].find((path) => path !== undefined && exists(path));
  if (!found) throw new BrowserNotFoundError(`looked in ${candidates.join(', ')} and Playwright's cache`);
  return found;
}

/**
 * Ports Chromium refuses to load pages from (`net::ERR_UNSAFE_PORT`, Chromium's `kRestrictedPorts`):
 * a server there could never be checked.
 */
export const CHROMIUM_UNSAFE_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * Chromium's flags for every browser faultline drives. `hostRules`: more `--host-resolver-rules`
 * entries (the bench's bare browser sends the page's DSN host to a loopback listener); one flag
 * holds them all, since Chromium keeps only the last of a repeated switch.
 */
export function chromiumArgs({ hostRules = [] }: { hostRules?: string[] } = {}): string[] {
  return [
    // Root in a container has no user namespace sandbox.
    '--no-sandbox',
    '--disable-gpu',
    // Without these, Chromium phones home at start; the closed network refuses it noisily.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // localhost straight to Next's 127.0.0.1: Chromium tries [::1] first, where only the relay for pages that load [::1] by name listens (app-server.ts).
    `--host-resolver-rules=${[`MAP *.${TEST_DOMAIN} 127.0.0.1`, 'MAP localhost 127.0.0.1', ...hostRules].join(',')}`,
  ];
}

/** How faultline launches every Chromium it drives (the workers', repro's, the bench's, the proof's). */
export function launchOptions(executablePath: string, headless = true): LaunchOptions {
  return { executablePath, args: chromiumArgs(), headless };
}

/**
 * The Chromium faultline drives, found as `findChromium` finds it: Playwright (slow to load) is
 * asked for its own download only when no system browser is found.
 */
export async function resolveChromium({
  headless = true,
  env = process.env,
}: { headless?: boolean; env?: Record<string, string | undefined> } = {}): Promise<string> {
  try {
    return findChromium(env, { headless });
  } catch (error) {
    if (!(error instanceof BrowserNotFoundError)) throw error;
  }
  const { chromium } = await import('@playwright/test');
  return findChromium(env, { headless, playwrightChromium: () => chromium.executablePath() });
}

/** The first line of a launch failure, without Playwright's call prefix and log. */
function launchFailure(error: unknown): string {
  return String((error as Error).message ?? error)
    .split('\n')[0]
    .replace(/^browserType\.launch: /, '')
    .trim();
}

/**
 * Launches the Chromium faultline drives; a browser that cannot start is a `BrowserBrokenError`, one
 * line. `ownSignals`: the command takes SIGINT and SIGTERM itself (`cli/stopping.ts`) and closes
 * this browser as it winds down; Playwright's own handlers would close it and exit 130 at once,
 * before the command winds down what else it started and says so (seen in CI: Ctrl-C while the
 * proof's browser was still open, exit 130 and nothing said). Its exit handler stays: a process
 * that ends leaves no browser behind.
 */
export async function launchChromium({
  headless = true,
  env = process.env,
  ownSignals = false,
}: { headless?: boolean; env?: Record<string, string | undefined>; ownSignals?: boolean } = {}): Promise<Browser> {
  const executablePath = await resolveChromium({ headless, env });
  const { chromium } = await import('@playwright/test');
  const signals = ownSignals ? { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } : {};
  try {
    return await chromium.launch({ ...launchOptions(executablePath, headless), ...signals, timeout: 30_000 });
  } catch (error) {
    throw new BrowserBrokenError(`Chromium at ${executablePath} does not start${headless ? '' : ' a window'} (${launchFailure(error)})`);
  }
}

/**
 * A browser is proven before it is trusted: the one a run will drive is launched once and opens a
 * blank page, or the run stops naming it, instead of every check failing as if the app deviated.
 * Returns the binary and its version.
 */
export async function proveChromium(
  options: { headless?: boolean; env?: Record<string, string | undefined> } = {},
): Promise<{ executablePath: string; version: string }> {
  // The commands that prove a browser (run, audit) take their signals themselves.
  const browser = await launchChromium({ ...options, ownSignals: true });
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    return { executablePath: await resolveChromium(options), version: browser.version() };
  } catch (error) {
    throw new BrowserBrokenError(`Chromium at ${await resolveChromium(options)} starts but cannot open a page (${launchFailure(error)})`);
  } finally {
    await browser.close().catch(() => {});
  }
}
