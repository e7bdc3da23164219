import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDamage } from '../harness/build';

/** A fake `.next` with a browser chunk, a server chunk and a regenerated page. */
function fakeBuild() {
  const root = mkdtempSync(join(tmpdir(), 'faultline-build-'));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('.next/static/chunks/app.js', 'console.log("a chunk");');
  write('.next/server/chunks/ssr.js', 'module.exports = 1;');
  write('.next/server/app/isr.html', '<p>rendered at build time</p>');
  return { root, write };
}

/** What the stamp records of each output: its size and hash (the chunks, not the regenerated page). */
function recorded(root: string): Record<string, string> {
  return Object.fromEntries(
    ['.next/static/chunks/app.js', '.next/server/chunks/ssr.js'].map((file) => {
      const bytes = readFileSync(join(root, file));
      return [file, `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`];
    }),
  );
}

describe('buildDamage: a build is verified before it is reused', () => {
  it('finds nothing in a build as it was written, and ignores pages a server regenerates', () => {
    const { root, write } = fakeBuild();
    const stamp = recorded(root);
    expect(buildDamage(root, stamp)).toBeNull();
    write('.next/server/app/isr.html', '<p>regenerated</p>');
    expect(buildDamage(root, stamp)).toBeNull();
  });

  it('names a chunk cut off, one that appeared, and one that is gone', () => {
    const { root, write } = fakeBuild();
    const stamp = recorded(root);
    truncateSync(join(root, '.next/static/chunks/app.js'), 5);
    expect(buildDamage(root, stamp)).toBe('1 file differs from what the build wrote (.next/static/chunks/app.js changed)');
    write('.next/server/chunks/extra.js', '1');
    expect(buildDamage(root, { ...stamp, '.next/server/chunks/gone.js': '1:x' })).toBe(
      '3 files differ from what the build wrote (.next/static/chunks/app.js changed, .next/server/chunks/gone.js is gone, …)',
    );
  });
});
