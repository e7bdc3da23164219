import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { catalogueAsMarkdown, README_TABLE_END, README_TABLE_START } from '../cli/list';
import { catalogue } from '../scenarios/catalogue';
import { README_MATRIX_START, replaceReadmeMatrix } from '../cli/matrix-render';
import type { Matrix } from '../verdict/matrix';
import { replaceReadmeBenchFigures, type BenchResults } from '../bench/readme-figures';

it('the README catalogue table matches the catalogue (regenerate: npx faultline list --markdown)', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  expect(start, 'README has the catalogue markers').toBeGreaterThan(-1);
  expect(readme.slice(start + README_TABLE_START.length, end).trim()).toBe(catalogueAsMarkdown(catalogue));
});

it('the README matrix is the latest recorded one (regenerate: npm run bench:matrix)', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const recorded: Matrix = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'bench', 'matrix.json'), 'utf8'));
  expect(readme, 'README has the matrix markers').toContain(README_MATRIX_START);
  expect(replaceReadmeMatrix(readme, recorded)).toBe(readme);
});

it("the README's bench tables are the last bench's (regenerate: npm run bench)", () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const results: BenchResults = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'bench', 'results.json'), 'utf8'));
  expect(replaceReadmeBenchFigures(readme, results)).toBe(readme);
});
