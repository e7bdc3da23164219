import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { treeChanges, treeFingerprint } from '../audit/app/tree';
import { folderWith } from './folder-with';

/** A folder holding `files` (path → content). */
const treeWith = (files: Record<string, string>) => folderWith(files, 'faultline-tree-');

describe("the proof that an audited app's files are unchanged", { timeout: 10_000 }, () => {
  it('skips and names what is neither a file nor a folder (a named pipe would block its reader forever)', () => {
    const dir = treeWith({ 'app/page.tsx': 'page' });
    execFileSync('mkfifo', [join(dir, 'app', 'events.fifo')]);
    const { files, skipped } = treeFingerprint(dir);
    expect([...files.keys()]).toEqual(['app/page.tsx']);
    expect(skipped).toEqual([{ path: 'app/events.fifo', kind: 'a named pipe' }]);
  });

  it("leaves out what tools write while the app is worked on (next dev's .next, the app's distDir), never its sources", () => {
    const dir = treeWith({ 'app/page.tsx': 'page', 'build/BUILD_ID': 'a' });
    const before = treeFingerprint(dir);
    writeFileSync(join(dir, 'build', 'BUILD_ID'), 'b');
    mkdirSync(join(dir, '.next', 'dev'), { recursive: true });
    writeFileSync(join(dir, '.next', 'dev', 'trace'), 'compiled');
    expect(treeChanges(before, treeFingerprint(dir), ['build'])).toEqual([]);
    writeFileSync(join(dir, 'app', 'page.tsx'), 'edited');
    mkdirSync(join(dir, 'app', 'build'));
    writeFileSync(join(dir, 'app', 'build', 'x.ts'), 'a source folder named build');
    expect(treeChanges(before, treeFingerprint(dir), ['build'])).toEqual(['app/build/x.ts (added)', 'app/page.tsx (changed)']);
  });
});
