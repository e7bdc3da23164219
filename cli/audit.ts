import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inspectApp, type AuditedApp } from '../harness/audit/app';
import { treeChanges, treeFingerprint } from '../harness/audit/tree';
import { auditWorkspace, prepareAuditWorkspace } from '../harness/audit/workspace';
import { CannotRun } from '../harness/failures';
import { auditIn, incompleteness } from './audit-column';
import { auditAsHtml } from './audit-html';
import type { AuditOptions } from './audit-args';
import { auditMatrix } from './audit-matrix';
import { auditAsJunit, auditAsTable, findingCount, type AuditResult } from './audit-render';
import { claimOutDir, refuseInputs, type OutFolder } from './out-dir';
import { EXIT } from './usage-error';

export const AUDIT_FOLDER: OutFolder = {
  mark: '.faultline-audit',
  written: ['report.json', 'junit.xml', 'audit.html', 'screens', 'html', 'traces', 'audit-matrix.json', 'audit-matrix.md', 'audit-matrix.html'],
};

/**
 * `faultline audit`: the app on its own `next` (report.json, junit.xml, audit.html), or with
 * `--next`/`--upgrade-to` on several (the audit matrix). Either way the app's tree is only read,
 * and proven unchanged at the end.
 */
export async function audit(options: AuditOptions, faultline: string): Promise<number> {
  const app = inspectApp(options.app);
  const out = resolve(options.out);
  refuseInputs(out, [app.root], 'the app to audit');
  claimOutDir(out, AUDIT_FOLDER);
  const before = treeFingerprint(app.root);
  const say = (line: string) => console.log(line);
  say(`faultline audit: ${app.root} (next ${app.next}, ${app.sentry ? '@sentry/nextjs' : 'no Sentry'}, ${app.appDir}/)`);
  const proveUnchanged = () => {
    const changes = treeChanges(before, treeFingerprint(app.root));
    // Whoever changed them (an editor, a git checkout, or faultline against its every rule), what was judged is not what is there now.
    if (changes.length)
      throw new CannotRun(
        'audited app',
        `its files changed while the audit ran (${changes.slice(0, 3).join(', ')}${changes.length > 3 ? ', …' : ''}), so the audit is of a tree no longer there; faultline only reads it: if nothing else wrote there, report this`,
      );
  };
  if (options.versions.length > 0) return auditMatrix(app, options, faultline, out, proveUnchanged);
  return auditOnce(app, options, faultline, out, proveUnchanged);
}

/** The app on its own `next`: built, observed afresh, judged, written. */
async function auditOnce(app: AuditedApp, options: AuditOptions, faultline: string, out: string, proveUnchanged: () => void): Promise<number> {
  const say = (line: string) => console.log(line);
  const dir = auditWorkspace(app);
  await prepareAuditWorkspace(app, dir);
  const result = await auditIn(app, app.next, dir, faultline, {
    scenarios: options.scenarios,
    screens: { dir: join(out, 'screens'), named: 'screens' },
    reportDir: options.trace ? out : undefined,
    workers: options.workers,
    shard: options.shard,
    say,
  });
  proveUnchanged();
  return writeAudit(result, out, say);
}

/** An audit's outputs written (report.json, junit.xml, audit.html), its table and findings said; its exit code: 1 on findings, 2 when incomplete. */
export function writeAudit(result: AuditResult, out: string, say: (line: string) => void): number {
  writeFileSync(join(out, 'report.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(out, 'junit.xml'), auditAsJunit(result));
  writeFileSync(join(out, 'audit.html'), auditAsHtml(result, out));
  say('');
  say(auditAsTable(result));
  say('');
  const count = findingCount(result);
  const shard = result.shard ? ` (shard ${result.shard.current}/${result.shard.total}: faultline merge joins the shards)` : '';
  say(
    `${count} finding${count === 1 ? '' : 's'} in ${result.entries.length} failures judged${shard} (${result.notApplicable.length} not applicable); the app's files are unchanged. Test phase ${result.testSeconds} s. Report: ${join(out, 'audit.html')}`,
  );
  // Part of what was placed went unjudged: the audit says less than it claims, whatever it found.
  const incomplete = incompleteness(result);
  if (incomplete) throw new CannotRun('audited app', incomplete);
  return count > 0 ? EXIT.deviates : EXIT.ok;
}
