/** Where reports go in harness mode; nothing answers at this host but MSW. */
export const HARNESS_DSN = 'https://faultline@ingest.faultline.test/1';
export const HARNESS_ENV = 'FAULTLINE_HARNESS';

/** A secret per harness server, made by the process that starts it: its endpoints answer no one else. */
export const HARNESS_SECRET_ENV = 'FAULTLINE_HARNESS_SECRET';
/** The request header that carries that secret. */
export const HARNESS_SECRET_HEADER = 'x-faultline-harness';

/** Where the Edge runtime's SDK sends in harness mode: a route of this server, not the network (see edge-tunnel.ts). */
export const EDGE_INGEST_PATH = '/api/faultline/edge-ingest';
