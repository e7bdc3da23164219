/** Types of `report-shapes.mjs` (plain ESM, preloaded into an audited app's server): what a report is, and what its receiver answers. */

export interface ReceiverAnswer {
  body: string;
  headers: Record<string, string>;
}

export function envelopeHeader(body: Uint8Array): Record<string, unknown> | null;
export function isPostHogCapture(body: Uint8Array): boolean;
export function isOtlpTraceExport(pathname: string): boolean;
export const RECEIVER_ANSWERS: {
  envelope: ReceiverAnswer;
  PostHog: ReceiverAnswer;
  otlp(contentType: string): ReceiverAnswer;
};
