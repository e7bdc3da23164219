import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockIn, DOCS } from '../outputs/docs-blocks';
import { CATALOGUE_BLOCK, catalogueAsMarkdown } from '../cli/list';
import { MATRIX_BLOCK, replaceDocsMatrix } from '../outputs/matrix-render';
import { catalogue } from '../scenarios/catalogue';
import type { Matrix } from '../verdict/matrix';
import { replaceDocsBenchFigures, type BenchResults } from '../bench/docs-figures';
import { replaceDocsMutants, type MutantsResults } from '../selftest/mutants-docs';
import { replaceDocsVersions, type VersionsResults } from '../bench/versions-table';

const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const json = <T>(file: string): T => JSON.parse(read(file)) as T;

/** README.md and every page under docs/. */
const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('generated blocks', () => {
  it('the catalogue table in docs/catalogue.md is the catalogue (regenerate with npm run docs)', () => {
    expect(blockIn(read(DOCS.catalogue), DOCS.catalogue, CATALOGUE_BLOCK), 'regenerate with npm run docs').toBe(catalogueAsMarkdown(catalogue));
  });

  it('the matrix in docs/matrix.md is the latest recorded one (regenerate with npm run bench:matrix)', () => {
    const doc = read(DOCS.matrix);
    expect(doc, 'docs/matrix.md has the matrix markers').toContain(MATRIX_BLOCK.start);
    expect(replaceDocsMatrix(doc, json<Matrix>('bench/matrix.json')), 'regenerate with npm run bench:matrix').toBe(doc);
  });

  it("the versions in docs/matrix.md are the last npm run versions' (regenerate with npm run versions)", () => {
    const doc = read(DOCS.matrix);
    expect(replaceDocsVersions(doc, json<VersionsResults>('bench/versions-results.json')), 'regenerate with npm run versions').toBe(doc);
  });

  it("the tables of docs/performance.md are the last bench's (regenerate with npm run bench)", () => {
    const doc = read(DOCS.performance);
    expect(replaceDocsBenchFigures(doc, json<BenchResults>('bench/results.json')), 'regenerate with npm run bench').toBe(doc);
  });

  it("the mutants table of docs/verdicts.md is the last npm run mutants' (regenerate with npm run mutants)", () => {
    const doc = read(DOCS.verdicts);
    expect(replaceDocsMutants(doc, json<MutantsResults>('bench/mutants-results.json')), 'regenerate with npm run mutants').toBe(doc);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(text: string): Set<string> {
  const outsideCode = text.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outsideCode.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading)));
}

/** Markdown links outside code: `[text](target)`. */
function linksIn(text: string): string[] {
  const outsideCode = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...outsideCode.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target);
}

/** Top-level folders of the checkout: a code span that starts with one names a file or folder. */
const FOLDERS = [
  'app',
  'bench',
  'bin',
  'cli',
  'docs',
  'e2e',
  'bundled',
  'app-server',
  'ingest',
  'worker',
  'chromium',
  'harness',
  'scenarios',
  'selftest',
  'unit',
  'verdict',
  '.ci',
];

/** Project paths the page names in code spans; patterns (`{id}`, `*`) and lists of alternatives left out. */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map(([, span]) => span.replace(/[,;:.]+$/, ''))
    .filter((span) => FOLDERS.some((folder) => span.startsWith(`${folder}/`)) && !/[{}*…|\\]|\.\.\./.test(span));
}

describe('the README and docs/', () => {
  it('the README stays a first screen: under 150 lines, no table row over 200 characters', () => {
    const lines = read('README.md').split('\n');
    expect(lines.length).toBeLessThan(150);
    expect(lines.filter((line) => line.startsWith('|') && line.length > 200).map((line) => `${line.slice(0, 60)}… (${line.length} characters)`)).toEqual([]);
  });

  it('the README links every page under docs/', () => {
    const links = new Set(linksIn(read('README.md')).map((target) => target.split('#')[0]));
    expect(PAGES.filter((page) => page !== 'README.md' && !links.has(page))).toEqual([]);
  });

  it.each(PAGES)('%s links only to files and headings that exist', (page) => {
    const broken: string[] = [];
    for (const target of linksIn(read(page))) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file, anchor] = target.split('#');
      const linked = file === '' ? page : normalize(join(dirname(page), file));
      if (!existsSync(join(root, linked))) broken.push(`${target}: no ${linked}`);
      else if (anchor !== undefined && linked.endsWith('.md') && !anchorsIn(read(linked)).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${linked}`);
    }
    expect(broken).toEqual([]);
  });

  it.each(PAGES)('%s names only project paths that exist', (page) => {
    expect(pathsIn(read(page)).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
