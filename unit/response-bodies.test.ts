import { EventEmitter } from 'node:events';
import type { Page, Response } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { recordResponseBodies } from '../fixtures/response-bodies';

/** A response whose body reads are counted; `body: null` makes the read fail, as for a redirect. */
function response(url: string, body: string | null, reads: Map<string, number>): Response {
  return {
    url: () => url,
    ok: () => true,
    text: async () => {
      reads.set(url, (reads.get(url) ?? 0) + 1);
      if (body === null) throw new Error('No resource with given identifier found');
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

  it('does not remember a build file whose body could not be read', async () => {
    const reads = new Map<string, number>();
    const chunk = 'http://127.0.0.1:3000/_next/static/chunks/c3d4.js';
    expect(await load([response(chunk, null, reads)])).toEqual(['']);
    expect(await load([response(chunk, 'chunk', reads)])).toEqual(['chunk']);
    expect(reads.get(chunk)).toBe(2);
  });
});
