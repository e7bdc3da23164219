/**
 * The CPU the catalogue costs with no harness at all: every entry's bare limit (the same
 * `BareLimit` as the bench's ratios) taken one after another on a server of its own, with the CPU
 * of each part of this process tree read before and after each round. Two cores cannot finish the
 * catalogue faster than its CPU seconds over two, whatever drives it: the floor under the
 * catalogue's test phase.
 */
import { BareLimit } from './fixtures/bare-limit';
import { launchChromium } from '../harness/chromium';
import { startHarnessApp } from '../harness/harness-app';
import type { Scenario } from '../scenarios/schema';
import { CPU_PARTS, TreeCpu, type CpuPart } from './process-cpu';

export interface BareRound {
  /** The first round meets every route cold, as a conformance run does. */
  round: number;
  wallMs: number;
  cpuSecondsPerEntry: Record<CpuPart | 'total', number>;
}

export async function bareCatalogueCpu(root: string, entries: Scenario[], rounds: number, logFile: string): Promise<BareRound[]> {
  const cpu = new TreeCpu(process.pid);
  const app = await startHarnessApp({ root, logFile });
  const bare = new BareLimit(() => launchChromium(), app.url);
  const results: BareRound[] = [];
  try {
    // Outside the rounds, as a worker does before its first check.
    await bare.warm();
    for (let round = 1; round <= rounds; round++) {
      const before = cpu.read();
      const started = performance.now();
      for (const entry of entries) await bare.sample(entry);
      const wallMs = performance.now() - started;
      const after = cpu.read();
      const perEntry = (part: CpuPart | 'total') => Number(((after[part] - before[part]) / entries.length).toFixed(3));
      results.push({ round, wallMs: Math.round(wallMs), cpuSecondsPerEntry: Object.fromEntries([...CPU_PARTS, 'total'].map((part) => [part, perEntry(part as CpuPart | 'total')])) as BareRound['cpuSecondsPerEntry'] });
    }
  } finally {
    await bare.close();
    await app.stop();
    cpu.stop();
  }
  return results;
}
