/**
 * `npm run mutants [-- --only ID,ID] [-- --no-record]`: applies each fault of `mutants-list.ts`,
 * one at a time, to a throwaway copy of the app (`.faultline/mutants/app`), runs the entries it
 * touches as a developer would (`faultline run --scenario …`), and prints which faults were
 * caught and by which check. Records bench/mutants-results.json and the mutants table of
 * docs/verdicts.md (not with `--no-record`). Exit 0 only when every fault is caught by the check
 * that names it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UNACCOUNTED, type ConformanceReport, type RunCheck } from '../verdict/report';
import { copyProject } from '../harness/project-copy';
import { withoutTarget } from '../harness/target';
import { failedChecks } from '../verdict/verdict';
import { MUTANTS, type Mutant } from './mutants-list';
import { mutantsTable, replaceDocsMutants, type MutantsResults } from './mutants-docs';
import { DOCS } from '../outputs/docs-blocks';

const root = join(import.meta.dirname, '..');
const work = join(root, '.faultline', 'mutants');
const app = join(work, 'app');
const { values } = parseArgs({ options: { only: { type: 'string' }, 'no-record': { type: 'boolean', default: false } } });
const only = values.only?.split(',');
const unknown = only?.filter((id) => !MUTANTS.some((m) => m.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(`mutants: unknown mutant ${unknown.join(', ')} (known: ${MUTANTS.map((m) => m.id).join(', ')})`);
  process.exit(2);
}
const chosen = only ? MUTANTS.filter((m) => only.includes(m.id)) : MUTANTS;

/** `exitCode` 1: the run found a deviation; 0: it passed (the fault survived); 2: it could not run. */
type Outcome = MutantsResults['outcomes'][number];

/** A conformance run of `scenarios` in the copy, with a server of its own. */
async function conformance(scenarios: string[], out: string): Promise<{ code: number | null; report: ConformanceReport | undefined }> {
  const env = withoutTarget();
  const code = await new Promise<number | null>((resolve, reject) => {
    const args = [join(app, 'bin/faultline.mjs'), 'run', ...scenarios.flatMap((id) => ['--scenario', id]), '--out', out];
    const child = spawn(process.execPath, args, { cwd: app, env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk) => process.stderr.write(`    ${chunk}`));
    child.on('error', reject);
    child.on('close', resolve);
  });
  const file = join(out, 'report.json');
  return { code, report: existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined };
}

function apply(mutant: Mutant): () => void {
  const file = join(app, mutant.file);
  const original = readFileSync(file, 'utf8');
  const at = original.indexOf(mutant.from);
  if (at === -1 || original.indexOf(mutant.from, at + 1) !== -1) {
    throw new Error(`mutant ${mutant.id}: "${mutant.from}" is not in ${mutant.file} exactly once; update selftest/mutants-list.ts`);
  }
  writeFileSync(
    file,
    original.replace(mutant.from, () => mutant.to),
  );
  return () => writeFileSync(file, original);
}

console.log(`mutants: copying the app to ${app}`);
copyProject(root, app);
const touched = [...new Set(chosen.flatMap((m) => m.scenarios))];
console.log(`mutants: baseline, the unchanged copy (${touched.join(', ')})`);
const baseline = await conformance(touched, join(work, 'out', 'baseline'));
if (baseline.code !== 0) {
  console.error(`mutants: the unchanged app does not pass its own entries (exit ${baseline.code}); fix that first`);
  process.exit(2);
}

const outcomes: Outcome[] = [];
for (const mutant of chosen) {
  const started = performance.now();
  let restore: () => void;
  try {
    restore = apply(mutant);
  } catch (error) {
    console.error(`mutants: ${(error as Error).message}`);
    process.exit(2);
  }
  try {
    const { code, report } = await conformance(mutant.scenarios, join(work, 'out', mutant.id));
    const failed: RunCheck[] = [...new Set((report?.entries ?? []).flatMap((entry) => (entry.verdict ? failedChecks(entry.verdict) : [])))];
    if ((report?.run.unaccounted ?? []).length > 0) failed.push(UNACCOUNTED);
    const outcome: Outcome = {
      id: mutant.id,
      fault: mutant.fault,
      scenarios: mutant.scenarios,
      expectedCheck: mutant.caughtBy,
      exitCode: code,
      failedChecks: failed,
      caught: code === 1 && failed.includes(mutant.caughtBy),
      seconds: Math.round((performance.now() - started) / 1000),
    };
    outcomes.push(outcome);
    const verdict = outcome.caught ? 'caught' : code === 0 ? 'SURVIVED' : code === 1 ? 'caught by another check' : `run failed (exit ${code})`;
    console.log(`${outcome.caught ? '✓' : '✗'} ${mutant.id.padEnd(30)} ${verdict}: ${failed.join(', ') || '-'} (${outcome.seconds}s)`);
  } finally {
    restore();
  }
}

const caught = outcomes.filter((o) => o.caught).length;
console.log(`\n${mutantsTable({ outcomes })}`);
console.log(`\n${caught} of ${outcomes.length} faults caught by the check that names them`);
if (!values['no-record']) {
  const results: MutantsResults = { measuredAt: new Date().toISOString(), caught, total: outcomes.length, outcomes };
  writeFileSync(join(root, 'bench', 'mutants-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const doc = join(root, DOCS.verdicts);
  writeFileSync(doc, replaceDocsMutants(readFileSync(doc, 'utf8'), results));
  console.log(`written: bench/mutants-results.json, and the mutants table of ${DOCS.verdicts}`);
}
process.exitCode = caught === outcomes.length ? 0 : 1;
