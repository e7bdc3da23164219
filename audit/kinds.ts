import type { EntryKind } from './entry-kind';
import { placedFailures } from './kinds/placed/kind';

/**
 * What an audit checks: a list of kinds of entry, which the pipeline runs alike. A kind is a folder
 * of its own, `audit/kinds/NAME/`: what it places in the workspace before the build and which
 * entries it plans (`kind.ts`: an `EntryKind`, `entry-kind.ts`), how one entry is judged (`judge.ts`, pure), and in `worker/`
 * what Playwright's processes run of it (its spec, a test per planned entry, read from the plan in
 * the audited target, and its check, which attaches the entry's record). The pipeline does the
 * rest for every kind: the build, the audited server, the runner, the records composed into one
 * result, the team's levels and baseline, the outputs.
 */

/** Every kind an audit checks, in the order its entries are planned, checked and reported. */
export const KINDS: readonly EntryKind[] = [placedFailures];
