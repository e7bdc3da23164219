import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Whether process `pid` still runs (a lock whose holder died is stale). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The live process holding the lock at `file`, if one does. */
export function liveHolder(file: string): number | null {
  const holder = holderOf(file);
  return holder !== null && alive(holder) ? holder : null;
}

/**
 * Takes the lock at `file` (its holder's pid inside), waiting while another live process holds it;
 * a lock whose holder is gone is taken over. `onWait` is told once, with the holder's pid.
 */
export async function holdLock(
  file: string,
  { signal, onWait, pollMs = 200 }: { signal?: AbortSignal; onWait?: (holder: number) => void; pollMs?: number } = {},
): Promise<{ release(): void }> {
  mkdirSync(dirname(file), { recursive: true });
  let told = false;
  for (;;) {
    signal?.throwIfAborted();
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => holderOf(file) === process.pid && rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder === null || !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (!told) onWait?.(holder);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
