import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_FOLDER, writeAuditFiles } from '../audit/write';
import { claimOutDir } from '../outputs/out-dir';
import { AUDIT_CHECKS } from '../verdict/finding';
import type { AuditResult } from '../verdict/audit-result';

const checks = Object.fromEntries(AUDIT_CHECKS.map((check) => [check, 'ok']));
const result = {
  app: { name: 'app', root: '/app', next: '16.4.5', sentry: true },
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

describe("the audit's write stage", () => {
  it('writes every file it declares its folder holds, and replaces every earlier one: an output it writes is never left over from the audit before', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'faultline-audit-write-')), 'faultline-audit');
    claimOutDir(out, AUDIT_FOLDER);
    // The audit before left one of each thing its folder may hold.
    for (const name of AUDIT_FOLDER.written) writeFileSync(join(out, name), 'earlier');
    writeAuditFiles(result, out);
    const written = readdirSync(out).filter((name) => !name.startsWith('.'));
    expect(written.sort()).toEqual(['audit.html', 'junit.xml', 'report.json', 'report.sarif', 'summary.md']);
  });
});
