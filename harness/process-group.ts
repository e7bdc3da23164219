import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * A child in a process group of its own, so `endGroup` reaches every process it starts. Such a
 * child no longer gets a terminal's Ctrl-C itself: whoever starts it passes signals on.
 */
export function spawnInGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  return spawn(command, args, { ...options, detached: true });
}

/** Sends `signal` to a child started by `spawnInGroup` and to every process in its group. */
export function endGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The whole group is gone already.
  }
}
