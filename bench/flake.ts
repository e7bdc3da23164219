/**
 * `npm run flake -- --repeat 10`: the whole catalogue N times in one conformance run, two
 * workers. Exit 0 only with zero failures; the figure goes to bench/flake-results.json.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ConformanceReport } from '../verdict/report';
import { catalogue } from '../scenarios/catalogue';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { repeat: { type: 'string', default: '10' }, workers: { type: 'string', default: '2' } } });
const out = join(root, '.faultline', 'flake');
const started = performance.now();
const code = await new Promise<number | null>((resolve, reject) => {
  const args = ['run', ...catalogue.flatMap((s) => ['--scenario', s.id]), '--repeat', values.repeat, '--workers', values.workers, '--out', out];
  const child = spawn(process.execPath, [join(root, 'bin/faultline.mjs'), ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('error', reject);
  child.on('close', resolve);
});
const report: ConformanceReport = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
const failed = report.entries.filter((e) => e.outcome === 'failed');
const results = {
  measuredAt: new Date().toISOString(),
  repeat: Number(values.repeat),
  workers: Number(values.workers),
  entries: catalogue.length,
  checks: report.entries.length,
  failures: failed.length,
  failedIds: [...new Set(failed.map((e) => e.id))],
  wallMs: Math.round(performance.now() - started),
};
writeFileSync(join(import.meta.dirname, 'flake-results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `flake: ${results.checks} checks (${results.entries} entries x ${results.repeat}), ${results.failures} failures, ${(results.wallMs / 1000).toFixed(0)} s`,
);
if (failed.length > 0) for (const e of failed) console.log(`  ✗ ${e.id}: ${e.reasons[0]?.split('\n')[0]}`);
process.exitCode = code === 0 && failed.length === 0 ? 0 : 1;
