import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT_FOLDERS } from '../contract';
import { faultlineRoot } from '../harness/root';
import { auditMatrixAsHtml, auditMatrixAsMarkdown } from '../outputs/audit-matrix';
import { auditAsHtml, auditAsJunit, auditAsSummary } from '../outputs/audit-report';
import { auditAsSarif } from '../outputs/audit-sarif';
import { claimOutDir, realPath, refuseInputs, replaceEarlier, stagingIn, type OutFolder } from '../outputs/out-dir';
import type { AuditMatrix } from '../verdict/audit-matrix';
import type { AuditResult } from '../verdict/audit-result';
import type { AuditJob, Outputs } from './job';

/**
 * What an audit writes, the last stage of its pipeline: its folder claimed before anything is
 * copied or built, and, once the audit is complete and the app proven unchanged, its files (or
 * the audit matrix's) written there at once, replacing the earlier ones.
 */

/** JSON as faultline writes it: indented, a newline at its end. */
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** faultline's own version, as its package says: the tool's in SARIF. */
const faultlineVersion = () => (JSON.parse(readFileSync(join(faultlineRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Each file an audit writes, rendered from its judged result (`out`: where it is written, which its links start from). */
const AUDIT_FILES: Readonly<Record<string, (result: AuditResult, out: string) => string>> = {
  'report.json': json,
  'report.sarif': (result) => json(auditAsSarif(result, faultlineVersion())),
  'summary.md': auditAsSummary,
  'junit.xml': auditAsJunit,
  'audit.html': auditAsHtml,
};

/** Each file an audit over versions writes, rendered from its matrix. */
const MATRIX_FILES: Readonly<Record<string, (matrix: AuditMatrix, out: string) => string>> = {
  'audit-matrix.json': json,
  'audit-matrix.md': (matrix) => `${auditMatrixAsMarkdown(matrix)}\n`,
  'audit-matrix.html': auditMatrixAsHtml,
};

/** An audit's outputs folder: what marks it as faultline's, and what an audit (or an audit matrix, or a merge of shards) replaces there. */
export const AUDIT_FOLDER: OutFolder = {
  mark: '.faultline-audit',
  written: [
    ...Object.keys(AUDIT_FILES),
    ...Object.keys(MATRIX_FILES),
    'screens',
    'html',
    'traces',
    // A shard's, with --trace: what `faultline merge` makes the merged HTML report from.
    'blob',
  ],
};

/** Whether the app's `.gitignore` already leaves faultline's reports folder out. */
const ignoredByGit = (root: string) =>
  existsSync(join(root, '.gitignore')) &&
  readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .some((line) => /^\/?faultline-audit\/?\s*$/.test(line.trim()));

/**
 * The audit's outputs folder claimed (the earlier outputs kept until the new ones are complete),
 * never one that is or holds the app, but for the one place in the app faultline writes: its
 * default folder at the app's own top (`faultline audit .` from inside the app), never copied,
 * never part of the proof, and said once to be left out of git.
 */
export function claimOutputs({ app, out, outSetBy }: AuditJob, say: (line: string) => void): Outputs {
  const inApp = realPath(out) === join(realPath(app.root), OUT_FOLDERS.audit);
  if (!inApp)
    refuseInputs(out, [app.root], 'the app to audit', {
      setBy: outSetBy,
      otherwise: `, or ${OUT_FOLDERS.audit}/ at its top`,
    });
  const first = inApp && !existsSync(out);
  claimOutDir(out, AUDIT_FOLDER, { keepEarlier: true });
  if (first && !ignoredByGit(app.root))
    say(
      `Reports go to ${OUT_FOLDERS.audit}/ in the app, left out of its copy and of the proof that it is unchanged: add "${OUT_FOLDERS.audit}/" to its .gitignore`,
    );
  const staging = stagingIn(out);
  rmSync(staging, { recursive: true, force: true });
  return { out, staging };
}

/** An audit's files written (report.json, report.sarif, summary.md, junit.xml, audit.html), and what it staged moved in. */
export function writeAuditFiles(result: AuditResult, out: string, staged?: string): void {
  replaceEarlier(out, AUDIT_FOLDER, staged);
  for (const [name, render] of Object.entries(AUDIT_FILES)) writeFileSync(join(out, name), render(result, out));
  // In GitHub Actions, the job's summary page shows it too.
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, readFileSync(join(out, 'summary.md')));
}

/** audit-matrix.json, .md and .html in `out`, with each version's screenshots (`screensOf`: where its audit keeps them). */
export function writeMatrixFiles(matrix: AuditMatrix, out: string, screensOf: (version: string) => string): void {
  replaceEarlier(out, AUDIT_FOLDER);
  for (const done of matrix.columns) {
    if (!done.result) continue;
    const screens = screensOf(done.next);
    if (existsSync(screens)) cpSync(screens, join(out, 'screens', done.next), { recursive: true });
  }
  mkdirSync(out, { recursive: true });
  for (const [name, render] of Object.entries(MATRIX_FILES)) writeFileSync(join(out, name), render(matrix, out));
}
