import type { SeenScreen } from './screen-kind';

/**
 * What one check observed of an entry's failure, whichever target of the engine it ran against (the
 * reference app in harness mode, or an audited app): the screen the user was left with, read by the
 * one screen reader; the reports that arrived, in the target's report model; and the digests the
 * server log printed. Each target's verdict adds what it alone judges: the run its pins' evidence
 * (`Observation`, `verdict/verdict.ts`), the audit what any app is judged on (`AuditObservation`,
 * `verdict/audit.ts`).
 */
export interface Observed<Report, Screen extends SeenScreen = SeenScreen> {
  screen: Screen;
  reports: Report[];
  /** Every digest the server log printed about the check; null when the log is not faultline's to read (`--base-url`). */
  serverLogDigests: string[] | null;
}
