import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../scenarios/catalogue';
import { mergeAuditShards, type AuditResult } from '../../verdict/audit-result';
import { shardSetProblem } from '../../verdict/report';
import { writeAudit } from './audit';
import { AUDIT_FOLDER, stagingIn } from '../../audit/folder';
import { claimOutDir } from '../../outputs/out-dir';
import { UsageError } from '../usage-error';
import { blobsIn, replayBlobs } from '../blob-reports';

/** The audit a `faultline audit` out folder holds, or null when it holds none (a run's, say). */
export function auditOutputIn(dir: string): AuditResult | null {
  const file = join(dir, 'report.json');
  if (!existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as Partial<AuditResult>;
    return report.app && Array.isArray(report.entries) && Array.isArray(report.notApplicable) ? (report as AuditResult) : null;
  } catch {
    return null;
  }
}

/**
 * `faultline merge` of the out folders of `faultline audit --shard I/N`: refused (exit 2) unless
 * they are every shard of one audit exactly once; then the audit one unsharded run would have
 * written (report.json, junit.xml, audit.html, every shard's screens and traces; from shards
 * audited with `--trace`, Playwright's HTML report of every entry) and its exit code.
 */
export async function mergeAudits(dirs: readonly string[], out: string, root: string): Promise<number> {
  const shards = dirs.map((dir) => ({ dir, result: auditOutputIn(dir) }));
  const other = shards.find(({ result }) => result === null);
  if (other) throw new UsageError(`Cannot merge: ${other.dir} holds no faultline audit, and the others do: a run's shards and an audit's are merged apart`);
  const problem = shardSetProblem(shards.map(({ dir, result }) => ({ dir, run: result! })));
  if (problem) throw new UsageError(`Cannot merge: ${problem}`);
  // A shard audited with --trace leaves a blob report; the merged HTML report needs every shard's.
  const traced = shards.filter(({ dir }) => blobsIn(dir).length > 0);
  if (traced.length > 0 && traced.length < shards.length) {
    const untraced = shards.find((shard) => !traced.includes(shard))!;
    throw new UsageError(
      `Cannot merge: ${traced[0].dir} was audited with --trace and ${untraced.dir} without it (no blob report): audit every shard with the same options`,
    );
  }
  claimOutDir(out, AUDIT_FOLDER, { keepEarlier: true });
  // Staged as an audit stages them: the merged audit replaces what `out` held once it is complete.
  const staging = stagingIn(out);
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const { dir } of shards) {
      for (const folder of ['screens', 'traces']) if (existsSync(join(dir, folder))) cpSync(join(dir, folder), join(staging, folder), { recursive: true });
    }
    if (traced.length > 0) {
      const html = join(staging, 'html');
      await replayBlobs(dirs, [['html', { outputFolder: html, open: 'never' }]], { root, selection: '', proof: join(html, 'index.html'), quiet: true });
    }
    const merged = mergeAuditShards(
      shards.map(({ result }) => result!),
      catalogue.map((scenario) => scenario.id),
    );
    return writeAudit(merged, out, (line) => console.log(line), staging);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
