import { join } from 'node:path';

/** The faultline checkout: its CLI, harness and reference app. */
export const FAULTLINE_ROOT = join(import.meta.dirname, '..');
