import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh folder holding `files` (path → content), named from `prefix`: an app's tree as a test needs it. */
export function folderWith(files: Record<string, string>, prefix = 'faultline-folder-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
