import { readFileSync, writeFileSync } from 'node:fs';
import { ENV } from '../contract';
import type { SentrySetup } from '../audit/app/sentry-setup';
import type { AuditedServerFiles } from './audited-app';

/**
 * What the Playwright workers of `faultline audit` are told by the CLI that built and started the
 * app: the audited target. Each kind's entries travel as planned (a placed entry already for the
 * app's `next`), so a worker judges exactly what the CLI planned.
 */
export interface AuditPlan {
  server: AuditedServerFiles;
  /** Whether the app has `@sentry/nextjs` at all. */
  sentry: boolean;
  /** Why each runtime's reports cannot come, as the app's files prove it (null: no Sentry). */
  sentrySetup: SentrySetup | null;
  /** The app's reporters other than Sentry whose server sends faultline reads (`PostHog`). */
  reads: string[];
  basePath: string;
  /** The app's own proxy: its file as the app names it, and the built workspace whose manifests hold its matcher. Null: the app has none. */
  proxy: { file: string; workspace: string; distDir: string } | null;
  /** Cookies every page and request of the audit sends to the app (`--cookie`): a session past its wall. */
  cookies: { name: string; value: string }[];
  /** Fields the team means its reports to carry (its config's `privacy.allow`): no privacy finding. */
  privacyAllow: string[];
  /** How long the server may take to answer (`--limit start`): a worker waits for it a little longer, for the CLI to say why first. */
  startLimitSeconds: number;
  /** Each kind's planned entries, by its name (already for the app's `next`): its spec reads its own. */
  entries: Readonly<Record<string, readonly { id: string }[]>>;
  /** Whether the app's instrumentation counts Next's hand-overs to `onRequestError` in the server log. */
  countsDeliveries: boolean;
  /** The flush route's path, where it was placed (the app has Sentry, or traces faultline reads): what its server SDKs hold is sent before an entry is judged. */
  flushRoute: string | null;
  /** Where each entry's screenshot is written, and how the report names that folder. */
  screens: { dir: string; named: string };
  /** Where the trace of an entry with a finding is written, and how the report names that folder; null: no traces. */
  traces: { dir: string; named: string } | null;
}

export function writeAuditPlan(file: string, plan: AuditPlan): void {
  writeFileSync(file, `${JSON.stringify(plan)}\n`);
}

export function readAuditPlan(env: NodeJS.ProcessEnv = process.env): AuditPlan {
  const file = env[ENV.auditPlan];
  if (!file) throw new Error(`${ENV.auditPlan} is not set: the audit project runs under faultline audit only.`);
  return JSON.parse(readFileSync(file, 'utf8')) as AuditPlan;
}
