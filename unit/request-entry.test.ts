import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, type APIRequestContext } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepsToAuditSegment } from '../contract';
import { requestEntry } from '../worker/request-entry';

/** A request entry's GET as both drivers send it, against a real server on loopback. */
let server: Server;
let base: string;
let api: APIRequestContext;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/en') return res.writeHead(307, { location: '/en/faultline-audit/route/' }).end();
    if (req.url === '/en/faultline-audit/route/') return res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error\nsecond line');
    if (req.url === '/faultline-audit/walled/') return res.writeHead(307, { location: '/login' }).end();
    if (req.url === '/login') return res.writeHead(200).end('sign in');
    if (req.url === '/cut') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a first chunk');
      return setTimeout(() => res.socket?.destroy(), 50);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = await request.newContext();
});

afterAll(async () => {
  await api.dispose();
  await new Promise((done) => server.close(done));
});

describe('a request entry', () => {
  it('follows redirects and says where its answer came from', async () => {
    expect(await requestEntry(api, `${base}/en`)).toEqual({
      kind: 'answered',
      status: 500,
      body: 'Internal Server Error\nsecond line',
      path: '/en/faultline-audit/route/',
      redirects: [{ status: 307, to: '/en/faultline-audit/route/' }],
    });
  });

  it('stops at the first redirect its target does not follow (an audit: one out of its segment), the redirect as the answer', async () => {
    expect(await requestEntry(api, `${base}/faultline-audit/walled/`, keepsToAuditSegment)).toEqual({
      kind: 'answered',
      status: 307,
      body: '',
      path: '/faultline-audit/walled/',
      redirects: [{ status: 307, to: '/login' }],
    });
  });

  it('keeps the status of an answer whose body was cut off', async () => {
    expect(await requestEntry(api, `${base}/cut`)).toEqual({ kind: 'cut off', status: 200, path: '/cut', redirects: [] });
  });

  it('says when nothing answered', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const outcome = await requestEntry(api, `http://127.0.0.1:${port}/`);
    expect(outcome.kind).toBe('unanswered');
  });
});
