/**
 * `npm run docs`: writes the docs blocks derived from code, in place: the catalogue's tables
 * (docs/catalogue.md, from the catalogue and its build-time part) and the environment table (docs/harness.md, from
 * `VARIABLES` in contract.ts). The other blocks come from recorded results and are written
 * by what records them (`npm run bench`, `npm run bench:matrix`, `npm run mutants`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VARIABLES } from '../contract';
import { catalogue } from '../scenarios/catalogue';
import { block, DOCS, replaceBlock, type Block } from '../outputs/docs-blocks';
import { buildFailures } from '../scenarios/build-failures';
import { BUILD_FAILURES_BLOCK, buildFailuresAsMarkdown, CATALOGUE_BLOCK, catalogueAsMarkdown } from './list';

/** The environment table of docs/harness.md. */
export const ENVIRONMENT_BLOCK = block('environment', '`npm run docs` from contract.ts');

/** Every `VARIABLES` entry as a table row, in its order: the name, who sets it, what it does. */
export function environmentTable(variables: Record<string, { name: string; setBy: string; effect: string }> = VARIABLES): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| variable | set by | effect |',
    '|---|---|---|',
    ...Object.values(variables).map(({ name, setBy, effect }) => `| \`${name}\` | ${setBy} | ${cell(effect)} |`),
  ].join('\n');
}

/** The blocks derived from code: each with its page and what belongs between its markers. */
export function derivedBlocks(): { file: string; block: Block; body: string }[] {
  return [
    { file: DOCS.catalogue, block: CATALOGUE_BLOCK, body: catalogueAsMarkdown(catalogue) },
    { file: DOCS.catalogue, block: BUILD_FAILURES_BLOCK, body: buildFailuresAsMarkdown(buildFailures) },
    { file: DOCS.harness, block: ENVIRONMENT_BLOCK, body: environmentTable() },
  ];
}

/** Writes every block derived from code into its page under `root`; returns the pages that changed. */
export function regenerateDocs(root: string): string[] {
  const changed: string[] = [];
  for (const { file, block: which, body } of derivedBlocks()) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const after = replaceBlock(before, file, which, body);
    if (after !== before) {
      writeFileSync(path, after);
      changed.push(file);
    }
  }
  return changed;
}

// Run as a script (`tsx cli/docs.ts`), not when a test imports it.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const changed = regenerateDocs(join(import.meta.dirname, '..'));
  console.log(changed.length > 0 ? `docs: regenerated ${changed.join(', ')}` : 'docs: every block derived from code is current');
}
