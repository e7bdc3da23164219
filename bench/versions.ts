/**
 * `npm run versions`: for each package whose behaviour faultline observes (the framework, the
 * reporters the audit reads, the browser driver), the registry's newest release beside the one
 * faultline pins and the newest its observations cover, so that a release is seen the day it
 * lands. Asks the registry (`npm view`), writes bench/versions-results.json and docs/matrix.md's
 * block, prints the table; exits 1 when the registry has a release faultline has not caught up
 * with (a scheduled job turns red that day), 2 when the registry cannot be asked.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rcompare } from 'semver';
import { GENERATED_APP_PACKAGES } from '../foreign-apps/packages';
import { OBSERVED_ON } from '../scenarios/versions';
import { behind, replaceDocsVersions, versionsAsMarkdown, type TrackedVersion } from './versions-table';

const root = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;

/** Where each tracked package's pin lives, and what observes it. */
const TRACKED: { name: string; pinned: string; pinnedIn: string; observed: string; observedBy: string }[] = [
  {
    name: 'next',
    pinned: manifest.dependencies.next,
    pinnedIn: 'package.json',
    observed: [...OBSERVED_ON].sort(rcompare)[0],
    observedBy: 'the matrix: scenarios/versions.ts',
  },
  ...(['@sentry/nextjs', '@playwright/test'] as const).map((name) => ({
    name,
    pinned: manifest.dependencies[name] ?? manifest.devDependencies[name],
    pinnedIn: 'package.json',
    observed: manifest.dependencies[name] ?? manifest.devDependencies[name],
    observedBy: 'npm test and the matrix',
  })),
  ...(['posthog-js', 'posthog-node', '@posthog/next', '@vercel/otel'] as const).map((name) => ({
    name,
    pinned: GENERATED_APP_PACKAGES[name],
    pinnedIn: 'foreign-apps/packages.ts',
    observed: GENERATED_APP_PACKAGES[name],
    observedBy: "npm test's generated apps",
  })),
];

function latest(name: string): string {
  try {
    return execFileSync('npm', ['view', name, 'version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    console.error(`faultline versions: the registry: npm view ${name} failed (${String((error as Error).message).split('\n')[0]})`);
    process.exit(2);
  }
}

const packages: TrackedVersion[] = TRACKED.map((tracked) => ({ ...tracked, registry: latest(tracked.name) }));
const results = { checkedAt: new Date().toISOString(), packages };
writeFileSync(join(root, 'bench', 'versions-results.json'), `${JSON.stringify(results, null, 2)}\n`);
const docs = join(root, 'docs', 'matrix.md');
writeFileSync(docs, replaceDocsVersions(readFileSync(docs, 'utf8'), results));
console.log(versionsAsMarkdown(results));
const late = packages.filter(behind);
for (const tracked of late)
  console.log(`newer: ${tracked.name} ${tracked.registry} on the registry; faultline pins ${tracked.pinned} and has observed ${tracked.observed}`);
process.exit(late.length > 0 ? 1 : 0);
