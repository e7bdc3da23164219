import { describe, expect, it } from 'vitest';
import { parseAuditArgs } from '../cli/audit';
import { stageOptions, type AuditJob } from '../audit/job';

const job = (argv: string[], overVersions = false) => ({ options: parseAuditArgs(['../shop', ...argv]), overVersions }) as AuditJob;
const stopping = { stage: '', signal: new AbortController().signal };
const kinds = (of: AuditJob) => stageOptions(of, stopping, () => {}).build.kinds.map((kind) => kind.name);

describe("what the build and check stages take from the audit's job, declared once for the app's own next and each version", () => {
  it('audits the placed failures and the app’s own routes on its own next; over versions the routes only where --route names them', () => {
    expect(kinds(job([]))).toEqual(['placed', 'routes']);
    expect(kinds(job(['--next', '16.4.6'], true))).toEqual(['placed']);
    expect(kinds(job(['--next', '16.4.6', '--route', '/dashboard'], true))).toEqual(['routes']);
    expect(kinds(job(['--no-routes']))).toEqual(['placed']);
  });

  it('hands the check what the team asked of every version: workers, cookies, the privacy allow-list, the limits', () => {
    const { check, build } = stageOptions(job(['--workers', '3', '--cookie', 'session=1', '--scenario', 'server-page-throws']), stopping, () => {});
    expect([check.workers, check.cookies, build.scenarios]).toEqual([3, [{ name: 'session', value: '1' }], ['server-page-throws']]);
    expect(check.limits).toEqual(build.limits);
  });
});
