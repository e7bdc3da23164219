import type { ErrorEvent } from '@sentry/core';
import { namesNoRequest, type AuditReport } from '../../../../verdict/audit-reporting';
import { AUDIT_DELIVERY_PREFIX } from '../../../../contract';
import { errorBlocks } from '../../../../harness/server-log';
import { digestsInLog } from '../../../../scenarios/golden';
import { claimText, handOversNaming, namesEntry } from '../late-reports';

/**
 * How an audit claims what the app's server sent and logged for one entry, beside the others that
 * run at the same time: by what it is about (the entry's route under the reserved segment, or its
 * thrower's message `{id}: …`), never by when it came. What comes after an entry's check is claimed
 * for it at the run's end (`../late-reports.ts`).
 */

/** Whether a server report is about one of `ids` (an entry and the entries its page leads to). */
export function isAbout(event: ErrorEvent, ids: readonly string[], segment: string): boolean {
  return namesEntry(claimText(event), ids, segment);
}

/** How many times the server log says Next handed an error about one of `ids` to the app's `onRequestError` (the counted instrumentation's lines). */
export function deliveriesAbout(log: string, ids: readonly string[], segment: string): number {
  return handOversNaming(log, AUDIT_DELIVERY_PREFIX, ids, segment);
}

/** The digests of the errors a server log prints about one of `ids` (its route or its message). */
export function digestsAbout(log: string, ids: readonly string[], segment: string): string[] {
  return errorBlocks(log)
    .filter((block) => namesEntry(block, ids, segment))
    .flatMap(digestsInLog);
}

/** The digests a server log prints about none of `others` (the other placed entries): a thrown value's, whose error names nothing (`⨯ null`). */
export function digestsOfOpaque(log: string, others: readonly string[], segment: string): string[] {
  return errorBlocks(log)
    .filter((block) => !namesEntry(block, others, segment))
    .flatMap(digestsInLog);
}

/**
 * A thrown value's own reports, beside the app's routes: a background reporter's reports that name
 * nothing (posthog-node's from the app's own hook) are told apart by nothing but their number, so
 * no more of them than the errors Next handed over for the entry (`handOvers`; null: not counted,
 * all kept) are its own. A route's load may have sent the others; they are accounted for at the
 * run's end (audit/kinds/routes/kind.ts).
 */
export function atMostHandedOver(own: readonly AuditReport[], handOvers: number | null): AuditReport[] {
  let left = handOvers ?? Infinity;
  return own.filter((report) => !namesNoRequest(report) || left-- > 0);
}
