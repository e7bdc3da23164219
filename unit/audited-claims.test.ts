import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../verdict/audit-reporting';
import { claimedFrom } from '../worker/audited-session';

/**
 * How every kind of audit entry claims the audited server's reports for one check (a placed
 * failure, one load of a route under a fault): its own by what they are about, never a browser's
 * that way; and what its page sent through the app's tunnel route where it came out of the server,
 * by its event's id, never another page's.
 */

const event = (id: string, value: string): ErrorEvent => ({ type: undefined, event_id: id, exception: { values: [{ type: 'Error', value }] } });
const about = (word: string) => (report: ErrorEvent) => report.exception?.values?.[0]?.value?.includes(word) ?? false;

const mine = event('a1', 'mine: it threw');
const theirs = event('b2', 'theirs: it threw');
const tunnelledMine = event('c3', 'mine: in the browser');
const tunnelledTheirs = event('d4', 'theirs: in the browser');
const reports: AuditReport[] = [
  { runtime: 'node', event: mine },
  { runtime: 'edge', event: theirs },
  { runtime: 'node', reporter: 'PostHog', event: event('e5', 'mine: by PostHog') },
  { runtime: 'browser', event: tunnelledMine },
  { runtime: 'browser', event: tunnelledTheirs },
  // A browser's report about the entry that this check's page did not send: another page's.
  { runtime: 'browser', event: event('f6', 'mine: from another page') },
];

describe("a check's claim on the audited server's reports", () => {
  it("takes the server's own reports about it, whichever reporter, and no other's", () => {
    const { own } = claimedFrom(reports, about('mine'), []);
    expect(own.map(({ event }) => event.event_id)).toEqual(['a1', 'e5']);
  });

  it('takes a browser report only where its page sent it through the tunnel, by its id', () => {
    const { forwarded } = claimedFrom(reports, about('mine'), [tunnelledMine]);
    expect(forwarded.map(({ event }) => event.event_id)).toEqual(['c3']);
  });

  it('claims nothing for a check whose page sent nothing and that nothing is about', () => {
    expect(claimedFrom(reports, about('nobody'), [])).toEqual({ own: [], forwarded: [] });
  });
});
