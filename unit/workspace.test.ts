import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyProject } from '../fixtures/harness/workspace';

describe('copyProject', () => {
  it('copies sources, links installed files, and copies npm’s hidden lockfile, which npm rewrites in place', () => {
    const root = mkdtempSync(join(tmpdir(), 'faultline-root-'));
    mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
    mkdirSync(join(root, '.next'));
    writeFileSync(join(root, 'page.tsx'), 'source');
    writeFileSync(join(root, '.next', 'BUILD_ID'), 'old build');
    writeFileSync(join(root, 'node_modules', 'pkg', 'index.js'), 'code');
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{"lock":1}');
    const dest = join(mkdtempSync(join(tmpdir(), 'faultline-copy-')), 'app');
    copyProject(root, dest);
    const inode = (path: string) => statSync(path).ino;
    expect(readFileSync(join(dest, 'page.tsx'), 'utf8')).toBe('source');
    expect(() => statSync(join(dest, '.next')), 'no build output').toThrow();
    expect(inode(join(dest, 'node_modules', 'pkg', 'index.js'))).toBe(inode(join(root, 'node_modules', 'pkg', 'index.js')));
    expect(inode(join(dest, 'node_modules', '.package-lock.json'))).not.toBe(inode(join(root, 'node_modules', '.package-lock.json')));
    expect(readFileSync(join(dest, 'node_modules', '.package-lock.json'), 'utf8')).toBe('{"lock":1}');
  });
});
