import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_FOLDER, writeAuditFiles } from '../audit/write';
import { claimOutDir } from '../outputs/out-dir';
import { smallAudit } from './audit-results';

describe("the audit's write stage", () => {
  it('writes every file it declares its folder holds, and replaces every earlier one: an output it writes is never left over from the audit before', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'faultline-audit-write-')), 'faultline-audit');
    claimOutDir(out, AUDIT_FOLDER);
    // The audit before left one of each thing its folder may hold.
    for (const name of AUDIT_FOLDER.written) writeFileSync(join(out, name), 'earlier');
    writeAuditFiles(smallAudit, out);
    const written = readdirSync(out).filter((name) => !name.startsWith('.'));
    expect(written.sort()).toEqual(['audit.html', 'junit.xml', 'report.json', 'report.sarif', 'summary.md']);
  });
});
