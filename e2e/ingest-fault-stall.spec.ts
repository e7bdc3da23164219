import { ingestFaultChecks } from '../fixtures/ingest-fault-checks';

ingestFaultChecks('stall');
