import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../scenarios/catalogue';
import { auditEntry } from '../audit/kinds/placed/judge';
import { placedFailures } from '../audit/kinds/placed/kind';
import type { PlacedEntry } from '../audit/kinds/placed/entry';
import { AUDIT_DELIVERY_PREFIX } from '../contract';
import type { AuditEntryRecord } from '../verdict/attachment';
import { claimLate, handOversNaming, withLateReports } from '../audit/kinds/placed/late-reports';
import { reportInBrief, type AuditReport } from '../verdict/audit-reporting';
import { auditedServerFailure } from './observations';

/**
 * A report that comes after its entry's check (posthog-node from a metadata route's
 * onRequestError: issue #84, defect 2) is that entry's, and the entry is judged again with it.
 */

const SEGMENT = 'faultline-audit';
const robots = catalogue.find((scenario) => scenario.id === 'robots-throws')!;
const postHog = (value: string): AuditReport => ({
  runtime: 'node',
  reporter: 'PostHog',
  event: { type: undefined, exception: { values: [{ type: 'Error', value }] } } as ErrorEvent,
});
const context = { sentry: false, otherReporters: ['PostHog (instrumentation.ts imports posthog-node)'], reads: ['PostHog'], seen: ['PostHog'] };
const entries = [
  { id: 'server-page-throws', reaches: [] },
  { id: 'robots-throws', reaches: [] },
  { id: 'client-navigation-throws', reaches: ['server-page-throws'] },
];

describe('a report that came after its entry’s check', () => {
  it("is claimed by the entry it names, by its message or its route; one that names none is nobody's", () => {
    const late = postHog('robots-throws: db password hunter2');
    const byRoute = {
      ...postHog('Error'),
      event: { ...postHog('x').event, request: { url: `http://127.0.0.1/${SEGMENT}/server-page-throws` } },
    } as AuditReport;
    const stray = postHog('the app’s own error');
    const { late: claimed, nobodys } = claimLate([late, byRoute, stray], entries, SEGMENT);
    expect([...claimed.entries()]).toEqual([
      ['robots-throws', [late]],
      // Named by the entry's own route before the page another entry leads to.
      ['server-page-throws', [byRoute]],
    ]);
    expect(nobodys).toEqual([stray]);
  });

  it('is claimed by the entry whose whole id it names, never by one whose id ends the same (route-handler-throws in edge-route-handler-throws)', () => {
    const ids = [
      { id: 'route-handler-throws', reaches: [] },
      { id: 'edge-route-handler-throws', reaches: [] },
    ];
    const edge = postHog('edge-route-handler-throws: db password hunter2');
    const edgeByRoute = {
      ...postHog('Error'),
      event: { ...postHog('x').event, request: { url: `http://127.0.0.1/${SEGMENT}/edge-route-handler-throws` } },
    } as AuditReport;
    const { late: claimed } = claimLate([edge, edgeByRoute], ids, SEGMENT);
    expect([...claimed.entries()]).toEqual([['edge-route-handler-throws', [edge, edgeByRoute]]]);
    const log = ['[hand-over] edge-route-handler-throws: x', `[hand-over] GET /${SEGMENT}/edge-route-handler-throws`].join('\n');
    expect(handOversNaming(log, '[hand-over] ', ['route-handler-throws'], SEGMENT)).toBe(0);
  });

  it('makes an entry said never reported reported, with the hand-overs of the whole run, its report marked late', () => {
    const observed = auditedServerFailure({ id: 'robots-throws', status: 500, path: '/robots.txt', lines: [], delivered: 0 });
    const checked = auditEntry(robots, observed, context);
    expect(checked.findings.map(({ what }) => what)).toContainEqual(expect.stringContaining('never reported'));
    const judged = { ...checked, reports: [] as ReturnType<typeof reportInBrief>[] };
    const { responses: _r, document: _d, ...reporting } = observed;
    const again = withLateReports(robots, judged, reporting, [postHog('robots-throws: db password hunter2')], 1, context);
    expect(again.findings.map(({ what }) => what)).not.toContainEqual(expect.stringContaining('never reported'));
    expect(again.checks['reported once']).toBe('ok');
    expect(again.reports).toEqual([expect.objectContaining({ reporter: 'PostHog', value: 'robots-throws: db password hunter2', late: true })]);
    // What the report does not decide stands as the check found it.
    expect(again.checks.screen).toBe(checked.checks.screen);
    expect(again.findings.filter(({ check }) => check === 'framework')).toEqual(checked.findings.filter(({ check }) => check === 'framework'));
  });

  it('counts the hand-overs a server log names for an entry, and no other', () => {
    const log = ['[hand-over] robots-throws: db password hunter2', '[hand-over] server-page-throws: x', 'robots-throws: not a hand-over'].join('\n');
    expect(handOversNaming(log, '[hand-over] ', ['robots-throws'], SEGMENT)).toBe(1);
  });
});

describe('the placed failures, once the run has settled (the pipeline asks every kind alike)', () => {
  it("judge again the entry a late report names, its hand-overs counted in the whole run's log, and leave the others' reports", () => {
    const observed = auditedServerFailure({ id: 'robots-throws', status: 500, path: '/robots.txt', lines: [], delivered: 0 });
    const checked = auditEntry(robots, observed, context);
    const { responses: _r, document: _d, ...reporting } = observed;
    const records = new Map<string, AuditEntryRecord>([
      ['robots-throws', { id: 'robots-throws', judged: { ...checked, reports: [] } as never, claimed: [], observed: reporting }],
      ['server-page-throws', { id: 'server-page-throws', notJudged: 'its page never loaded' }],
    ]);
    const placed = entries.map(({ id, reaches }) => ({ id, reaches, scenario: catalogue.find((scenario) => scenario.id === id)!, url: `/${SEGMENT}/${id}` }));
    const stray = postHog('the app’s own error');
    const robotsReport = postHog('robots-throws: db password hunter2');
    const late = placedFailures.late(placed as PlacedEntry[], records, [robotsReport, stray], {
      log: `${AUDIT_DELIVERY_PREFIX}{"path":"/robots.txt","message":"robots-throws: db password hunter2"}`,
      countsDeliveries: true,
      reporting: context,
    });
    expect(late.left).toEqual([stray]);
    const robotsAgain = late.records.find((record) => record.id === 'robots-throws')!;
    expect('judged' in robotsAgain && robotsAgain.judged.checks['reported once']).toBe('ok');
    expect('judged' in robotsAgain && robotsAgain.judged.reports).toEqual([
      expect.objectContaining({ value: 'robots-throws: db password hunter2', late: true }),
    ]);
    // Kept whole beside the entry's own reports: the judge stage traces every report of the record to source (issue #86).
    expect('observed' in robotsAgain && (robotsAgain.observed as { reports: AuditReport[] }).reports).toEqual([...reporting.reports, robotsReport]);
    // A record no late report names comes back as it was.
    expect(late.records.find((record) => record.id === 'server-page-throws')).toBe(records.get('server-page-throws'));
  });
});
