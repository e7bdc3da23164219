import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './usage-error';

/** Marks a folder as a faultline report folder: only such a folder is ever cleaned. */
const MARK = '.faultline-report';
/** What a run or a merge writes there, and replaces on the next one. */
const WRITTEN = ['report.json', 'junit.xml', 'blob', 'html', 'test-results'];

/**
 * Makes `dir` ready for a run's reports: a new or empty folder, or an earlier faultline report
 * (whose own files are replaced). A folder with anything else is refused before anything is deleted.
 */
export function claimOutDir(dir: string): void {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const earlierReport = names.includes(MARK) || (names.includes('report.json') && names.includes('blob'));
  if (names.length > 0 && !earlierReport) {
    throw new UsageError(`--out ${dir} holds files faultline did not write; give a new or empty folder (nothing was deleted)`);
  }
  mkdirSync(dir, { recursive: true });
  for (const name of WRITTEN) rmSync(join(dir, name), { recursive: true, force: true });
  writeFileSync(join(dir, MARK), 'faultline writes its reports here, and replaces them on the next run.\n');
}
