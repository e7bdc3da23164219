/**
 * `npm run bench:audit`: what `faultline audit` costs on an app faultline did not write (issue
 * #31's speed targets), on the Sentry-guide app generated from registry packages:
 * - the app's own `next build` (a copy of it, its Google fonts answered on this machine as the
 *   audit does), the floor;
 * - a cold audit (no workspace): its build (the app with the catalogue placed) and its test phase;
 *   target: at most the app's own build plus 30 s;
 * - a second audit of the unchanged app: no build, target 30 s from start to end.
 * Writes bench/audit-results.json; exit 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectApp } from '../harness/audit/app';
import { googleFonts, offlineFonts } from '../harness/audit/fonts';
import { auditWorkspace } from '../harness/audit/workspace';
import { nextBin } from '../harness/build';
import { withoutTarget } from '../harness/target';
import { generateApp } from '../foreign-apps/generate';

const root = join(import.meta.dirname, '..');
const TARGET = { coldOverBuildSeconds: 30, warmSeconds: 30 };

function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; seconds: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, seconds: (performance.now() - started) / 1000, stdout }));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'faultline-bench-audit-'));
const app = await generateApp(join(dir, 'sentry-guide-app'), { sentry: true });
rmSync(auditWorkspace(inspectApp(app)), { recursive: true, force: true });

console.error('bench:audit: 1/3 the app’s own next build (a copy, fonts answered offline)');
const copy = join(dir, 'own-build');
cpSync(app, copy, { recursive: true, verbatimSymlinks: true });
const fonts = await offlineFonts(googleFonts(copy, [join(copy, 'app')]), join(dir, 'fonts.cjs'));
const own = await timed(process.execPath, [nextBin(copy), 'build'], copy, { ...withoutTarget(), NEXT_TELEMETRY_DISABLED: '1', ...fonts.env });
await fonts.stop();
if (own.code !== 0) throw new Error('bench:audit: the app’s own build failed');

const audit = (out: string) => timed(process.execPath, [join(root, 'bin/faultline.mjs'), 'audit', app, '--out', join(dir, out)], root, withoutTarget());
console.error('bench:audit: 2/3 a cold audit (no workspace)');
const cold = await audit('cold');
console.error('bench:audit: 3/3 a second audit of the unchanged app');
const warm = await audit('warm');

const builtIn = (stdout: string) => Number(/Built in ([\d.]+) s/.exec(stdout)?.[1] ?? NaN);
const phase = (stdout: string) => Number(/Test phase ([\d.]+) s/.exec(stdout)?.[1] ?? NaN);
const entries = (stdout: string) => Number(/in (\d+) failures judged/.exec(stdout)?.[1] ?? NaN);
const results = {
  at: new Date().toISOString(),
  app: 'sentry-guide-app (create-next-app template + Sentry guide)',
  ownBuildSeconds: round(own.seconds),
  cold: { seconds: round(cold.seconds), buildSeconds: builtIn(cold.stdout), testPhaseSeconds: phase(cold.stdout), entries: entries(cold.stdout), exit: cold.code },
  warm: { seconds: round(warm.seconds), rebuilt: warm.stdout.includes('Building the app'), testPhaseSeconds: phase(warm.stdout), exit: warm.code },
  targets: {
    coldOverOwnBuild: { seconds: round(cold.seconds - own.seconds), target: TARGET.coldOverBuildSeconds, met: cold.seconds - own.seconds <= TARGET.coldOverBuildSeconds },
    warm: { seconds: round(warm.seconds), target: TARGET.warmSeconds, met: warm.seconds <= TARGET.warmSeconds && !warm.stdout.includes('Building the app') },
  },
};
writeFileSync(join(root, 'bench', 'audit-results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
rmSync(auditWorkspace(inspectApp(app)), { recursive: true, force: true });
rmSync(dir, { recursive: true, force: true });
process.exitCode = results.targets.coldOverOwnBuild.met && results.targets.warm.met ? 0 : 1;

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
