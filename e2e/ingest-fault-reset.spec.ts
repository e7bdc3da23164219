import { ingestFaultChecks } from './ingest-fault-checks';

ingestFaultChecks('reset');
