import { ingestFaultChecks } from '../fixtures/ingest-fault-checks';

ingestFaultChecks('500');
