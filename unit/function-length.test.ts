import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
/**
 * The rooms of faultline's own logic, where a long function hides several concerns behind one
 * name: the orchestration (the CLI, the harness processes), the checks in the workers, the
 * verdict. Not chromium/, whose functions are sent to the page as one function's source each.
 */
const ROOMS = ['cli', 'harness', 'worker', 'verdict'];
const LIMIT = 80;

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

/** Every function of `file` longer than `limit` lines, as `file:line name (N lines)`. */
export function longFunctions(file: string, text: string, limit = LIMIT): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const long: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
      if (lines > limit) long.push(`${file}:${first + 1} ${node.name?.getText() ?? '(anonymous)'} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

describe('functions in cli/, harness/, worker/ and verdict/', () => {
  it('finds a function over the limit, nested or not', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    expect(longFunctions('x.ts', `function short() {\n${body}\n}\nconst outer = () => {\n  function inner() {\n${body}\n  }\n};`, 6)).toEqual([
      'x.ts:1 short (7 lines)',
      'x.ts:8 (anonymous) (9 lines)',
      'x.ts:9 inner (7 lines)',
    ]);
  });

  it(`are at most ${LIMIT} lines each`, () => {
    const files = ROOMS.flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => longFunctions(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
