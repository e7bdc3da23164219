import { ENV } from '../contract';
/** How a Sentry ingest can fail a report: the harness makes MSW answer this way in both runtimes. */
export const INGEST_FAULTS = ['500', '429', 'stall', 'reset'] as const;
export type IngestFault = (typeof INGEST_FAULTS)[number];

/** Long enough that a rate-limited SDK stays silent for the rest of a run. */
export const RETRY_AFTER_SECONDS = 60;

export const FAULT_IN_WORDS: Record<IngestFault, string> = {
  '500': 'answers HTTP 500',
  '429': `answers HTTP 429 with Retry-After: ${RETRY_AFTER_SECONDS}`,
  stall: 'never answers',
  reset: 'resets the connection',
};

export function parseIngestFault(value: string | undefined): IngestFault | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(INGEST_FAULTS as readonly string[]).includes(value)) {
    throw new Error(`${ENV.ingestFault}=${value} is not an ingest fault; use one of ${INGEST_FAULTS.join(', ')}`);
  }
  return value as IngestFault;
}

/** Holds stalled ingest requests open until released, and counts the open ones per key (null: not counted). */
export class StalledRequests {
  private readonly open = new Map<string, number>();
  private release: () => void = () => {};
  private gate = this.newGate();

  private newGate(): Promise<void> {
    return new Promise((resolve) => (this.release = resolve));
  }

  async hold(key: string | null): Promise<void> {
    if (key === null) return this.gate;
    this.open.set(key, this.openFor(key) + 1);
    try {
      await this.gate;
    } finally {
      this.open.set(key, this.openFor(key) - 1);
    }
  }

  openFor(key: string): number {
    return this.open.get(key) ?? 0;
  }

  get total(): number {
    return [...this.open.values()].reduce((sum, n) => sum + n, 0);
  }

  /** Lets every held request go (they then fail as a reset connection would). */
  releaseAll(): void {
    this.release();
    this.gate = this.newGate();
  }
}
