import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';
import { placedIn, type PlacedEntry } from '../entry';
import { auditEntry } from '../judge';
import { eventKey, reportInBrief } from '../../../../verdict/audit-reporting';
import type { AuditEntryRecord } from '../../../../verdict/attachment';
import { observeAuditEntry } from './observe';
import type { AuditCheck, AuditedSession } from '../../../../worker/audited-session';
import { checkAuditedEntry } from '../../../../worker/audited-check';

/**
 * One placed entry checked in an audit: driven and observed, judged by the audit's verdict, its
 * screenshot written where the report names it, and its record attached for the reporter. An entry
 * that cannot be driven in this app (an overlay in the way) is recorded as not judged. Its test
 * never fails on a finding: Playwright restarts a worker, its browser and its fixtures, after every
 * failed test, and the team's levels and baseline judge findings after the runner.
 */
export async function checkAuditEntry(session: AuditedSession, placed: PlacedEntry, testInfo: TestInfo): Promise<void> {
  const { scenario } = placed;
  await checkAuditedEntry(session, scenario.id, testInfo, (check) => checkPlaced(session, check, placed, testInfo));
}

/** The placed entry observed, judged, its trace and screen kept for the report; its record (findings as observed: the team's levels and baseline judge them after). */
async function checkPlaced(session: AuditedSession, check: AuditCheck, placed: PlacedEntry, testInfo: TestInfo): Promise<AuditEntryRecord> {
  const { scenario } = placed;
  const { plan } = session;
  const others = placedIn(plan)
    .map((entry) => entry.id)
    .filter((id) => id !== scenario.id && !placed.reaches.includes(id));
  // Kept for an entry with a finding, or one that could not be judged: evidence a team can open (npx playwright show-trace).
  const trace = plan.traces ? { path: join(plan.traces.dir, `${scenario.id}.zip`), named: join(plan.traces.named, `${scenario.id}.zip`) } : null;
  const observed = await observeAuditEntry(session, check, placed, others, trace?.path ?? null);
  const entry = auditEntry(scenario, observed.observation, {
    sentry: plan.sentry,
    reads: plan.reads,
    browserReporters: plan.browserReporters,
    setup: plan.sentrySetup ?? undefined,
    tunnel: plan.sentrySetup?.tunnel,
    privacyAllow: plan.privacyAllow,
  });
  const keepTrace = trace !== null && entry.findings.length > 0;
  await observed.finish(keepTrace);
  if (keepTrace) await testInfo.attach('trace', { path: trace.path, contentType: 'application/zip' });
  let screenshot: string | null = null;
  if (observed.screenshot) {
    screenshot = session.keepScreen(`${scenario.id}.png`, observed.screenshot);
    await testInfo.attach('screen', { body: observed.screenshot, contentType: 'image/png' });
  }
  const { observation } = observed;
  const { responses: _responses, document: _document, ...reporting } = observation;
  return {
    id: scenario.id,
    judged: {
      ...entry,
      title: scenario.title,
      failureClass: scenario.failureClass,
      url: observation.screen.path,
      status: observation.screen.status,
      lines: observation.screen.lines,
      screenshot,
      ...(keepTrace && { trace: trace.named }),
      reports: observation.reports.map(reportInBrief),
      refused: observation.refused,
      ms: observed.ms,
    },
    claimed: observed.claimed.map(eventKey),
    observed: reporting,
  };
}
