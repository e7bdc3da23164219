import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockIn, DOCS } from '../outputs/docs-blocks';
import { ENVIRONMENT_BLOCK, environmentTable } from '../cli/docs';

/**
 * Every environment variable of faultline is named once, in contract.ts (`VARIABLES`), and
 * the docs table is generated from it: no other source file may spell a variable's name (it reads
 * it as `ENV.key`), so a variable cannot exist without being in the table.
 */

const root = join(import.meta.dirname, '..');
const CONTRACT = 'contract.ts';
const NAME = /FAULTLINE_[A-Z_]+/g;

interface SourceFile {
  path: string;
  text: string;
}

/** Every variable name written outside the contract, as `path:line: NAME`: in code, a comment or a string alike. */
function namesOutsideContract(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (path === CONTRACT) continue;
    for (const match of text.matchAll(NAME)) found.push(`${path}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`);
  }
  return found;
}

/** The project's source files: tracked (and not deleted since), and new ones not ignored. */
function sourceFiles(): SourceFile[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => /\.(ts|tsx|mjs)$/.test(path) && existsSync(join(root, path)))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

describe('the contract', () => {
  it(`names every environment variable: none is written outside ${CONTRACT} (read it as ENV.key)`, () => {
    expect(namesOutsideContract(sourceFiles())).toEqual([]);
  });

  it('finds a name written outside the contract: in code, in a comment, in a string', () => {
    // Built here, so that this file writes none itself.
    const name = (rest: string) => `FAULTLINE${'_'}${rest}`;
    const files: SourceFile[] = [
      { path: CONTRACT, text: `variable('${name('PORT')}', 'you', 'what it does')` },
      { path: 'cli/run.ts', text: `const port = process.env.${name('PORT')};` },
      { path: 'harness/settings.ts', text: `/** The port: \`${name('PORT')}\`. */\nexport const port = 1;` },
      { path: 'e2e/a.spec.ts', text: `ok();\nprocess.env['${name('HOME')}'];` },
    ];
    expect(namesOutsideContract(files)).toEqual([
      `cli/run.ts:1: ${name('PORT')}`,
      `harness/settings.ts:1: ${name('PORT')}`,
      `e2e/a.spec.ts:2: ${name('HOME')}`,
    ]);
  });

  it('is the environment table of docs/harness.md (regenerate with npm run docs)', () => {
    const doc = readFileSync(join(root, DOCS.harness), 'utf8');
    expect(blockIn(doc, DOCS.harness, ENVIRONMENT_BLOCK), 'regenerate with npm run docs').toBe(environmentTable());
  });
});
