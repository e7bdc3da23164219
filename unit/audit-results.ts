import type { AuditResult } from '../verdict/audit-result';
import { AUDIT_CHECKS } from '../verdict/finding';

/** An audit's result as small as the outputs render: one entry judged, every check ok, nothing else. */
export const smallAudit = {
  app: { name: 'app', root: '/app', next: '16.4.5', sentry: true },
  substituted: [],
  appFindings: [],
  entries: [
    {
      id: 'server-page-throws',
      status: 500,
      screen: 'classic fallback',
      checks: Object.fromEntries(AUDIT_CHECKS.map((check) => [check, 'ok'])),
      findings: [],
      lines: [],
      reports: [],
      screenshot: null,
      ms: {},
    },
  ],
  notApplicable: [],
  reachedOut: [],
  notJudged: [],
  treeUnchanged: true,
  build: { built: true, seconds: 1 },
  testSeconds: 1,
} as unknown as AuditResult;
