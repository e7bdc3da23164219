import { UsageError } from './failures';

/**
 * The stages of an audit that wait on the app or on a tool, each with its limit: none of them may
 * keep a CI job until its budget is spent. `--limit STAGE=SECONDS` sets one; the line of a stage
 * that reached its limit names it, the limit and the option.
 */
export const STAGE_LIMITS = {
  install: { seconds: 600, what: 'the install of another next (npm, from its cache or the registry)' },
  build: { seconds: 1_200, what: 'next build of the app with the catalogue placed' },
  start: { seconds: 60, what: 'next start, until the app answers' },
  entry: { seconds: 120, what: "each entry's check (an entry past it is not judged, and said)" },
} as const;

export type Stage = keyof typeof STAGE_LIMITS;
/** Each stage's limit in seconds. */
export type Limits = Readonly<Record<Stage, number>>;

export const DEFAULT_LIMITS: Limits = Object.fromEntries(Object.entries(STAGE_LIMITS).map(([stage, { seconds }]) => [stage, seconds])) as Record<Stage, number>;

const STAGES = Object.keys(STAGE_LIMITS) as Stage[];

/** `--limit` values (`build=900`, repeatable) over the defaults. */
export function parseLimits(values: readonly string[]): Limits {
  const limits: Record<Stage, number> = { ...DEFAULT_LIMITS };
  for (const value of values) {
    const match = /^([a-z]+)=(\d+)$/.exec(value.trim());
    const stage = match?.[1] as Stage | undefined;
    if (!match || !stage || !STAGES.includes(stage) || Number(match[2]) < 1)
      throw new UsageError(`Bad --limit "${value}": STAGE=SECONDS, with STAGE one of ${STAGES.join(', ')} and SECONDS a whole number from 1`);
    limits[stage] = Number(match[2]);
  }
  return limits;
}

/** What a line of a stage that reached its limit says of it: `within 20 s (--limit build=SECONDS gives it longer)`. */
export const withinLimit = (stage: Stage, seconds: number) => `within ${seconds} s (--limit ${stage}=SECONDS gives it longer)`;
