import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { READY_PATH } from '../harness/app-server';
import { TEST_MARKER_HEADER } from '../contract';
import { ServerLog } from '../harness/server-log';
import { isStarted, type AppTarget } from '../harness/target';
import { StalledRequests, type IngestFault } from '../ingest/faults';
import type { IngestState } from '../app-server/store';
import { interceptBrowserIngest, type BrowserIngest, type IngestCode } from './browser-ingest';
import { fetchIngestState, fetchServerEvents, onlyMarker, settleReports, summarise, type FlushedInPage, type SettledReports } from './reports';
import type { ReportSummary } from '../verdict/verdict';
import type { Build } from '../source-maps/chunks';

/** One check in a harnessed session: what its requests are marked with, and what they caused. */
export interface SessionCheck {
  /** The value of the marker header on every request of the check: how the server's events are attributed to it. */
  marker: string;
  /**
   * Flushes both SDKs and returns every error event the check's requests caused (`flushed`: a page
   * the probe already flushed), claiming on the server what is its own: by its marker, or unmarked
   * by the messages it began with or the `digests` its screen showed.
   */
  collect(flushed?: FlushedInPage, digests?: string[]): Promise<SettledReports>;
  /** The server log written since the check began; null when the server is not faultline's. */
  serverLog: (() => string) | null;
  /** What reached the server's ingest for this check and what it holds open, without flushing; null when the server is not faultline's. */
  serverIngest(): Promise<IngestState | null>;
  /** What reached the browser ingest since the check began. */
  browserIngest(): { arrived: number; envelopes: number; stalled: number };
  /**
   * What the check expects of the server: texts that name its entry (a server event or delivery
   * without request data that carries one is the check's too), and how many of Next's deliveries to
   * wait for before its reports are read.
   */
  expects(expected: { messages: readonly string[]; deliveries: number }): void;
  /** Claims what the requests marked `marker` (a part of the check with a marker of its own) made the server send; null when the server is not ours. */
  claimMarker(marker: string): Promise<ReportSummary[] | null>;
  /**
   * Ends the check: one that never collected claims what its requests caused (nothing it caused is
   * left unaccounted for); one that did fails when its page sent a report after it collected.
   */
  release(): Promise<void>;
}

/** How long a page of the app may take to answer before a check (or a worker's warm-up) says so, naming the page. */
export const NAVIGATION_TIMEOUT_MS = 15_000;

/** Why Playwright gave up, in its own words: what stood in the way (`<div …> intercepts pointer events`) where it says, else its first line. */
export function whyPlaywrightGaveUp(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines = error.message
    .split('\n')
    .map((line) => line.trim().replace(/^-\s*/, ''))
    .filter(Boolean);
  return lines.findLast((line) => /intercepts pointer events|not visible|not enabled|not stable|detached/.test(line)) ?? lines[0] ?? error.name;
}

export interface SessionOptions {
  /** The browser ingest answers every envelope this way. */
  fault?: IngestFault;
  /** The ingest's code, already loading (a worker starts it first thing). */
  ingestCode?: Promise<IngestCode>;
  /** Load the app once before the first check: a new browser compiles every chunk on its first page. */
  warm?: boolean;
  /** The build the server runs, whose maps its reports resolve through (`source` of each server report); absent: not read. */
  build?: Build;
}

/**
 * A session of faultline's on one target, whichever it is: a browser whose every Sentry envelope is
 * answered and read by the worker's browser ingest (nothing leaves the machine), a check begun per
 * entry, and the browser watched while the session is open (one that ends is no finding of the
 * app's: the run or the audit stops, naming it). What a check is, and what the session holds for
 * it, is each target's: the reference app's `HarnessedSession` below, an audited app's
 * `AuditedSession` (`audited-session.ts`). Next.js's own test harness is the model: one
 * `NextInstance`, a subclass per mode.
 */
export abstract class Session<Check> {
  private closing = false;

  protected constructor(
    readonly browser: Browser,
    protected readonly ingest: BrowserIngest,
  ) {}

  /** Starts a check labelled `label`: the browser ingest's record emptied, the server marked. */
  abstract begin(label: string): Promise<Check>;

  /** Calls `ended` if the browser ends before the session closes. */
  watchBrowser(ended: () => void): void {
    this.browser.on('disconnected', () => {
      if (!this.closing) ended();
    });
  }

  /** Ends the session: what the target holds open, then the browser ingest. */
  async close(): Promise<void> {
    this.closing = true;
    await this.closeTarget();
    await this.ingest.stop();
  }

  protected abstract closeTarget(): Promise<void>;
}

/**
 * The reference app's session, a browser harnessed to check the app at `app`: one context and one
 * page on the app, and per check a marker on every request, the browser ingest's record and the
 * server log's slice. The session of the Playwright fixtures, `faultline repro` and the bench.
 */
export class HarnessedSession extends Session<SessionCheck> {
  readonly stalls: StalledRequests;
  page: Page;

  private constructor(
    browser: Browser,
    readonly app: AppTarget,
    readonly context: BrowserContext,
    page: Page,
    ingest: BrowserIngest,
    stalls: StalledRequests,
    private readonly build: Build | undefined,
  ) {
    super(browser, ingest);
    this.page = page;
    this.stalls = stalls;
  }

  static async open(browser: Browser, app: AppTarget, { fault, ingestCode, warm = true, build }: SessionOptions = {}): Promise<HarnessedSession> {
    const stalls = new StalledRequests();
    const ingest = await interceptBrowserIngest(browser, { fault, stalls }, ingestCode);
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    if (warm) await page.goto(READY_PATH, { timeout: NAVIGATION_TIMEOUT_MS });
    // A check's reports are intercepted by then.
    await ingestCode;
    return new HarnessedSession(browser, app, context, page, ingest, stalls, build);
  }

  /** The session's page, opened again if a check closed it. */
  async openPage(): Promise<Page> {
    if (this.page.isClosed()) this.page = await this.context.newPage();
    return this.page;
  }

  /**
   * Starts a check: a new marker on every request (unique per attempt: a server several runs share
   * keeps the earlier events), the browser record emptied, the server log marked.
   */
  override async begin(label: string): Promise<SessionCheck> {
    const marker = `${label}.${randomUUID()}`;
    await this.context.setExtraHTTPHeaders({ [TEST_MARKER_HEADER]: marker });
    const { record } = this.ingest;
    record.reset();
    // What only a server faultline started has: its harness endpoints and its log.
    const { harness, serverLog } = isStarted(this.app) ? this.app : { harness: null, serverLog: null };
    const log = serverLog ? new ServerLog(serverLog) : null;
    const mark = log?.mark() ?? 0;
    const messages: string[] = [];
    let deliveries = 0;
    let collected = false;
    let browserCollected = 0;
    return {
      marker,
      collect: async (flushed, digests = []) => {
        collected = true;
        const settled = await settleReports(
          this.context,
          record,
          harness ? { endpoints: harness, claim: { marker, messages, digests, deliveries }, build: this.build } : null,
          flushed,
        );
        browserCollected = settled.rawBrowser.length;
        return settled;
      },
      serverLog: log ? () => log.since(mark) : null,
      serverIngest: async () => (harness ? fetchIngestState(harness, { marker, messages, digests: [] }) : null),
      browserIngest: () => ({ arrived: record.events.length, envelopes: record.envelopes, stalled: this.stalls.total }),
      expects: (expected) => {
        messages.push(...expected.messages);
        deliveries = expected.deliveries;
      },
      claimMarker: async (own) =>
        harness ? (await fetchServerEvents(harness, onlyMarker(own))).events.map(({ event, claimedBy }) => summarise('server', event, claimedBy)) : null,
      release: async () => {
        if (!collected) {
          if (harness) await fetchServerEvents(harness, { marker, messages, digests: [] });
          return;
        }
        const late = record.events.slice(browserCollected);
        if (late.length > 0) {
          throw new Error(
            `the browser sent ${late.length} report${late.length > 1 ? 's' : ''} after the check had collected its reports: ` +
              late.map((event) => summarise('browser', event, 'page').value).join('; '),
          );
        }
      },
    };
  }

  protected async closeTarget(): Promise<void> {
    this.stalls.releaseAll();
    await this.context.close().catch(() => {});
  }
}
