import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/**
 * A command that takes SIGINT itself (as `faultline run` and `faultline audit` do, cli/stopping.ts)
 * with a Chromium of faultline's open: Ctrl-C, then the command's own wind-down, a second long,
 * to its line and its exit. Returns how the process ended and what it said.
 */
async function ctrlCWithBrowserOpen(ownSignals: boolean): Promise<{ code: number; stdout: string }> {
  const script = `
    const { launchChromium } = await import(${JSON.stringify(join(root, 'harness', 'chromium.ts'))});
    const browser = await launchChromium({ ownSignals: ${ownSignals} });
    process.once('SIGINT', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await browser.close();
      console.log('wound down by the command');
      process.exit(0);
    });
    process.kill(process.pid, 'SIGINT');
    setTimeout(() => {}, 20_000);
  `;
  return promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, timeout: 30_000 }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

describe("a Chromium faultline launches in a command's own process", () => {
  it('leaves Ctrl-C to the command that takes it: its wind-down runs to its line, never cut short by exit 130 from Playwright', async () => {
    expect(await ctrlCWithBrowserOpen(true)).toEqual({ code: 0, stdout: 'wound down by the command\n' });
  }, 40_000);
});
