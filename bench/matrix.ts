/**
 * `npm run bench:matrix [-- --no-record] [-- --no-cold]`: what the default matrix costs on this
 * machine, with a warm npm cache: once from nothing (every workspace installed and built, every
 * `next` installed into faultline's cache), once more
 * with nothing changed (no install, no build, no run). Writes bench/matrix-results.json, the matrix
 * itself to bench/matrix.json, and the matrix of docs/matrix.md between its markers. `--no-cold` keeps the
 * workspaces: one matrix as things are (re-observing what changed), recorded; the cold figure stays.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_VERSIONS } from '../cli/matrix';
import { replaceDocsMatrix } from '../outputs/matrix-render';
import { DOCS } from '../outputs/docs-blocks';
import { MATRIX_WORKSPACES, nextPackages } from '../harness/next-workspace';
import type { Matrix } from '../verdict/matrix';

const root = join(import.meta.dirname, '..');
const out = join(root, '.faultline', 'bench', 'matrix');
const { values } = parseArgs({ options: { 'no-record': { type: 'boolean', default: false }, 'no-cold': { type: 'boolean', default: false } } });
const resultsFile = join(import.meta.dirname, 'matrix-results.json');

function sh(command: string, args: string[]): Promise<{ code: number | null; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, seconds: (performance.now() - started) / 1000 }));
  });
}

console.error('bench:matrix: warming the npm cache with every default version (not timed)');
const warmed = await sh('npm', ['cache', 'add', ...DEFAULT_VERSIONS.map((version) => `next@${version}`)]);
if (warmed.code !== 0) throw new Error('npm cache add failed: the registry is needed once');

let cold: { code: number | null; seconds: number };
let coldColumns: unknown[] | null = null;
if (values['no-cold']) {
  console.error('bench:matrix: 1/2 the default matrix as things are (--no-cold: the last cold figures are kept)');
  const last = JSON.parse(readFileSync(resultsFile, 'utf8')) as { exitCodes: { cold: number | null }; seconds: { cold: number }; columns: unknown[] };
  await sh(process.execPath, [join(root, 'bin/faultline.mjs'), 'matrix', '--out', out]);
  cold = { code: last.exitCodes.cold, seconds: last.seconds.cold };
  coldColumns = last.columns;
} else {
  console.error("bench:matrix: 1/2 the default matrix from nothing (every workspace, and every default next installed in faultline's cache, removed)");
  rmSync(join(root, MATRIX_WORKSPACES), { recursive: true, force: true });
  for (const version of DEFAULT_VERSIONS) rmSync(join(nextPackages(), version), { recursive: true, force: true });
  cold = await sh(process.execPath, [join(root, 'bin/faultline.mjs'), 'matrix', '--out', out]);
}
const matrix: Matrix = JSON.parse(readFileSync(join(out, 'matrix.json'), 'utf8'));

console.error('bench:matrix: 2/2 the same matrix again, nothing changed');
const unchanged = await sh(process.execPath, [join(root, 'bin/faultline.mjs'), 'matrix', '--out', out]);

const results = {
  measuredAt: new Date().toISOString(),
  versions: DEFAULT_VERSIONS,
  exitCodes: { cold: cold.code, unchanged: unchanged.code },
  seconds: { cold: Math.round(cold.seconds), unchanged: Math.round(unchanged.seconds) },
  targets: { cold: 240, unchanged: 60 },
  // What each step of the cold matrix took.
  columns: coldColumns ?? matrix.columns.map(({ next, seconds, error }) => ({ next, ...seconds, ...(error ? { error } : {}) })),
};
console.log(JSON.stringify(results, null, 2));
console.log(
  `cold ${results.seconds.cold} s (target ≤ 240 s ${results.seconds.cold <= 240 ? '✓' : '✗'}); unchanged ${results.seconds.unchanged} s (target ≤ 60 s ${results.seconds.unchanged <= 60 ? '✓' : '✗'})`,
);
if (!values['no-record']) {
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(import.meta.dirname, 'matrix.json'), `${JSON.stringify(matrix, null, 2)}\n`);
  const doc = join(root, DOCS.matrix);
  writeFileSync(doc, replaceDocsMatrix(readFileSync(doc, 'utf8'), matrix));
}
process.exitCode = results.seconds.cold <= 240 && results.seconds.unchanged <= 60 ? 0 : 1;
