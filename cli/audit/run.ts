import type { Stopping } from '../stopping';

/** What an audit over one app needs besides its options: where faultline is, its outputs, and how it proves the app's tree unchanged. */
export interface AuditRun {
  faultline: string;
  out: string;
  /** Where screens and traces go until the audit is complete. */
  staging: string;
  stopping: Stopping;
  /** The browser proven to start, while the app is copied: awaited before anything is built. */
  browser: Promise<unknown>;
  /** Throws when the app's files changed since the audit began (its `distDir` aside, which only Next writes). */
  proveUnchanged: (distDir: string) => void;
}
