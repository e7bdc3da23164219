import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFaultline } from '../selftest/run-cli';
import { cleanWorkspaces } from '../audit/clean';

const DAY = 24 * 60 * 60 * 1000;

/** A cache with three audit workspaces: one unused for 40 days, one used now, one unused for 40 days that a live audit holds. */
function cache() {
  const env = { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'faultline-clean-')) } as NodeJS.ProcessEnv & { XDG_CACHE_HOME: string };
  const workspace = (name: string, daysAgo: number, holder?: number) => {
    const dir = join(env.XDG_CACHE_HOME, 'faultline', 'audit', name);
    mkdirSync(join(dir, '.faultline'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{}');
    const used = join(dir, '.faultline', 'last-audit');
    writeFileSync(used, 'then\n');
    const at = new Date(Date.now() - daysAgo * DAY);
    utimesSync(used, at, at);
    if (holder) writeFileSync(join(dir, '.faultline', 'audit.lock'), String(holder));
    return dir;
  };
  return { env, old: workspace('old-app-1', 40), recent: workspace('recent-app-2', 1), held: workspace('held-app-3', 40, process.pid) };
}

// Two of these start the CLI (tsx, then Node): seconds each on a busy machine.
describe('audit workspaces are cleaned', { timeout: 30_000 }, () => {
  it('removes those no audit used for the limit, never one an audit holds', () => {
    const { env, old, recent, held } = cache();
    expect(cleanWorkspaces(env, 30 * DAY)).toEqual({ removed: [old], held: [held] });
    expect([existsSync(old), existsSync(recent), existsSync(held)]).toEqual([false, true, true]);
  });

  it('faultline audit --clean removes every one an audit does not hold, and says so', async () => {
    const { env, old, recent, held } = cache();
    const { stdout } = await runFaultline(['audit', '--clean'], { env: { ...process.env, ...env } });
    expect(stdout.trim()).toBe(`Removed 2 audit workspaces from ${join(env.XDG_CACHE_HOME, 'faultline', 'audit')}; 1 kept: an audit is using it (${held})`);
    expect([existsSync(old), existsSync(recent), existsSync(held)]).toEqual([false, false, true]);
  });

  it('refuses --clean with an app: it cleans every workspace, not one app’s', async () => {
    const failed = await runFaultline(['audit', '--clean', '../my-app'], { env: process.env });
    expect([failed.code, failed.stderr.trim()]).toEqual([2, 'faultline: --clean removes every audit workspace and takes nothing else (got --clean ../my-app)']);
  });
});
