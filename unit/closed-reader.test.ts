import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The CLI with its stdout's reader gone before it writes (`faultline list | true`, `| head -1` on a long run). */
function withReaderGone(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'bin', 'faultline.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('a reader of faultline that goes away', () => {
  it.each([['list'], ['--help']])('is no failure of faultline: `faultline %s` ends as it would have, saying nothing', async (...args) => {
    expect(await withReaderGone(args)).toEqual({ code: 0, stderr: '' });
  });
});
