import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { catalogueAsMarkdown, README_TABLE_END, README_TABLE_START } from '../cli/list';
import { catalogue } from '../scenarios/catalogue';

it('the README catalogue table matches the catalogue (regenerate: npx faultline list --markdown)', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  expect(start, 'README has the catalogue markers').toBeGreaterThan(-1);
  expect(readme.slice(start + README_TABLE_START.length, end).trim()).toBe(catalogueAsMarkdown(catalogue));
});
