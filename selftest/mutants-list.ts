import type { RunCheck } from '../verdict/report';

/** One small fault in the app: a text replacement in one file, the entries it touches, the check that must name it. */
export interface Mutant {
  id: string;
  fault: string;
  file: string;
  from: string;
  to: string;
  /** The entries a developer would run for this change (`faultline run --scenario`). */
  scenarios: string[];
  /** The verdict check that must fail (others may fail too). */
  caughtBy: RunCheck;
}

const SERVER_PAGE = ['server-page-throws'];
const CLIENT_EFFECT = ['client-effect-throws'];
const CAPTURE_TWICE = `  Sentry.captureRequestError(error, request, context);
  const again = Object.assign(new Error((error as Error).message), { digest: (error as { digest?: string }).digest });
  return Sentry.captureRequestError(again, request, context);`;

/** Every fault `npm run mutants` applies, one at a time, to a throwaway copy of the app. */
export const MUTANTS: Mutant[] = [
  {
    id: 'server-sentence-char',
    fault: 'one character of the server sentence changed',
    file: 'app/_fallback/sentence.ts',
    from: "'the server logs'",
    to: "'the server log'",
    scenarios: SERVER_PAGE,
    caughtBy: 'screen',
  },
  {
    id: 'client-sentence-char',
    fault: 'one character of the client sentence changed',
    file: 'app/_fallback/sentence.ts',
    from: "'the browser console'",
    to: "'the browser Console'",
    scenarios: CLIENT_EFFECT,
    caughtBy: 'screen',
  },
  {
    id: 'host-with-port',
    fault: 'the host shown with its port',
    file: 'app/global-error.tsx',
    from: 'const browserHostname = () => window.location.hostname;',
    to: 'const browserHostname = () => window.location.host;',
    scenarios: [...SERVER_PAGE, ...CLIENT_EFFECT],
    caughtBy: 'screen',
  },
  {
    id: 'host-upper-case',
    fault: 'the host shown in upper case',
    file: 'app/global-error.tsx',
    from: 'const browserHostname = () => window.location.hostname;',
    to: 'const browserHostname = () => window.location.hostname.toUpperCase();',
    scenarios: [...SERVER_PAGE, ...CLIENT_EFFECT],
    caughtBy: 'screen',
  },
  {
    id: 'digest-line-dropped',
    fault: 'the digest line dropped',
    file: 'app/_fallback/ClassicFallback.tsx',
    from: "{variant === 'server' && digest ? <p style={styles.text}>{digestLine(digest)}</p> : null}",
    to: '{null}',
    scenarios: SERVER_PAGE,
    caughtBy: 'screen',
  },
  {
    id: 'digest-line-for-client',
    fault: 'a digest line shown for a client error',
    file: 'app/_fallback/ClassicFallback.tsx',
    from: "{variant === 'server' && digest ? <p style={styles.text}>{digestLine(digest)}</p> : null}",
    to: "{<p style={styles.text}>{digestLine(digest ?? 'unknown')}</p>}",
    scenarios: CLIENT_EFFECT,
    caughtBy: 'screen',
  },
  {
    id: 'server-variant-for-client',
    fault: 'the server variant shown for a client error',
    file: 'app/_fallback/sentence.ts',
    from: "return error.digest ? 'server' : 'client';",
    to: "return 'server';",
    scenarios: CLIENT_EFFECT,
    caughtBy: 'screen',
  },
  {
    id: 'status-changed',
    fault: "a route's status changed (the proxy answers 502)",
    file: 'proxy.ts',
    from: '    throw error;\n',
    to: "    return new NextResponse('Internal Server Error', { status: 502 });\n",
    scenarios: ['proxy-throws'],
    caughtBy: 'screen',
  },
  {
    id: 'server-report-twice',
    fault: 'a server report sent twice',
    file: 'instrumentation.ts',
    from: 'const reportRequestError = Sentry.captureRequestError;',
    to: `const reportRequestError: typeof Sentry.captureRequestError = (error, request, context) => {\n${CAPTURE_TWICE}\n};`,
    scenarios: SERVER_PAGE,
    caughtBy: 'reports',
  },
  {
    id: 'server-report-dropped',
    fault: 'a server report dropped',
    file: 'instrumentation.ts',
    from: 'const reportRequestError = Sentry.captureRequestError;',
    to: 'const reportRequestError = () => {};',
    scenarios: SERVER_PAGE,
    caughtBy: 'reports',
  },
  {
    id: 'digest-tag-dropped',
    fault: 'the digest tag dropped',
    file: 'app/_sentry/options.ts',
    from: 'event.tags = { ...event.tags, [DIGEST_TAG]: digest };',
    to: 'event.tags = { ...event.tags };',
    scenarios: SERVER_PAGE,
    caughtBy: 'reports',
  },
  {
    id: 'digest-tag-other-value',
    fault: 'the digest tag set to another value',
    file: 'app/_sentry/options.ts',
    from: 'event.tags = { ...event.tags, [DIGEST_TAG]: digest };',
    to: 'event.tags = { ...event.tags, [DIGEST_TAG]: `${digest}0` };',
    scenarios: SERVER_PAGE,
    caughtBy: 'digest: report = screen',
  },
  {
    id: 'browser-reports-server-errors',
    fault: 'the browser SDK reporting server-originated errors again',
    file: 'app/_sentry/options.ts',
    from: 'return digestOf(hint) === undefined ? scrubPrivate(event) : null;',
    to: 'return scrubPrivate(event);',
    scenarios: ['action-onclick-throws'],
    caughtBy: 'reports',
  },
  {
    id: 'message-in-html',
    fault: 'the thrown message leaked into the HTML',
    file: 'app/(site)/scenarios/suspense-streamed-throws/page.tsx',
    from: '<h1>Streaming</h1>',
    to: "<h1>Streaming</h1>\n      <template>{'suspense-streamed-throws: db password hunter2'}</template>",
    scenarios: ['suspense-streamed-throws'],
    caughtBy: 'no leak',
  },
  {
    id: 'privacy-scrub-removed',
    fault: "Sentry's privacy scrub removed",
    file: 'app/_sentry/options.ts',
    from: 'beforeSend: (event: ErrorEvent, hint: EventHint) => scrubPrivate(tagDigest(event, hint)),',
    to: 'beforeSend: (event: ErrorEvent, hint: EventHint) => tagDigest(event, hint),',
    scenarios: SERVER_PAGE,
    caughtBy: 'privacy',
  },
  {
    id: 'healthy-throws',
    fault: 'the healthy page throwing',
    file: 'app/(site)/scenarios/healthy/page.tsx',
    from: 'export default function Page() {\n',
    to: "import { connection } from 'next/server';\n\nexport default async function Page() {\n  await connection();\n  throw new Error('healthy: broken');\n",
    scenarios: ['healthy'],
    caughtBy: 'screen',
  },
  {
    id: 'not-found-shows-fallback',
    fault: '`notFound()` showing the fallback',
    file: 'bundled/signals.ts',
    from: 'notFound: () => notFound(),',
    to: "notFound: () => {\n    throw new Error('not found');\n  },",
    scenarios: ['not-found-signal'],
    caughtBy: 'screen',
  },
  {
    id: 'streamed-failure-swallowed',
    fault: 'a Suspense-streamed failure swallowed',
    file: 'bundled/streamed.tsx',
    from: '  await nextMacrotask();\n  throw new Error(secretMessage(id));',
    to: '  await nextMacrotask();\n  return null as never;',
    scenarios: ['suspense-streamed-throws'],
    caughtBy: 'screen',
  },
  {
    id: 'delivered-twice',
    fault: 'Next delivering each error twice to onRequestError (the SDK sends it once)',
    file: 'instrumentation.ts',
    from: 'export const onRequestError = countingDeliveries(reportRequestError);',
    to: 'const counted = countingDeliveries(reportRequestError);\nexport const onRequestError: typeof counted = async (...args) => {\n  await counted(...args);\n  await counted(...args);\n};',
    scenarios: SERVER_PAGE,
    caughtBy: 'deliveries',
  },
  {
    id: 'stray-report-without-request',
    fault: 'the healthy page sending a report stripped of its request data',
    file: 'app/(site)/scenarios/healthy/page.tsx',
    from: 'export default function Page() {\n  return <h1>Healthy page</h1>;\n}',
    to:
      "import * as Sentry from '@sentry/nextjs';\nimport { connection } from 'next/server';\n\nexport default async " +
      'function Page() {\n  await connection();\n  Sentry.withIsolationScope((scope) => {\n    ' +
      'scope.setSDKProcessingMetadata({ normalizedRequest: undefined });\n    Sentry.captureException(new ' +
      "Error('healthy: a stray report'));\n  });\n  return <h1>Healthy page</h1>;\n}",
    scenarios: ['healthy'],
    caughtBy: 'unaccounted reports',
  },
  {
    id: 'background-report-late',
    fault: 'an after() callback that reports its error itself, 300 ms after the response',
    file: 'app/(site)/scenarios/after-callback-throws/page.tsx',
    from: "  after(() => {\n    throw new Error(secretMessage('after-callback-throws'));\n  });",
    to:
      "  after(async () => {\n    const error = new Error(secretMessage('after-callback-throws'));\n    await new " +
      'Promise((resolve) => setTimeout(resolve, 300));\n    (await ' +
      "import('@sentry/nextjs')).captureException(error);\n    throw error;\n  });",
    scenarios: ['after-callback-throws'],
    caughtBy: 'reports',
  },
];
