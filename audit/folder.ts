import type { OutFolder } from '../outputs/out-dir';

/** An audit's outputs folder: what marks it as faultline's, and what an audit (or an audit matrix, or a merge of shards) replaces there. */
export const AUDIT_FOLDER: OutFolder = {
  mark: '.faultline-audit',
  written: [
    'report.json',
    'report.sarif',
    'summary.md',
    'junit.xml',
    'audit.html',
    'screens',
    'html',
    'traces',
    // A shard's, with --trace: what `faultline merge` makes the merged HTML report from.
    'blob',
    'audit-matrix.json',
    'audit-matrix.md',
    'audit-matrix.html',
  ],
};

export { stagingIn } from '../outputs/out-dir';
