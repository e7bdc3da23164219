import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENV } from '../contract';
import { CannotRun } from '../harness/failures';
import { auditRecordAttachment, type AuditEntryRecord } from '../verdict/attachment';
import { checkAuditedEntry, NotJudged, RuledOut } from '../worker/audited-check';
import type { AuditedSession } from '../worker/audited-session';

/**
 * One audited entry's check, whatever its kind: what it attaches for the reporter, and what it
 * leaves to the audit (a part of faultline's that failed, named; anything else, Playwright's).
 */
describe("an audited entry's check, for every kind alike", () => {
  let dir: string;
  let abortFile: string;
  let before: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'faultline-audited-check-'));
    abortFile = join(dir, 'abort.jsonl');
    writeFileSync(abortFile, '');
    before = process.env[ENV.abortFile];
    process.env[ENV.abortFile] = abortFile;
  });
  afterEach(() => {
    if (before === undefined) delete process.env[ENV.abortFile];
    else process.env[ENV.abortFile] = before;
    rmSync(dir, { recursive: true, force: true });
  });

  /** A session whose browser is up (or not), and a test's info that keeps what is attached to it. */
  function rig(connected = true) {
    const begun: string[] = [];
    const session = {
      begin: async (id: string) => (begun.push(id), { mark: { at: 0 } }),
      browser: { isConnected: () => connected },
    } as unknown as AuditedSession;
    const attachments: { name: string; body?: Buffer }[] = [];
    const testInfo = {
      annotations: [],
      attach: async (name: string, { body }: { body?: Buffer }) => void attachments.push({ name, body }),
    } as unknown as TestInfo;
    const attached = () => auditRecordAttachment.read(attachments);
    return { session, testInfo, begun, attached };
  }
  const aborts = () =>
    readFileSync(abortFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { cause: string; part?: string });

  it("begins the entry's check and attaches the record its kind judged", async () => {
    const { session, testInfo, begun, attached } = rig();
    const record = { id: '/api/stock', judged: { findings: [] } } as unknown as AuditEntryRecord;
    await checkAuditedEntry(session, '/api/stock', testInfo, async () => record);
    expect([begun, attached()]).toEqual([['/api/stock'], record]);
  });

  it('records an entry it could not judge as not judged, and one the app rules out as not applicable', async () => {
    const notJudged = rig();
    await checkAuditedEntry(notJudged.session, '/dashboard', notJudged.testInfo, async () => {
      throw new NotJudged('not judged: a send never landed');
    });
    expect(notJudged.attached()).toEqual({ id: '/dashboard', notJudged: 'not judged: a send never landed' });
    const ruledOut = rig();
    await checkAuditedEntry(ruledOut.session, '/old', ruledOut.testInfo, async () => {
      throw new RuledOut('not reached: the app redirected /old to /fallback');
    });
    expect(ruledOut.attached()).toEqual({ id: '/old', notApplicable: 'not reached: the app redirected /old to /fallback' });
  });

  it("stops the audit naming the part of faultline's that failed, with the entry, whatever the kind: never an entry's record", async () => {
    const { session, testInfo, attached } = rig();
    const failed = new CannotRun('app server', "the audit's flush route answered 403 (http://127.0.0.1:3000/faultline-audit/flush)");
    await expect(
      checkAuditedEntry(session, '/api/stock', testInfo, async () => {
        throw failed;
      }),
    ).rejects.toBe(failed);
    expect(aborts()).toEqual([{ cause: `${failed.message} (/api/stock)`, part: 'app server', at: expect.any(String) }]);
    expect(attached()).toBeUndefined();
  });

  it("leaves an error of Playwright's, and any outcome once the browser is gone, to fail the test", async () => {
    const { session, testInfo, attached } = rig(false);
    await expect(
      checkAuditedEntry(session, 'server-page-throws', testInfo, async () => {
        throw new NotJudged('its page did not load within 30 s');
      }),
    ).rejects.toThrow('its page did not load');
    const up = rig();
    await expect(
      checkAuditedEntry(up.session, 'server-page-throws', up.testInfo, async () => {
        throw new Error('page.goto: Target page, context or browser has been closed');
      }),
    ).rejects.toThrow('has been closed');
    expect([attached(), up.attached(), aborts()]).toEqual([undefined, undefined, []]);
  });
});
