/**
 * The catalogue with no harness at all, on a bare app server sending its reports to a loopback
 * DSN (`worker/bare-rig.ts`): every entry's bare limit (the same `BareLimit` as the bench's
 * ratios). Two floors come from it:
 * - CPU (`bareCatalogueCpu`): one entry after another, the CPU of each part of this process tree
 *   read before and after each round; two cores cannot finish the catalogue faster than its CPU
 *   seconds over two, whatever drives it;
 * - wall (`bareCataloguePhase`): the same entries in as many lanes as a run has workers, each with
 *   a browser of its own taking the next entry left, on a cold server: the test phase of a run
 *   that added nothing (issue #33's floor for the catalogue's test phase and a check's cost).
 * And the floor under a run's start: a bare `next start` to its first answer (`bareServerStart`).
 */
import { chromium } from '@playwright/test';
import { resolveChromium, launchOptions } from '../harness/chromium';
import type { Scenario } from '../scenarios/schema';
import { openBareRig, startBareApp } from './worker/bare-rig';
import { LoopbackIngest } from './worker/loopback-ingest';
import { CPU_PARTS, TreeCpu, type CpuPart } from './process-cpu';

export interface BareRound {
  /** The first round meets every route cold, as a conformance run does. */
  round: number;
  wallMs: number;
  cpuSecondsPerEntry: Record<CpuPart | 'total', number>;
}

async function launchBare(args: string[]) {
  return chromium.launch({ ...launchOptions(await resolveChromium()), args });
}

export async function bareCatalogueCpu(root: string, entries: Scenario[], rounds: number): Promise<BareRound[]> {
  const cpu = new TreeCpu(process.pid);
  const rig = await openBareRig(root, 'cpu', launchBare);
  const results: BareRound[] = [];
  try {
    // Outside the rounds, as a worker does before its first check.
    await rig.bare.warm();
    for (let round = 1; round <= rounds; round++) {
      const before = cpu.read();
      const started = performance.now();
      for (const entry of entries) await rig.bare.sample(entry);
      const wallMs = performance.now() - started;
      const after = cpu.read();
      const perEntry = (part: CpuPart | 'total') => Number(((after[part] - before[part]) / entries.length).toFixed(3));
      results.push({
        round,
        wallMs: Math.round(wallMs),
        cpuSecondsPerEntry: Object.fromEntries(
          [...CPU_PARTS, 'total'].map((part) => [part, perEntry(part as CpuPart | 'total')]),
        ) as BareRound['cpuSecondsPerEntry'],
      });
    }
  } finally {
    await rig.close();
    cpu.stop();
  }
  return results;
}

export interface BarePhase {
  lanes: number;
  entries: number;
  /** From the first sample's start to the last one's end, browsers launched and warmed before. */
  testPhaseMs: number;
  perEntryMs: number;
  /** Expected reports that never reached the loopback DSN, over all samples. */
  reportsMissing: number;
}

/** The entries in `lanes` lanes on one cold bare server, each lane a browser of its own taking the next entry left. */
export async function bareCataloguePhase(root: string, entries: Scenario[], lanes: number): Promise<BarePhase> {
  const rig = await openBareRig(root, 'phase', launchBare, lanes);
  try {
    await Promise.all(rig.lanes.map((bare) => bare.warm()));
    const queue = [...entries];
    let reportsMissing = 0;
    const started = performance.now();
    await Promise.all(
      rig.lanes.map(async (bare) => {
        for (let entry = queue.shift(); entry; entry = queue.shift()) reportsMissing += (await bare.sample(entry)).reportsMissing;
      }),
    );
    const testPhaseMs = Math.round(performance.now() - started);
    return { lanes, entries: entries.length, testPhaseMs, perEntryMs: Math.round(testPhaseMs / entries.length), reportsMissing };
  } finally {
    await rig.close();
  }
}

/** Milliseconds from spawning a bare `next start` to its first answer, `times` times one after another. */
export async function bareServerStart(root: string, times: number): Promise<number[]> {
  const ingest = await LoopbackIngest.open();
  const starts: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      const app = await startBareApp(root, ingest, 'start');
      starts.push(app.startMs);
      await app.stop();
    }
  } finally {
    await ingest.close();
  }
  return starts;
}
