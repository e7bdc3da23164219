import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { endGroup, spawnInGroup } from '@/harness/process-group';

/** Alive: listed and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

// A parent that starts a child of its own (as Playwright's runner starts its workers) and prints its pid.
const PARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log(child.pid);
setInterval(() => {}, 1000);
`;

describe('a process group', () => {
  it('ends with every process its leader started, not the leader alone', async () => {
    const leader = spawnInGroup(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'ignore'] });
    const closed = new Promise((done) => leader.on('close', done));
    const grandchild = await new Promise<number>((done) => leader.stdout!.once('data', (chunk: Buffer) => done(Number(String(chunk).trim()))));
    expect(alive(grandchild)).toBe(true);
    endGroup(leader, 'SIGKILL');
    await closed;
    await vi.waitFor(() => expect(alive(grandchild), "the leader's child is gone too").toBe(false), { timeout: 3_000 });
  });

  it('is no error to end once it is gone', async () => {
    const leader = spawnInGroup(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((done) => leader.on('close', done));
    expect(() => endGroup(leader, 'SIGKILL')).not.toThrow();
  });
});
