/**
 * `npm run bench:package`: what a team gets from `npm i -D faultline` (issue #43): the tarball
 * `npm run package` writes, its size packed and unpacked, and what installing it into an empty
 * folder brings (from npm's cache where it has them): the packages, and their size on disk. Writes
 * bench/package-results.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack } from '../cli/pack';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'faultline-bench-package-'));
const packed = await pack(root, join(dir, 'package'), dir);
const app = join(dir, 'app');
mkdirSync(app);
writeFileSync(join(app, 'package.json'), '{ "name": "empty", "private": true }\n');
execFileSync('npm', ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', packed.tarball], { cwd: app, stdio: 'ignore' });
const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
const packages = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/'));
const installedKb = Number(execFileSync('du', ['-sk', join(app, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]);
const results = {
  at: new Date().toISOString(),
  tarball: { kB: Math.round(packed.size / 1024), unpackedKB: Math.round(packed.unpackedSize / 1024), files: packed.files },
  dependencies: packed.dependencies,
  installs: { packages: packages.length, MB: Math.round(installedKb / 1024) },
};
writeFileSync(join(root, 'bench', 'package-results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
rmSync(dir, { recursive: true, force: true });
