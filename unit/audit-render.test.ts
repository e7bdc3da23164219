import { describe, expect, it } from 'vitest';
import { auditAsHtml } from '../cli/audit-html';
import { auditAsTable, type AuditResult } from '../cli/audit-render';
import { AUDIT_CHECKS } from '../verdict/audit';

const checks = Object.fromEntries(AUDIT_CHECKS.map((check) => [check, 'ok']));
const result = {
  app: { name: 'app', next: '16.4.5', sentry: true },
  substituted: [],
  appFindings: [],
  entries: [{ id: 'server-page-throws', status: 500, screen: 'classic fallback', checks, findings: [], lines: [], reports: [], screenshot: null, ms: {} }],
  notApplicable: [],
  reachedOut: [],
  notJudged: [],
  treeUnchanged: true,
  build: { built: true, seconds: 1 },
  testSeconds: 1,
} as unknown as AuditResult;

describe("an audit's table of entries", () => {
  it('names each check once, and what the user saw apart from the screen check', () => {
    const header = auditAsTable(result).split('\n')[0];
    for (const check of AUDIT_CHECKS) expect(header.split(check).length - 1, check).toBe(1);
    expect(header.trimEnd().endsWith('the user saw')).toBe(true);

    const columns = [...auditAsHtml(result, '/tmp').matchAll(/<th scope="col">([^<]+)<\/th>/g)].map((match) => match[1]);
    const entryColumns = columns.slice(columns.indexOf('entry'), columns.indexOf('entry') + 3 + AUDIT_CHECKS.length);
    expect(entryColumns.filter((column) => column === 'screen')).toHaveLength(1);
    expect(entryColumns).toContain('the user saw');
  });
});
