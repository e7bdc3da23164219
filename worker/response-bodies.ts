import type { Frame, Page, Response } from '@playwright/test';
import { SENTRY_ENVELOPE } from '../contract';
import { tunnelledTo } from './browser-ingest';

/**
 * Build output under `/_next/static/` has content-hashed, immutable URLs: the same URL is the same
 * bytes for every test, so a worker reads each one once instead of copying every chunk out of the
 * browser on every page load.
 */
const immutableBodies = new Map<string, Promise<string>>();

function isImmutable(url: string): boolean {
  return new URL(url).pathname.startsWith('/_next/static/');
}

/**
 * Two bodies there is no reading:
 * - a response a page consumed as a stream (`fetch`: the RSC payloads of client navigations, the
 *   answers of Server Actions); Chromium keeps no data for them;
 * - one the browser dropped with its page when a hard navigation replaced it before the read got
 *   there (a link's RSC prefetch, or in 1 of 228 checks here the start page itself, when a failed
 *   client navigation falls back to a full load).
 * What they put on the page is in the document the check reads last. Before, every failed read
 * counted as an empty body, silently; now only these do, and docs/verdicts.md says so.
 */
const NOT_KEPT = /No data found for resource with given identifier/;
const DROPPED = /No resource with given identifier found/;

/** `replaced`: whether a new document replaced the page after this response, known once the check stopped recording. */
function bodyOf(response: Response, replaced: () => Promise<boolean>): Promise<string> {
  // Redirects have no body; there is nothing in them to leak.
  if (response.status() >= 300 && response.status() < 400) return Promise.resolve('');
  const fetched = response.request().resourceType() !== 'document';
  const read = () =>
    response.text().catch(async (error: Error) => {
      if ((fetched && NOT_KEPT.test(error.message)) || (DROPPED.test(error.message) && (await replaced()))) return '';
      throw new Error(`The leak check could not read the body of ${response.url()} (${response.status()}): ${error.message.split('\n')[0]}`);
    });
  const url = response.url();
  if (!isImmutable(url) || !response.ok()) return read();
  let body = immutableBodies.get(url);
  if (!body) {
    // A read that failed is not remembered: the next page reads it again.
    body = read().catch((error: unknown) => {
      immutableBodies.delete(url);
      throw error;
    });
    immutableBodies.set(url, body);
  }
  return body;
}

/**
 * Sentry envelopes are answered by the harness's own ingest (CDP): its `{}`, never the app's; the
 * browser keeps no body to read. Any one segment as the project, as the ingest's MSW handler
 * answers (wider than a DSN's numeric id on purpose).
 */
const INGEST_ANSWER = SENTRY_ENVELOPE.anyProject;

/**
 * Records the body of every response the page receives (documents, RSC payloads, Server Action
 * answers, scripts) until stopped, read as it arrives: the browser drops a page's bodies once
 * another document replaces it (a hard navigation). A body that cannot be read fails the check:
 * a leak check that skipped it would pass without having looked.
 */
export function recordResponseBodies(page: Page): { stop(): Promise<string[]> } {
  const bodies: Promise<string>[] = [];
  let documents = 0;
  let stopped!: () => void;
  const whenStopped = new Promise<void>((resolve) => (stopped = resolve));
  const committed = (frame: Frame) => {
    if (frame === page.mainFrame()) documents++;
  };
  const record = (response: Response) => {
    if (INGEST_ANSWER.test(new URL(response.url()).pathname)) return;
    // The app's answer to an envelope sent through its tunnel route goes to the SDK, which never reads it, and is
    // never shown: a 404 page there stays unread by the page, so its body never finishes arriving to be read.
    const sent = response.request().postDataBuffer();
    if (sent && tunnelledTo(sent) !== null) return;
    const documentAtArrival = documents;
    const body = bodyOf(response, async () => {
      await whenStopped;
      return documents > documentAtArrival;
    });
    // Judged at stop(): a failure must not go unhandled meanwhile.
    body.catch(() => {});
    bodies.push(body);
  };
  page.on('response', record);
  page.on('framenavigated', committed);
  return {
    stop() {
      page.off('response', record);
      page.off('framenavigated', committed);
      stopped();
      return Promise.all(bodies);
    },
  };
}
