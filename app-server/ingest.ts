import { setupServer } from 'msw/node';
import { FAULT_IN_WORDS, parseIngestFault } from '../ingest/faults';
import { ingestHandlers } from '../ingest/handlers';
import { serverStore, storeEnvelope, storeMalformed } from './store';
import { ENV } from '../contract';

/** Harness mode, Next server process: every envelope the Node SDK sends lands in the store. */
export function interceptIngest(): void {
  const store = serverStore();
  store.fault = parseIngestFault(process.env[ENV.ingestFault]);
  const sink = { events: storeEnvelope, malformed: storeMalformed };
  setupServer(...ingestHandlers(sink, { fault: store.fault, stalls: store.stalls })).listen({
    // Only Sentry is intercepted; the app's own requests go through untouched.
    onUnhandledRequest: 'bypass',
  });
  const faulty = store.fault ? `; the ingest ${FAULT_IN_WORDS[store.fault]}` : '';
  console.log(`[faultline] harness mode: MSW intercepts Sentry envelopes in the server${faulty}`);
}
