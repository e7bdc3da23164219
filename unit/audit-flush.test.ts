import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { auditedServerAt, NotSettled, settleServer } from '@/harness/audited-app';

describe("the audit's flush of the app server", () => {
  let server: Server | undefined;
  let dir: string | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** An app server whose every request is held (a proxy awaiting what never comes): it takes the request and never answers. */
  async function holdingServer() {
    server = createServer(() => {});
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    dir = mkdtempSync(join(tmpdir(), 'faultline-flush-'));
    const files = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logFile: join(dir, 'server.log'), ingestLog: join(dir, 'ingest.jsonl') };
    writeFileSync(files.logFile, '');
    writeFileSync(files.ingestLog, '');
    return auditedServerAt(files);
  }

  it('never hangs on a flush route that does not answer: it ends within the limit, saying so', async () => {
    const app = await holdingServer();
    // Settled, or given up, within the test's own limit: never left waiting.
    const settled = settleServer(app, '/faultline-audit/flush', '', [], 1);
    await expect(settled).rejects.toThrow(NotSettled);
    await expect(settled).rejects.toThrow(
      /^the audit's flush route \(http:\/\/127\.0\.0\.1:\d+\/faultline-audit\/flush\) did not answer within 1 s \(--limit entry=SECONDS gives it longer\)$/,
    );
  }, 10_000);
});
