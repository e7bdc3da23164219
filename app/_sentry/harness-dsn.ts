/** Where reports go in harness mode; nothing answers at this host but MSW. */
export const HARNESS_DSN = 'https://faultline@ingest.faultline.test/1';
export const HARNESS_ENV = 'FAULTLINE_HARNESS';
