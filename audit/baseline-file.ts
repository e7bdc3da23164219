import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { CannotRun } from '../harness/failures';
import type { AuditResult } from '../verdict/audit-result';
import { AUDIT_CHECKS } from '../verdict/finding';
import { type Baseline, baselineOf, compareWithBaseline, prunedBaseline, updatedBaseline } from '../verdict/baseline';

/** The name of a team's baseline file, in its app's folder unless `--baseline` names another. */
export const BASELINE_FILE = 'faultline-baseline.json';

const BaselineSchema = z.strictObject({
  version: z.literal(1),
  findings: z.array(z.strictObject({ check: z.enum(AUDIT_CHECKS), entry: z.string().min(1), kind: z.string().min(1) })),
});

/** The baseline in `file`, validated: every problem at once, each naming its field; exit 2 (the part: the baseline) when it is not one. */
export function readBaseline(file: string): Baseline {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CannotRun('baseline', `${file} is not JSON (${(error as Error).message}); faultline audit --update-baseline writes one`);
  }
  const checked = BaselineSchema.safeParse(parsed);
  if (!checked.success)
    throw new CannotRun(
      'baseline',
      `${file} is not a faultline baseline: ${checked.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`).join('; ')}`,
    );
  return checked.data;
}

const written = (file: string, baseline: Baseline) => writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);

/** What `--update-baseline` and `--prune-baseline` ask of the baseline, and where it is. */
export interface BaselineRequest {
  file: string;
  /** How the outputs name it (the path the team passed, or the file's name in the app). */
  named: string;
  update: boolean;
  prune: boolean;
  /** Whether the audit ran every entry: else the baseline keeps what it accepted of the others. */
  wholeApp: boolean;
}

/**
 * The audit read against the team's baseline, where there is one (or one is asked for): each
 * finding marked new or accepted, the comparison kept in the result. `--update-baseline` writes
 * the baseline that accepts every finding first; `--prune-baseline` drops the findings fixed since.
 * Written only once the audit is complete and the app proven unchanged: the one file faultline
 * writes where the team keeps its app, and only when asked.
 */
export function withBaseline(result: AuditResult, request: BaselineRequest, say: (line: string) => void): AuditResult {
  if (request.update) {
    // An audit of some entries leaves what the baseline accepted of the others as it was: a broken file is refused then, never overwritten.
    const previous = !request.wholeApp && existsSync(request.file) ? readBaseline(request.file) : null;
    const baseline = updatedBaseline(previous, result, request);
    written(request.file, baseline);
    const kept = baseline.findings.length - baselineOf(result).findings.length;
    say(
      `Baseline: ${baseline.findings.length} finding${baseline.findings.length === 1 ? '' : 's'} accepted in ${request.file}` +
        (kept > 0 ? ` (${kept} of them of what this audit did not run, kept)` : ''),
    );
  }
  if (!existsSync(request.file)) return result;
  const baseline = readBaseline(request.file);
  const { result: marked, comparison } = compareWithBaseline(result, baseline, request.named, request);
  if (request.prune && comparison.fixed.length > 0) {
    written(request.file, prunedBaseline(baseline, comparison));
    say(`Baseline: ${comparison.fixed.length} fixed finding${comparison.fixed.length === 1 ? '' : 's'} dropped from ${request.file}`);
  }
  return { ...marked, baseline: comparison };
}
