import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import type { ErrorEvent } from '@sentry/core';
import { BACKGROUND_REPORT_TIMEOUT_MS, BACKGROUND_REPORTERS, eventKey, sentInBackground, type AuditReport } from '../verdict/audit-reporting';
import { until } from '../harness/until';
import { waitUntilServing } from '../harness/app-server';
import type { AuditPlan } from '../harness/audited-app';
import { auditedServerAt, auditedServerReadyUrl, settleServer, type AuditedServerReader, type Mark } from '../harness/audited-app';
import { proxyRunsFor } from '../harness/build-manifests';
import { interceptBrowserIngest, type BrowserIngest, type BrowserIngestRecord, type IngestCode } from './browser-ingest';
import { Session } from './session';
import { closedNetwork, type ClosedNetwork } from './closed-network';

/** One entry's check in an audited app's session: where the server stood when it began, and what the browser's side read since. */
export interface AuditCheck {
  /** The server's log and the intercept's log when the check began. */
  mark: Mark;
  /** What the worker's browser ingest read since the check began: one entry at a time per worker, so all of it is the entry's. */
  record: BrowserIngestRecord;
  /** The hosts beyond the machine the check's pages (or its request) asked for since it began: refused, never reached. */
  refused(): string[];
}

/** What one check's errors were handed over as, and which background reports count for them (see `settleFor`). */
export interface HandedOver {
  /** How many errors Next handed to the app's `onRequestError` for the check, in the server's log since its mark. */
  count(log: string): number;
  /** Whether a background reporter's report counts as one of them. */
  counts(report: AuditReport): boolean;
}

/**
 * The server's reports one check claims, for every kind of entry alike: its own (a server
 * runtime's, whichever reporter, about what `claims` names), and what its page sent through the
 * app's tunnel route (`tunnelled`), where it came out of the server, by its event's id.
 */
export function claimedFrom(
  reports: readonly AuditReport[],
  claims: (event: ErrorEvent) => boolean,
  tunnelled: readonly ErrorEvent[],
): { own: AuditReport[]; forwarded: AuditReport[] } {
  const sent = new Set(tunnelled.map(eventKey));
  return {
    own: reports.filter(({ runtime, event }) => runtime !== 'browser' && claims(event)),
    forwarded: reports.filter(({ runtime, event }) => runtime === 'browser' && sent.has(eventKey(event))),
  };
}

/** The origin of the app's Sentry tunnel when it is on another origin than the app's (its `tunnel` a URL); none else. */
function tunnelOrigins(plan: AuditPlan): string[] {
  const to = plan.sentrySetup?.tunnel?.to;
  return to && URL.canParse(to) ? [new URL(to).origin] : [];
}

/**
 * An audited app's session (a `Session`, as the reference app's `HarnessedSession` is): the app
 * server the CLI started, read through its files (its log, and the intercept's log of what its
 * SDKs sent); the worker's browser, whose pages reach the app's origin and nothing else (the
 * closed network), a context per entry as a new visitor (`drive.ts`); the plan the CLI wrote,
 * which says what the app is.
 */
export class AuditedSession extends Session<AuditCheck> {
  /** The entry the session began last: what a browser that ends is named by. */
  current = 'before its first entry';

  private constructor(
    browser: Browser,
    ingest: BrowserIngest,
    readonly plan: AuditPlan,
    readonly server: AuditedServerReader,
    readonly network: ClosedNetwork,
  ) {
    super(browser, ingest);
  }

  /**
   * Opens the session once the app serves. Its browser ingest answers what the page's SDK sends to
   * a DSN's host or a tunnel on another origin as that host would, and reads what it sends to the
   * app's own origin (its tunnel route, asked as in production) while letting it through.
   */
  static async open(browser: Browser, plan: AuditPlan, ingestCode: Promise<IngestCode>): Promise<AuditedSession> {
    const ingest = await interceptBrowserIngest(browser, {}, ingestCode, { tunnelsTo: tunnelOrigins(plan), forwardsAt: [new URL(plan.server.url).origin] });
    try {
      // The CLI starts the server beside the runner, and gives up on it first (its start limit), saying why.
      await waitUntilServing(auditedServerReadyUrl(plan.server.url, plan.basePath), {
        timeoutMs: (plan.startLimitSeconds + 30) * 1000,
        logFile: plan.server.logFile,
        readiness: 'answers',
      });
      const network = await closedNetwork();
      await ingestCode;
      return new AuditedSession(browser, ingest, plan, auditedServerAt(plan.server), network);
    } catch (error) {
      // A session that never opened leaves no interception behind on the worker's browser.
      await ingest.stop().catch(() => {});
      throw error;
    }
  }

  /** Where the app's Sentry tunnel on another origin is: what a page sends there is a report, not a call to a backend. */
  get reportOrigins(): string[] {
    return tunnelOrigins(this.plan);
  }

  /** The app's origin: the one its visitors' pages reach. */
  get origin(): string {
    return new URL(this.server.url).origin;
  }

  /**
   * A new visitor's context, for any kind of entry: its pages reach the app's origin and nothing
   * else (the closed network's proxy refuses the rest), service workers blocked, carrying the
   * audit's session past the app's wall (`--cookie`) as a signed-in visitor's do.
   */
  async visitor(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext({ ...options, serviceWorkers: 'block', proxy: this.network.proxy });
    const { cookies } = this.plan;
    if (cookies.length > 0) await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: this.origin })));
    return context;
  }

  /** A screen kept where the audit's report names it (`file` in its screens folder): that name. */
  keepScreen(file: string, body: Buffer): string {
    writeFileSync(join(this.plan.screens.dir, file), body);
    return join(this.plan.screens.named, file);
  }

  /** Whether the app hands errors to a background reporter and faultline counts what Next hands over: its reports are awaited after each. */
  get awaitsHandOvers(): boolean {
    return this.plan.countsDeliveries && this.plan.reads.some((name) => BACKGROUND_REPORTERS.has(name));
  }

  /**
   * The server settled for a check begun at `mark`, for every kind of entry alike: what its SDKs
   * hold sent (through the audit's flush route), then, where the app
   * hands errors to a background reporter, as many of its reports as Next handed the check's errors
   * over (`handedOver`: the positive signal that one is coming) awaited, and the server settled
   * again. Whether its SDK has a client (null: no word); `NotSettled` where a send never lands.
   */
  async settleFor(mark: Mark, handedOver: HandedOver): Promise<boolean | null> {
    const { flushRoute, basePath, cookies } = this.plan;
    const settle = (flush: boolean) => settleServer(this.server, flush ? flushRoute : null, basePath, cookies);
    const client = await settle(flushRoute !== null);
    if (!this.awaitsHandOvers) return client;
    const since = () => this.server.since(mark);
    const handed = () => handedOver.count(since().log);
    if (handed() === 0) return client;
    const reported = () => since().reports.filter((report) => sentInBackground(report) && handedOver.counts(report)).length;
    await until(() => reported() >= handed(), BACKGROUND_REPORT_TIMEOUT_MS, 100);
    await settle(false);
    return client;
  }

  /** The app's own proxy file when its built matcher covers `path` (it runs before the app's routes and rewrites there); null otherwise. */
  proxyCovering(path: string): string | null {
    const { proxy, basePath } = this.plan;
    return proxy && proxyRunsFor(proxy.workspace, proxy.distDir, path, basePath) ? proxy.file : null;
  }

  override async begin(label: string): Promise<AuditCheck> {
    this.current = label;
    this.ingest.record.reset();
    this.network.refused.reset();
    return { mark: this.server.mark(), record: this.ingest.record, refused: () => this.network.refused.hosts() };
  }

  protected async closeTarget(): Promise<void> {
    await this.network.close();
  }
}
