import { join } from 'node:path';

/** Where a run, and an audit's shard with `--trace`, leave the blob report that `faultline merge` reads. */
export const BLOB_DIR = 'blob';

/** Playwright's blob reporter writing into `outDir`'s blob folder: what shards are merged from. */
export const blobReporter = (outDir: string): [string, { outputDir: string }] => ['blob', { outputDir: join(outDir, BLOB_DIR) }];
