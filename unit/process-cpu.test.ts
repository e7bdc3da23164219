import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseStat, partOf, TreeCpu } from '../bench/process-cpu';

describe('process CPU accounting', () => {
  it('reads ppid and CPU ticks after a command name with spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const stat = '4242 (next-server (v16.4.5)) S 4200 4200 4200 0 -1 4194304 100 0 0 0 250 50 7 3 20 0 11 0';
    expect(parseStat(stat)).toEqual({ ppid: 4200, ticks: 300 });
  });

  it('names the part a process belongs to by its command line', () => {
    expect(partOf('/usr/lib/chromium/chromium --type=renderer')).toBe('chromium');
    expect(partOf('/usr/lib/chromium/headless_shell --remote-debugging-pipe')).toBe('chromium');
    expect(partOf('next-server (v16.4.5) ')).toBe('next server');
    expect(partOf('/usr/bin/node /work/main/node_modules/next/dist/bin/next start --port 3000')).toBe('next server');
    expect(partOf('/usr/bin/node /work/main/node_modules/@playwright/test/cli.js test')).toBe('node');
  });

  it('counts what a child spent between two reads, after it ended', async () => {
    const cpu = new TreeCpu(process.pid, 20);
    const before = cpu.read();
    // Busy for 600 ms of its own CPU, whatever the machine's load.
    const busy = 'const start = process.cpuUsage(); while ((process.cpuUsage(start).user + process.cpuUsage(start).system) < 600_000);';
    await new Promise((done) => spawn(process.execPath, ['-e', busy]).on('close', done));
    const after = cpu.read();
    cpu.stop();
    // The last 20 ms poll before the child ended may miss a little; its start-up adds some.
    expect(after.node - before.node).toBeGreaterThan(0.45);
    expect(after.total - before.total).toBeCloseTo(after.node - before.node + after['next server'] - before['next server'] + after.chromium - before.chromium);
  });
});
