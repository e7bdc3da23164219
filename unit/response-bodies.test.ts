import { EventEmitter } from 'node:events';
import type { Page, Response } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { recordResponseBodies } from '../worker/response-bodies';

/** A response whose body reads are counted; `body: null` makes the read fail, as for a document the page navigated away from. */
function response(
  url: string,
  body: string | null,
  reads: Map<string, number>,
  status = 200,
  failure = 'No resource with given identifier found',
  resourceType = 'document',
  posted: string | null = null,
): Response {
  return {
    url: () => url,
    request: () => ({ resourceType: () => resourceType, postDataBuffer: () => (posted === null ? null : Buffer.from(posted)) }),
    status: () => status,
    ok: () => status >= 200 && status < 300,
    text: async () => {
      reads.set(url, (reads.get(url) ?? 0) + 1);
      if (body === null) throw new Error(failure);
      return body;
    },
  } as unknown as Response;
}

/** Loads `responses` in a page while a recorder runs, and returns what it recorded. */
async function load(responses: Response[]): Promise<string[]> {
  const page = new EventEmitter();
  const recorder = recordResponseBodies(page as unknown as Page);
  for (const r of responses) page.emit('response', r);
  return recorder.stop();
}

describe('recordResponseBodies', () => {
  it('records every body, and reads an immutable build file once per worker', async () => {
    const reads = new Map<string, number>();
    const chunk = 'http://127.0.0.1:3000/_next/static/chunks/a1b2.js';
    const documentUrl = 'http://127.0.0.1:3000/scenarios/x';
    expect(await load([response(documentUrl, '<html>1', reads), response(chunk, 'chunk', reads)])).toEqual(['<html>1', 'chunk']);
    expect(await load([response(documentUrl, '<html>2', reads), response(chunk, 'chunk', reads)])).toEqual(['<html>2', 'chunk']);
    expect(reads.get(documentUrl)).toBe(2);
    expect(reads.get(chunk)).toBe(1);
  });

  it("leaves out the app's answer to an envelope sent through its tunnel route: the SDK never reads it, so its body may never finish", async () => {
    const reads = new Map<string, number>();
    const envelope = '{"event_id":"1","dsn":"https://key@o1.ingest.sentry.io/2"}\n{"type":"event"}\n{}';
    const tunnel = 'http://127.0.0.1:3000/monitoring?o=1&p=2';
    expect(await load([response(tunnel, null, reads, 404, undefined, 'fetch', envelope)])).toEqual([]);
    expect(reads.get(tunnel), 'never read').toBeUndefined();
    // Any other POST of the page is read.
    expect(await load([response(tunnel, '{"ok":true}', reads, 200, undefined, 'fetch', 'a=1')])).toEqual(['{"ok":true}']);
  });

  it('does not remember a build file whose body could not be read', async () => {
    const reads = new Map<string, number>();
    const chunk = 'http://127.0.0.1:3000/_next/static/chunks/c3d4.js';
    await expect(load([response(chunk, null, reads)])).rejects.toThrow(/could not read the body of .*c3d4\.js/);
    expect(await load([response(chunk, 'chunk', reads)])).toEqual(['chunk']);
    expect(reads.get(chunk)).toBe(2);
  });

  it('fails instead of passing a body it could not read as empty (a leak check that did not look)', async () => {
    const reads = new Map<string, number>();
    const gone = 'http://127.0.0.1:3000/scenarios/first-document';
    await expect(load([response(gone, null, reads)])).rejects.toThrow(/The leak check could not read the body of .*first-document \(200\)/);
  });

  it('counts a streamed fetch body the browser kept no data for as empty, but never a document', async () => {
    const reads = new Map<string, number>();
    const notKept = 'No data found for resource with given identifier';
    const action = 'http://127.0.0.1:3000/scenarios/action-form-throws';
    expect(await load([response(action, null, reads, 500, notKept, 'fetch')])).toEqual(['']);
    await expect(load([response(action, null, reads, 500, notKept, 'document')])).rejects.toThrow(/could not read the body/);
  });

  it('counts a dropped body as empty only when a new document replaced the page before the read', async () => {
    const reads = new Map<string, number>();
    const dropped = 'No resource with given identifier found';
    const prefetch = 'http://127.0.0.1:3000/scenarios/healthy?_rsc=1';
    const page = Object.assign(new EventEmitter(), { mainFrame: () => 'main' });
    const recorder = recordResponseBodies(page as unknown as Page);
    page.emit('response', response(prefetch, null, reads, 200, dropped, 'fetch'));
    page.emit('framenavigated', 'main');
    expect(await recorder.stop()).toEqual(['']);
    // The same failure with no new document is a body the check could not read.
    await expect(load([response(prefetch, null, reads, 200, dropped, 'fetch')])).rejects.toThrow(/could not read the body/);
  });

  it("leaves the harness ingest's own answers out (the browser keeps no body for them)", async () => {
    const reads = new Map<string, number>();
    const envelope = 'https://ingest.faultline.test/api/1/envelope/?sentry_version=7';
    expect(await load([response(envelope, null, reads)])).toEqual([]);
  });

  it('does not read a redirect, which has no body', async () => {
    const reads = new Map<string, number>();
    const redirect = 'http://127.0.0.1:3000/scenarios/redirect-signal';
    expect(await load([response(redirect, null, reads, 307)])).toEqual(['']);
    expect(reads.get(redirect)).toBeUndefined();
  });
});
