import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ExitedBeforeServing, freePort, NotServing, pickPort, waitUntilServing } from '../harness/app-server';
import { exitedBeforeServing, notStarted } from '../harness/audited-app';
import { CannotRun } from '../harness/failures';
import { lastError } from '../harness/server-log';
import { START_ON_A_TAKEN_PORT } from './server-log-excerpts';

/** Where Linux picks a port by itself: for a listen on port 0 (the audit's intercept, a worker's closed network) and for every outgoing connection. */
const [systemLow, systemHigh] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);

const held: Server[] = [];
const hold = (port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    const server = createServer().once('error', reject);
    held.push(server);
    server.listen({ port, host, ipv6Only: host === '::1' }, resolve);
  });
afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the port of a server faultline starts', () => {
  it('is outside the ports the system picks by itself, which another process can take between the choice and next start listening', async () => {
    expect(systemLow).toBeLessThan(systemHigh);
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(systemLow);
    }
  });

  it.each(['127.0.0.1', '::1'])('is never one something listens on at %s', async (host) => {
    const taken = await freePort();
    await hold(taken, host);
    // The first pick lands on the taken port: the choice moves on.
    let picks = 0;
    const port = await freePort(() => (picks++ === 0 ? taken : pickPort()));
    expect(picks).toBeGreaterThan(1);
    expect(port).not.toBe(taken);
  });
});

describe("an audited app's server that ended before it served", () => {
  it('is one line with its exit code, the error it printed last and its log, not the properties under the error', () => {
    expect(exitedBeforeServing(new ExitedBeforeServing(1, '/w/.faultline/server.log', lastError(START_ON_A_TAKEN_PORT)))).toBe(
      'next start exited with code 1 before it served (Error: listen EADDRINUSE: address already in use 127.0.0.1:23456); its log: /w/.faultline/server.log',
    );
    expect(exitedBeforeServing(new ExitedBeforeServing(1, '/w/.faultline/server.log', undefined))).toBe(
      'next start exited with code 1 before it served; its log: /w/.faultline/server.log',
    );
  });
});

describe('a server that ends before it served', () => {
  it('is said with its exit code and the first line of the error it printed last, for the run as for the audit', async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'faultline-exited-')), 'server.log');
    writeFileSync(logFile, START_ON_A_TAKEN_PORT);
    // Its exit is seen before anything is asked of the URL.
    await expect(waitUntilServing('http://127.0.0.1:1/', { timeoutMs: 5_000, logFile, exited: () => 1 })).rejects.toThrow(
      `The app server exited with code 1 before serving (Error: listen EADDRINUSE: address already in use 127.0.0.1:23456); see ${logFile}`,
    );
  });
});

describe('a server that does not answer within its limit', () => {
  it('is a NotServing with its URL, its limit and its log', async () => {
    // It takes the connection and never answers.
    const taken: Socket[] = [];
    const silent = createServer((socket) => taken.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}/`;
      const waiting = waitUntilServing(url, { timeoutMs: 300, logFile: '/w/.faultline/server.log' });
      await expect(waiting).rejects.toBeInstanceOf(NotServing);
      await expect(waiting).rejects.toThrow(`The app server did not answer ${url} within 0.3 s; see /w/.faultline/server.log`);
    } finally {
      // Closed even when an expectation fails: a connection left open would hold the file's teardown.
      for (const socket of taken) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it(
    'is not a server whose home page takes longer than a second to answer, within its limit (a layout asking a refused flags service, retried)',
    { timeout: 10_000 },
    async () => {
      const slow = createHttpServer((_request, response) => void setTimeout(() => response.end('home'), 1_500));
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(slow.address() as { port: number }).port}/`;
        await expect(waitUntilServing(url, { timeoutMs: 5_000, logFile: '/w/.faultline/server.log' })).resolves.toBeUndefined();
      } finally {
        slow.closeAllConnections();
        await new Promise((resolve) => slow.close(resolve));
      }
    },
  );

  it("is the audit's line for the start limit by its kind, whatever another error's message says", () => {
    const limit = { basePath: '/docs', limitSeconds: 90, logFile: '/w/.faultline/server.log' };
    const said = (error: Error) => {
      const mapped = notStarted(error, limit);
      expect(mapped).toBeInstanceOf(CannotRun);
      expect(mapped.part).toBe('app server');
      return mapped.message;
    };
    expect(said(new NotServing('http://127.0.0.1:1/docs/', 90_000, limit.logFile))).toBe(
      'next start did not answer /docs/ within 90 s (--limit start=SECONDS gives it longer); its log: /w/.faultline/server.log',
    );
    expect(said(new ExitedBeforeServing(1, limit.logFile, undefined))).toBe(
      'next start exited with code 1 before it served; its log: /w/.faultline/server.log',
    );
    // Another failure of the start that quotes "did not answer" is said as it is, not as the limit.
    expect(said(new Error('the proxy did not answer its upstream'))).toBe('the proxy did not answer its upstream');
  });
});
