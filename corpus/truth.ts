/**
 * The corpus's truth (corpus/README.md): what was observed by hand of a real app, and whether an
 * audit of it agrees. The expectation lives here, on the checking side, written from the hand
 * observation; nothing in it is read from faultline's own code.
 */
import { z } from 'zod';

const CHECKS = ['screen', 'reported once', 'traceable', 'no leak', 'privacy', 'framework', 'unseen'] as const;

const Claim = z.strictObject({
  check: z.enum(CHECKS),
  /** The entry the finding is about; absent: any entry, or the app as a whole. */
  entry: z.string().optional(),
  /** A part of the finding's words (`what`), or of an unseen line. */
  includes: z.string().min(1),
});
export type Claim = z.infer<typeof Claim>;

const Hand = z.looseObject({
  placed: z.string(),
  like: z.string(),
  url: z.string(),
  status: z.number().int(),
  screen: z.string(),
  reports: z.strictObject({ server: z.number().int(), browser: z.number().int() }),
  digest: z.strictObject({ screen: z.boolean(), log: z.boolean(), report: z.boolean() }),
});

/**
 * What a reporter would get of a failure's frame, per runtime, as the hand look found it through
 * the build's own maps (docs/source-maps.md, "Truth on real apps"): the results report.json's
 * `traceableToSource` gives, less `no stack` and `not judged`, which say nothing of the maps.
 */
const SOURCE_RESULTS = ['ok', 'no debug ID', 'map missing', 'upload not seen', 'resolved to a wrong place', 'map served to anyone'] as const;
const SourceResult = z.enum(SOURCE_RESULTS);
/** One result every report of the runtime gave, or the several the hand look found (some entries ok, others not), each given at least once. */
const SourceTruth = z.union([SourceResult, z.array(SourceResult).min(2)]);
/** The results that say nothing of a runtime's frames: left out of the comparison. */
const SAYS_NOTHING = new Set(['no stack', 'not judged']);

export const Truth = z.strictObject({
  slug: z.string(),
  cannot: z.strictObject({ step: z.enum(['install', 'build', 'start']), command: z.string(), error: z.string() }).nullable(),
  env: z.record(z.string(), z.string()),
  hand: z.array(Hand),
  audit: z.strictObject({
    outcome: z.enum(['findings', 'clean', 'refused']),
    refused: z.strictObject({ owner: z.enum(['app', 'faultline', 'machine']), includes: z.string().min(1) }).nullable(),
    must: z.array(Claim),
    mustNot: z.array(Claim),
  }),
  /** Traceable to source, per runtime, only those the hand look established; absent: the app has no reporter, or none was looked at. */
  source: z.strictObject({ node: SourceTruth.optional(), edge: SourceTruth.optional(), browser: SourceTruth.optional() }).optional(),
  /** A miss faultline knows it has on this app, and why: said in the app's row beside what the run gave, never counted truthful. */
  known: z.string().min(1).optional(),
});
export type Truth = z.infer<typeof Truth>;

/** The truth in a corpus page: its one fenced `json` block, checked against the schema. */
export function readTruth(markdown: string, file: string): Truth {
  const blocks = [...markdown.matchAll(/^```json\n([\s\S]*?)^```$/gm)];
  if (blocks.length !== 1) throw new Error(`${file}: ${blocks.length} json blocks, where the truth is exactly one`);
  const parsed = Truth.safeParse(JSON.parse(blocks[0][1]));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error).replaceAll('\n', '; ')}`);
  if ((parsed.data.audit.outcome === 'refused') !== (parsed.data.audit.refused !== null) && parsed.data.cannot === null)
    throw new Error(`${file}: "refused" says why exactly when the outcome is refused`);
  return parsed.data;
}

/** What an audit gave, as `npm run corpus` read it: its exit code, its last line, and report.json when it wrote one. */
export interface AuditOutcome {
  exit: number;
  line: string;
  report: {
    entries: {
      id: string;
      findings: { check: string; what: string }[];
      /** Per report its runtime, reporter and result (report.json's field, passed through). */
      traceableToSource?: { runtime: string; reporter: string; result: string }[];
    }[];
    appFindings: { check: string; what: string }[];
    unseen?: string[];
  } | null;
}

const EXIT = { findings: 1, clean: 0, refused: 2 } as const;

/** The findings (and unseen lines) a claim could be about. */
function candidates(claim: Claim, report: NonNullable<AuditOutcome['report']>): string[] {
  if (claim.check === 'unseen') return report.unseen ?? [];
  const entries = report.entries.filter((entry) => claim.entry === undefined || entry.id === claim.entry);
  const findings = [...entries.flatMap((entry) => entry.findings), ...(claim.entry === undefined ? report.appFindings : [])];
  return findings.filter((finding) => finding.check === claim.check).map((finding) => finding.what);
}

const named = (claim: Claim) => `${claim.check}${claim.entry ? ` on ${claim.entry}` : ''} "${claim.includes}"`;

/** Every way the audit disagrees with the truth, in one line each; none: truthful. */
export function untruths(truth: Truth, outcome: AuditOutcome): string[] {
  const expected = truth.audit;
  const misses: string[] = [];
  if (outcome.exit !== EXIT[expected.outcome])
    misses.push(`exit ${outcome.exit} (${expected.outcome} expected)${outcome.exit === 2 ? `: ${outcome.line}` : ''}`);
  else if (expected.refused && !outcome.line.includes(expected.refused.includes))
    misses.push(`refused with "${outcome.line}", not "${expected.refused.includes}" (the ${expected.refused.owner}'s)`);
  if (expected.outcome === 'refused' || outcome.report === null) return misses;
  const judged = new Set(outcome.report.entries.map((entry) => entry.id));
  for (const claim of expected.must) {
    if (claim.entry && !judged.has(claim.entry)) misses.push(`${claim.entry} not judged, where the truth says ${named(claim)}`);
    else if (!candidates(claim, outcome.report).some((what) => what.includes(claim.includes))) misses.push(`missing: ${named(claim)}`);
  }
  for (const claim of expected.mustNot) {
    const said = candidates(claim, outcome.report).find((what) => what.includes(claim.includes));
    if (said) misses.push(`untrue: ${claim.check}${claim.entry ? ` on ${claim.entry}` : ''} "${said}"`);
  }
  return [...misses, ...sourceUntruths(truth, outcome.report)];
}

/** Each runtime of the hand look the audit gave another result for, or none: one line each. */
function sourceUntruths(truth: Truth, report: NonNullable<AuditOutcome['report']>): string[] {
  const misses: string[] = [];
  for (const [runtime, expected] of Object.entries(truth.source ?? {})) {
    if (expected === undefined) continue;
    const given = new Map<string, string[]>();
    for (const entry of report.entries)
      for (const traced of entry.traceableToSource ?? [])
        if (traced.runtime === runtime && !SAYS_NOTHING.has(traced.result))
          given.set(traced.result, [...new Set([...(given.get(traced.result) ?? []), entry.id])]);
    const results: readonly string[] = typeof expected === 'string' ? [expected] : expected;
    const found = `where the hand look found ${results.map((result) => `"${result}"`).join(', ')}`;
    if (given.size === 0) {
      misses.push(`traceable to source: said nothing of the ${runtime} runtime's frames, ${found}`);
      continue;
    }
    const other = [...given].filter(([result]) => !results.includes(result));
    if (other.length)
      misses.push(
        `traceable to source: the ${runtime} runtime's frames ${other.map(([result, ids]) => `"${result}" on ${ids.join(', ')}`).join('; ')}, ${found}`,
      );
    const never = results.filter((result) => !given.has(result));
    if (never.length && other.length === 0)
      misses.push(`traceable to source: the ${runtime} runtime's frames never ${never.map((result) => `"${result}"`).join(', ')}, ${found}`);
  }
  return misses;
}

/** An untrue row's words: what the audit gave, how it disagrees, and the miss its truth explains. */
export const untrueSaid = (summary: string, misses: readonly string[], truth: Pick<Truth, 'known'>) =>
  [summary, ...misses, ...(truth.known ? [`known miss: ${truth.known}`] : [])].join('; ');

/** The entries an audit of the app is asked for: what the truth speaks of, and the base every app gets. */
export function entriesFor(truth: Truth, base: readonly string[]): string[] {
  const named = [...truth.hand.map((row) => row.like), ...[...truth.audit.must, ...truth.audit.mustNot].flatMap((claim) => claim.entry ?? [])];
  return [...new Set([...base, ...named])];
}
