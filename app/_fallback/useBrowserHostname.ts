import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const browserHostname = () => window.location.hostname;
// The classic screen is rendered in the browser only; on the server there is no hostname to show.
const noHostname = () => null;

/** The hostname the browser loaded, as it says it; null while rendering on the server. */
export const useBrowserHostname = (): string | null => useSyncExternalStore(noSubscription, browserHostname, noHostname);
