/**
 * Runs in Chromium: the probe, an init script in every document of a check's page, for the driver
 * and the bench's bare limit alike. It watches every frame for the moment the page settles on a
 * screen (read with the one screen reader, `screen.ts`), reads that screen there and then, and
 * finds the hydrated control a trigger clicks. Self-contained, like everything in `chromium/`.
 *
 * Why in the page: a Playwright wait starts only once its command reaches a document, then loads
 * Playwright's selector engine into it while the app's scripts load; reading the screen after
 * that with locators took another 50 ms of round trips. Measured against a browser without any
 * harness (`npm run bench`), those waits and reads were most of what the harness added.
 *
 * It tells the worker through a binding (CDP `Runtime.addBinding`), not the console: the app's
 * Sentry SDK records console calls as breadcrumbs, which would end up in the reports checked.
 */
import type { readScreenInPage, ScreenRead, ScreenSpec } from './screen';
import type { flushSentryInPage } from './sentry';

/** A button or link, by its exact text. */
export type Control = { role: 'button' | 'link'; name: string };

/** What the probe watches for; set by the worker before the navigation, kept in the tab's session storage. */
export interface ProbeWatch {
  /** The screen reader's words; the page settles on a fallback, Next's error document, or `screen.sees` shown. */
  screen: ScreenSpec;
  /** Settled only on this path (redirects). */
  url: string | null;
  /** The control to find once hydrated; `click`: the probe clicks it itself (the bare limit). */
  control: (Control & { click: boolean }) | null;
  /** Send the screen and flush the page's Sentry client when settled (the driver), or only say when (the bare limit). */
  readScreen: boolean;
}

export type ProbeMessage =
  /** `lines`: the screen's visible lines as the control hydrated, before any click (null: the screen is not read). */
  | { kind: 'hydrated'; x: number; y: number; lines: string[] | null }
  /**
   * `atMs`: the first frame that showed it, from the start of the check's first document
   * (`originMs`, epoch); `hydratedMs`/`clickedMs` likewise (null without a control).
   */
  | { kind: 'settled'; atMs: number; originMs: number; hydratedMs: number | null; clickedMs: number | null; screen: ScreenRead | null }
  /** The page's Sentry client sent what it held, started the moment the page settled; false: it has none. */
  | { kind: 'flushed'; hadClient: boolean };

/** Whether a read screen is one the page settles on. */
function isSettled(read: ScreenRead, sees: string | null): boolean {
  return read.fallbackHeading !== null || read.errorDocumentHeading !== null || (sees !== null && read.seen === sees);
}

/** The init script's body (`read` is `readScreenInPage`, `flush` is `flushSentryInPage`, `settledOn` is `isSettled`). */
export function probeInPage(
  binding: string,
  watchKey: string,
  read: typeof readScreenInPage,
  flush: typeof flushSentryInPage,
  settledOn: typeof isSettled,
): void {
  const spec = sessionStorage.getItem(watchKey);
  if (spec === null) return;
  const watch = JSON.parse(spec) as ProbeWatch;
  const send = (message: ProbeMessage) => (window as unknown as Record<string, (message: string) => void>)[binding]?.(JSON.stringify(message));
  // One check may span documents (a full navigation): time counts from the first one's start.
  const ORIGIN_KEY = `${watchKey}:origin`;
  const CLICKED_KEY = `${watchKey}:clicked`;
  const HYDRATED_AT_KEY = `${watchKey}:hydrated-at`;
  const stored = Number(sessionStorage.getItem(ORIGIN_KEY));
  const origin = stored > 0 ? stored : performance.timeOrigin;
  sessionStorage.setItem(ORIGIN_KEY, String(origin));
  const elapsed = () => performance.timeOrigin + performance.now() - origin;
  const normal = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const storedMs = (key: string) => (sessionStorage.getItem(key) === null ? null : Number(sessionStorage.getItem(key)));
  let clicked = watch.control === null || sessionStorage.getItem(CLICKED_KEY) !== null;
  const click = () => {
    clicked = true;
    sessionStorage.setItem(CLICKED_KEY, String(elapsed()));
  };
  let told = false;
  let done = false;

  /** The screen the page settled on, or null while it has not. */
  const settledScreen = (): ScreenRead | null => {
    if (document.readyState !== 'complete') return null;
    if (watch.url !== null && location.pathname !== watch.url) return null;
    const screen = read(watch.screen);
    return settledOn(screen, watch.screen.sees) ? screen : null;
  };

  const hydratedControl = (): HTMLElement | undefined => {
    const { role, name } = watch.control!;
    // faultline's buttons stay disabled and its links lack `data-hydrated` until React hydrated them.
    const selector = role === 'button' ? 'button:not([disabled])' : 'a[data-hydrated]';
    return [...document.querySelectorAll<HTMLElement>(selector)].find((control) => normal(control) === name);
  };

  const check = () => {
    if (done) return;
    if (!clicked) {
      const control = hydratedControl();
      if (!control) return;
      if (watch.control!.click) {
        sessionStorage.setItem(HYDRATED_AT_KEY, String(elapsed()));
        click();
        control.click();
        return;
      }
      if (told) return;
      told = true;
      // The page is watched for its outcome only from the test's own click on.
      document.addEventListener(
        'click',
        (event) => {
          if (!event.isTrusted) return;
          click();
          queueMicrotask(check);
        },
        { capture: true },
      );
      control.scrollIntoView({ block: 'center' });
      const box = control.getBoundingClientRect();
      sessionStorage.setItem(HYDRATED_AT_KEY, String(elapsed()));
      send({ kind: 'hydrated', x: box.left + box.width / 2, y: box.top + box.height / 2, lines: watch.readScreen ? read(watch.screen).lines : null });
      return;
    }
    const screen = settledScreen();
    if (screen === null) return;
    done = true;
    const [hydratedMs, clickedMs] = [storedMs(HYDRATED_AT_KEY), storedMs(CLICKED_KEY)];
    sessionStorage.removeItem(watchKey);
    // The next frame is the first one that shows it.
    requestAnimationFrame(() => {
      send({ kind: 'settled', atMs: elapsed(), originMs: origin, hydratedMs, clickedMs, screen: watch.readScreen ? screen : null });
      if (!watch.readScreen) return;
      // One frame later the effects of what was shown have run (the fallback reports a client
      // error from one): what the SDK sent after this flush is all it sent, the same proof as a
      // flush from the test, without its round trip.
      requestAnimationFrame(() => void flush().then((hadClient) => send({ kind: 'flushed', hadClient })));
    });
  };

  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  document.addEventListener('readystatechange', check);
  const everyFrame = () => {
    check();
    if (!done) requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
}

/** The watch for the page's next documents, replacing the last check's. */
export function setWatchInPage([key, value]: [string, string]): void {
  for (const name of Object.keys(sessionStorage)) if (name.startsWith(key)) sessionStorage.removeItem(name);
  sessionStorage.setItem(key, value);
}

export { isSettled };
