import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './usage-error';

/** A kind of folder faultline writes: the file that marks it as faultline's, and what it replaces there. */
export interface OutFolder {
  mark: string;
  written: string[];
  /** Whether `names` are an earlier folder of this kind written before the mark existed. */
  unmarked?: (names: string[]) => boolean;
}

/** A run's or a merge's reports. */
export const REPORT_FOLDER: OutFolder = {
  mark: '.faultline-report',
  written: ['report.json', 'junit.xml', 'blob', 'html', 'test-results'],
  unmarked: (names) => names.includes('report.json') && names.includes('blob'),
};

/** A matrix's outputs. */
export const MATRIX_FOLDER: OutFolder = { mark: '.faultline-matrix', written: ['matrix.json', 'matrix.md', 'matrix.html', 'screens'] };

/**
 * Makes `dir` ready for faultline's output: a new or empty folder, or an earlier one of the same
 * kind (whose own files are replaced). A folder with anything else is refused before anything is deleted.
 */
export function claimOutDir(dir: string, kind: OutFolder = REPORT_FOLDER): void {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const earlier = names.includes(kind.mark) || (kind.unmarked?.(names) ?? false);
  if (names.length > 0 && !earlier) {
    throw new UsageError(`--out ${dir} holds files faultline did not write; give a new or empty folder (nothing was deleted)`);
  }
  mkdirSync(dir, { recursive: true });
  for (const name of kind.written) rmSync(join(dir, name), { recursive: true, force: true });
  writeFileSync(join(dir, kind.mark), 'faultline writes here, and replaces what it wrote on the next run.\n');
}
