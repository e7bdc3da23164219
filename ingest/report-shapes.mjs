/**
 * What a report is, read from its body and path, and what its receiver answers: one rule for every
 * ingest of faultline's, so that a body is a report in one exactly when it is in the others. The
 * browser's ingest (`worker/browser-ingest.ts`) reads an envelope a page sends through a tunnel by
 * it; the audited server's intercept (`app-server/audit-intercept.mjs`) reads every report its
 * server sends, on any host, by it, and answers with it; the run's MSW handlers answer with it.
 *
 * Plain ESM with its types beside it (`report-shapes.d.mts`): the intercept is preloaded by URL
 * into an audited app's server, before anything could compile TypeScript.
 */

/** The fields of a Sentry envelope's header line, one of which every SDK sets. */
const HEADER_FIELDS = ['dsn', 'event_id', 'sent_at'];

/** How far into a body its header line and first item header are looked for. */
const HEAD_BYTES = 4096;

const parsed = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A Sentry envelope's header line, where `body` is one (a tunnel may have any path, so its shape
 * says): a JSON object naming a DSN, an event or when it was sent, then an item header with a
 * type. Null for any other body: a form, an RSC request, a JSON body that happens to name a DSN.
 */
export function envelopeHeader(body) {
  const [header, item] = Buffer.from(body).toString('utf8', 0, HEAD_BYTES).split('\n', 2);
  const head = parsed(header);
  if (typeof head !== 'object' || head === null || Array.isArray(head) || !HEADER_FIELDS.some((field) => field in head)) return null;
  return typeof parsed(item ?? '')?.type === 'string' ? head : null;
}

/** Whether a body is a PostHog capture, by its shape (any host: PostHog may be self-hosted): a project key, and a batch of events or one. */
export function isPostHogCapture(body) {
  const sent = parsed(Buffer.from(body).toString('utf8'));
  return typeof sent?.api_key === 'string' && (Array.isArray(sent.batch) || typeof sent.event === 'string');
}

/** An OTLP/HTTP trace export, by its path: the exporters append `/v1/traces` to the collector's address, on any host. */
export const isOtlpTraceExport = (pathname) => /\/v1\/traces\/?$/.test(pathname);

/** A JSON answer with its length said: a proxy that forwards it (the app's tunnel route) reads the body until it ends. */
const json = (body) => ({ body, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } });

/** What each receiver answers a report it took. */
export const RECEIVER_ANSWERS = {
  /** Sentry's ingest: an empty object (it names the event id, which no SDK reads). */
  envelope: json('{}'),
  /** PostHog's capture endpoint. */
  PostHog: json('{"status":1}'),
  /** An OpenTelemetry collector: an empty `ExportTraceServiceResponse`, in the request's own encoding. */
  otlp: (contentType) =>
    contentType.includes('json') ? json('{}') : { body: '', headers: { 'content-type': 'application/x-protobuf', 'content-length': '0' } },
};
