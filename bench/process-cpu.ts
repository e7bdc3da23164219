/**
 * CPU seconds of a process tree by part (Node: the CLI, Playwright's runner and workers; the Next
 * server; Chromium), from the kernel's own accounting in /proc (Linux only).
 *
 * Each live process is read every `intervalMs`; a process keeps the last figure read for it, so
 * what it spent in its last interval is missed (at most 0.2 s of a winding-down process). The
 * reaped-children total of this process (`cutime`) is no check on it: Chromium's helpers are
 * orphaned when the browser ends and reaped by init, never counted there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export const CPU_PARTS = ['node', 'next server', 'chromium'] as const;
export type CpuPart = (typeof CPU_PARTS)[number];

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface Stat {
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

/** Fields after the command name, which may itself hold spaces and parentheses. */
export function parseStat(text: string): Stat {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // man proc(5): field 4 is ppid, 14/15 utime/stime; `fields` starts at field 3.
  const at = (field: number) => Number(fields[field - 3]);
  return { ppid: at(4), ticks: at(14) + at(15) };
}

export function partOf(commandLine: string): CpuPart {
  if (/chrom(e|ium)|headless_shell/.test(commandLine)) return 'chromium';
  if (/next-server|next\/dist\/bin\/next|next start/.test(commandLine)) return 'next server';
  return 'node';
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export class TreeCpu {
  private readonly last = new Map<number, { part: CpuPart; ticks: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly rootPid: number,
    intervalMs = 200,
  ) {
    this.timer = setInterval(() => this.poll(), intervalMs);
  }

  private poll(): void {
    const parents = new Map<number, number>();
    const stats = new Map<number, Stat>();
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      const text = read(`/proc/${pid}/stat`);
      if (!text) continue;
      const stat = parseStat(text);
      stats.set(pid, stat);
      parents.set(pid, stat.ppid);
    }
    const inTree = (pid: number): boolean => {
      for (let at: number | undefined = pid, hops = 0; at && hops < 64; at = parents.get(at), hops++) if (at === this.rootPid) return true;
      return false;
    };
    for (const [pid, stat] of stats) {
      if (!inTree(pid)) continue;
      const known = this.last.get(pid);
      const part = known?.part ?? partOf((read(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' '));
      this.last.set(pid, { part, ticks: stat.ticks });
    }
  }

  /** The tree's CPU seconds so far, by part (read now); subtract two reads for what lies between. */
  read(): Record<CpuPart | 'total', number> {
    this.poll();
    return this.sum();
  }

  /** Call once the root process was reaped. */
  stop(): { seconds: Record<CpuPart | 'total', number> } {
    clearInterval(this.timer);
    return { seconds: this.sum() };
  }

  private sum(): Record<CpuPart | 'total', number> {
    const seconds = Object.fromEntries(CPU_PARTS.map((part) => [part, 0])) as Record<CpuPart | 'total', number>;
    for (const { part, ticks } of this.last.values()) seconds[part] += ticks / TICKS_PER_SECOND;
    seconds.total = CPU_PARTS.reduce((sum, part) => sum + seconds[part], 0);
    return seconds;
  }
}
