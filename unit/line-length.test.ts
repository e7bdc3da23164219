import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
/** A line past this is read by scrolling: prettier breaks code at 160 columns, but not strings, so they are broken by hand. */
const LIMIT = 200;
/** What is not faultline's code: installs, builds, the workspaces and reports its commands write. */
const NOT_CODE = new Set(['node_modules', '.next', '.faultline', '.git', 'faultline-report', 'faultline-audit', 'faultline-matrix', 'test-results']);

const codeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_CODE.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? codeFiles(path) : /\.(tsx?|[cm]?js)$/.test(entry.name) ? [path] : [];
  });

/** Every line of `text` longer than `limit` characters, as `file:line (N characters)`. */
export function longLines(file: string, text: string, limit = LIMIT): string[] {
  return text.split('\n').flatMap((line, i) => (line.length > limit ? [`${file}:${i + 1} (${line.length} characters)`] : []));
}

describe("lines of faultline's code", () => {
  it('finds a line over the limit', () => {
    expect(longLines('x.ts', `short\n${'a'.repeat(11)}\n${'b'.repeat(10)}`, 10)).toEqual(['x.ts:2 (11 characters)']);
  });

  it(`are at most ${LIMIT} characters each`, () => {
    const files = codeFiles(root);
    expect(files.length).toBeGreaterThan(300);
    expect(files.flatMap((file) => longLines(relative(root, file), readFileSync(file, 'utf8')))).toEqual([]);
  });
});
