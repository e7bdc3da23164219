import { join } from 'node:path';

/** The faultline checkout: its CLI, harness and reference app. */
export const faultlineRoot = join(import.meta.dirname, '..');
