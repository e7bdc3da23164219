import { ingestFaultChecks } from './ingest-fault-checks';

ingestFaultChecks('429');
