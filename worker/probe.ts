import type { Page } from '@playwright/test';
import { isSettled, probeInPage, setWatchInPage, type Control, type ProbeMessage, type ProbeWatch } from '../chromium/probe';
import { readScreenInPage } from '../chromium/screen';
import { flushSentryInPage } from '../chromium/sentry';
import { evaluateInPage, inPageSource } from './in-page';
import { screenSpec } from './screen-reader';

/**
 * The worker's side of the probe (`chromium/probe.ts`): installs it in a page, sets what it
 * watches for before a check's navigation, and hands its messages to the driver.
 */

const BINDING = 'faultlineProbe';
const WATCH_KEY = 'faultline-probe-watch';

type Listener = (message: ProbeMessage) => void;
const listeners = new WeakMap<Page, Set<Listener>>();

async function installed(page: Page): Promise<Set<Listener>> {
  let set = listeners.get(page);
  if (set) return set;
  set = new Set();
  listeners.set(page, set);
  const current = set;
  await page.exposeBinding(BINDING, (_source, message: string) => {
    for (const listener of current) listener(JSON.parse(message) as ProbeMessage);
  });
  await page.addInitScript({
    content: `${inPageSource(probeInPage)}(${[
      JSON.stringify(BINDING),
      JSON.stringify(WATCH_KEY),
      inPageSource(readScreenInPage),
      inPageSource(flushSentryInPage),
      inPageSource(isSettled),
    ].join(', ')});`,
  });
  return set;
}

/** The probe's watch for an entry: settle on any fallback, Next's error document, or the entry's own text. */
export function watchFor(expect: { sees?: string; url?: string }, control: (Control & { click: boolean }) | null, readScreen: boolean): ProbeWatch {
  return {
    screen: screenSpec(expect.sees ?? null),
    url: expect.url ?? null,
    control,
    readScreen,
  };
}

export interface ArmedProbe {
  /** The control's centre once hydrated (the page is then watched for the outcome), and the screen's lines then. */
  hydrated(timeoutMs: number): Promise<{ x: number; y: number; lines: string[] | null }>;
  /** When (from the start of the first document) and what the page settled on; null if it did not in time. */
  settled(timeoutMs: number): Promise<Extract<ProbeMessage, { kind: 'settled' }> | null>;
  /** Whether the page had a Sentry client, once the flush started at settling ended; null if no word came in time. */
  flushed(timeoutMs: number): Promise<boolean | null>;
  disarm(): void;
}

/**
 * Sets what the probe watches in `page`'s next documents. The page must be on `origin` (the watch
 * travels in that origin's session storage); call right before navigating.
 */
export async function armProbe(page: Page, origin: string, readyPath: string, watch: ProbeWatch): Promise<ArmedProbe> {
  const set = await installed(page);
  if (new URL(page.url()).origin !== origin) await page.goto(new URL(readyPath, origin).href);
  await evaluateInPage(page, setWatchInPage, [WATCH_KEY, JSON.stringify(watch)]);
  const received: ProbeMessage[] = [];
  const waiters = new Set<() => void>();
  const listener: Listener = (message) => {
    received.push(message);
    for (const wake of waiters) wake();
  };
  set.add(listener);
  const next = <K extends ProbeMessage['kind']>(kind: K, timeoutMs: number) =>
    new Promise<Extract<ProbeMessage, { kind: K }> | null>((resolve) => {
      const found = () => received.find((message): message is Extract<ProbeMessage, { kind: K }> => message.kind === kind);
      const wake = () => {
        const message = found();
        if (message) finish(message);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      const finish = (message: Extract<ProbeMessage, { kind: K }> | null) => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(message);
      };
      waiters.add(wake);
      wake();
    });
  return {
    async hydrated(timeoutMs) {
      const message = await next('hydrated', timeoutMs);
      if (!message) throw new Error(`The ${watch.control?.role} "${watch.control?.name}" was not hydrated within ${timeoutMs} ms`);
      return message;
    },
    settled: (timeoutMs) => next('settled', timeoutMs),
    flushed: async (timeoutMs) => (await next('flushed', timeoutMs))?.hadClient ?? null,
    disarm: () => set.delete(listener),
  };
}
