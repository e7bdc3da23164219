import type { Locator, Page } from '@playwright/test';
import type { Scenario } from '../scenarios/schema';
import type { Control } from '../chromium/probe';
import { blockUrls, failRscRequests, type FailingRequests } from './page-conditions';

/**
 * What an entry's trigger does to a page, and the one driver of a page-loading entry for every
 * target: the conditions it puts on the page's requests before the navigation and before the
 * click, the load, the click once its control is ready, the wait until the page settled. How each
 * step is known to be done is the target's `PagePolicy`: the run's page probe, which knows what the
 * entry expects and clicks by mouse at the hydrated control (`scenario-driver.ts`); the audit's
 * quiet document, for an app that carries no probe (`audit/drive.ts`).
 */

/** The control an entry's trigger clicks once hydrated; null for loads and requests. */
export function controlOf(trigger: Scenario['trigger']): Control | null {
  if (trigger.kind === 'click' || trigger.kind === 'submit') return { role: 'button', name: trigger.button };
  if (trigger.kind === 'navigate') return { role: 'link', name: trigger.link };
  return null;
}

/** The control in `page`, once hydrated: faultline's links carry `data-hydrated` only then, and Playwright waits for its buttons to be enabled. */
export function controlIn(page: Page, { role, name }: Control): Locator {
  return role === 'link' ? page.locator('a[data-hydrated]', { hasText: name }) : page.getByRole('button', { name });
}

/**
 * Makes an entry's RSC requests fail from the first document on: set after hydration, a prefetch
 * could get the next page first and the click would never ask for it (the check would pass
 * without the failure it names, which the verdict's `trigger` check fails).
 */
async function conditionBeforeNavigation(page: Page, trigger: Scenario['trigger']): Promise<FailingRequests | null> {
  return trigger.kind === 'navigate' && trigger.failRsc ? failRscRequests(page, trigger.failRsc) : null;
}

/** Blocks the chunks a navigation will ask for, once the page's own are loaded (it is hydrated). */
async function conditionBeforeClick(page: Page, trigger: Scenario['trigger']): Promise<FailingRequests | null> {
  return trigger.kind === 'navigate' && trigger.blockChunks ? blockUrls(page, ['*/_next/static/chunks/*']) : null;
}

/**
 * The failures the click's navigation met: those after it, and those before it of where it went.
 * Next 15 navigates with the payload its link prefetched: when that prefetch failed, the click
 * loads the document instead, asking for nothing after it, and the failed prefetch was its payload.
 */
function failedForClick(failing: FailingRequests, failedBefore: number, landedOn: string): number {
  const landed = new URL(landedOn).pathname;
  const prefetched = failing
    .failedPaths()
    .slice(0, failedBefore)
    .filter((path) => path === landed).length;
  return failing.failed() - failedBefore + prefetched;
}

/** How a target knows each step of a page-loading entry is done. */
export interface PagePolicy<Loaded, Settled> {
  /** Loads the entry's page at `path` (the target's own wait, and what it checks of the answer). */
  load(page: Page, path: string): Promise<Loaded>;
  /**
   * Waits until `control` is ready for a user's click: the screen's lines then (null: not read)
   * and the click. Null: the page clicks it itself (the bench's bare limit), no condition is set.
   */
  ready(page: Page, control: Control): Promise<{ linesBefore: string[] | null; click(): Promise<void> } | null>;
  /** What the page settled on (`linesBefore`: the lines the click was made on). */
  settle(page: Page, linesBefore: string[] | null): Promise<Settled>;
}

/** A page-loading entry driven to where it settled. */
export interface DrivenPage<Loaded, Settled> {
  loaded: Loaded;
  linesBefore: string[] | null;
  settled: Settled;
  /** How many requests of the click's navigation the trigger's condition failed (failedForClick); null: it set none. */
  failuresMet: number | null;
}

/**
 * Drives a page-loading entry in `page` at `path`: its conditions set, its page loaded, its
 * control clicked once ready, until the page settled; what it put on the page is released before
 * it returns, and when a step fails.
 */
export async function drivePage<Loaded, Settled>(
  page: Page,
  trigger: Scenario['trigger'],
  path: string,
  policy: PagePolicy<Loaded, Settled>,
): Promise<DrivenPage<Loaded, Settled>> {
  let failing = await conditionBeforeNavigation(page, trigger);
  try {
    const loaded = await policy.load(page, path);
    const control = controlOf(trigger);
    const ready = control && (await policy.ready(page, control));
    let failedBefore = 0;
    if (ready) {
      failing ??= await conditionBeforeClick(page, trigger);
      failedBefore = failing?.failed() ?? 0;
      await ready.click();
    }
    const linesBefore = ready ? ready.linesBefore : null;
    const settled = await policy.settle(page, linesBefore);
    return { loaded, linesBefore, settled, failuresMet: failing ? failedForClick(failing, failedBefore, page.url()) : null };
  } finally {
    await failing?.release();
  }
}
